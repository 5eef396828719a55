/**
 * The part of samlify the test identity provider uses. samlify's own declarations import @xmldom/xmldom,
 * whose `/// <reference lib="dom" />` would put the browser's globals (fetch, Response, Request) over
 * Node's in the whole program; tsconfig's `paths` sends `samlify` here instead.
 */
interface SamlifyEntity {
  getMetadata(): string;
}

interface SamlifyIdentityProvider extends SamlifyEntity {
  createLoginResponse(
    serviceProvider: SamlifyEntity,
    requestInfo: { extract: Record<string, unknown> },
    binding: 'post' | 'redirect',
    user: Record<string, unknown>,
    customTagReplacement: { customTagReplacement: (template: string) => { id: string; context: string } },
  ): Promise<{ id: string; context: string }>;
}

interface SamlifyAttributeTemplate {
  name: string;
  nameFormat: string;
  valueXsiType: string;
  valueTag: string;
}

declare const samlify: {
  Constants: { namespace: { binding: { redirect: string; post: string } } };
  Extractor: {
    extract(xml: string, fields: unknown): Record<string, unknown>;
    loginRequestFields: unknown;
  };
  IdentityProvider(settings: Record<string, unknown>): SamlifyIdentityProvider;
  ServiceProvider(settings: Record<string, unknown>): SamlifyEntity;
  SamlLib: {
    defaultLoginResponseTemplate: { context: string };
    attributeStatementBuilder(attributes: SamlifyAttributeTemplate[]): string;
    replaceTagsByValue(template: string, values: Record<string, unknown>): string;
  };
  Utility: { inflateString(compressed: string): string };
};

export default samlify;
