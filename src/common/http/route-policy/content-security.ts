import { SetMetadata } from '@nestjs/common';

export const CONTENT_SECURITY = 'http:content-security';

/** Content-Security-Policy directives, in helmet's camelCase form (`defaultSrc`, `frameAncestors`, …). */
export type ContentSecurityDirectives = Readonly<Record<string, readonly string[]>>;

/** JSON answers load nothing and are framed by nothing. */
export const API_CONTENT_SECURITY: ContentSecurityDirectives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** The Content-Security-Policy of a route that answers with a page rather than JSON. */
export function ContentSecurity(directives: ContentSecurityDirectives): ClassDecorator & MethodDecorator {
  return SetMetadata(CONTENT_SECURITY, directives);
}
