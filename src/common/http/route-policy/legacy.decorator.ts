import { SetMetadata } from '@nestjs/common';

export const LEGACY_ROUTE = 'http:legacy';

export interface LegacyRouteOptions {
  /** The versioned path that replaces the controller's path (its sub-paths follow), for the `Link` header. */
  successor?: string;
}

/**
 * The routes of a controller, or one route, belong to the legacy API: the legacy error envelope, a
 * `Deprecation` header and, given a successor, a `Link` to it. Every other route is current.
 */
export function Legacy(options: LegacyRouteOptions = {}): ClassDecorator & MethodDecorator {
  return SetMetadata(LEGACY_ROUTE, options);
}
