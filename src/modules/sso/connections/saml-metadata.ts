import { XMLParser } from 'fast-xml-parser';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER bodies of the signing certificates (no PEM armour), in document order. */
  certificates: string[];
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const LISTS = new Set(['EntityDescriptor', 'IDPSSODescriptor', 'SingleSignOnService', 'KeyDescriptor', 'X509Certificate', 'X509Data']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

/**
 * What the service needs from an identity provider's SAML metadata: its entity id, where to send people
 * (HTTP-Redirect binding, else HTTP-POST), and its signing certificates (every one listed, so a rotation
 * in progress keeps working). Entities are not expanded.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch {
    throw new Error('The IdP metadata is not well-formed XML');
  }
  const entities = [...nodes(document.EntityDescriptor), ...nodes((document.EntitiesDescriptor as Node | undefined)?.EntityDescriptor)];
  const entity = entities.find((candidate) => nodes(candidate.IDPSSODescriptor).length > 0);
  if (!entity) {
    throw new Error('The metadata describes no identity provider (no EntityDescriptor with an IDPSSODescriptor)');
  }
  const [descriptor] = nodes(entity.IDPSSODescriptor);
  const entityId = typeof entity['@entityID'] === 'string' ? entity['@entityID'] : '';
  const services = nodes(descriptor.SingleSignOnService);
  const service = services.find((node) => node['@Binding'] === REDIRECT) ?? services.find((node) => node['@Binding'] === POST);
  const ssoUrl = typeof service?.['@Location'] === 'string' ? service['@Location'] : '';
  const certificates = nodes(descriptor.KeyDescriptor)
    .filter((key) => key['@use'] === undefined || key['@use'] === 'signing')
    .flatMap((key) => nodes((key.KeyInfo as Node | undefined)?.X509Data))
    .flatMap((data): unknown[] => (Array.isArray(data.X509Certificate) ? data.X509Certificate : []))
    .map((certificate) => textOf(certificate).replace(/\s+/g, ''))
    .filter(Boolean);
  if (!entityId) {
    throw new Error('The IdP metadata has no entityID');
  }
  if (!/^https?:\/\//.test(ssoUrl)) {
    throw new Error('The IdP metadata has no HTTP-Redirect or HTTP-POST SingleSignOnService');
  }
  if (certificates.length === 0) {
    throw new Error('The IdP metadata lists no signing certificate');
  }
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

function nodes(value: unknown): Node[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is Node => typeof item === 'object' && item !== null);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  const text = typeof value === 'object' && value !== null ? (value as Node)['#text'] : undefined;
  return typeof text === 'string' ? text : '';
}
