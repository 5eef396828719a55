import type { Profile } from '@node-saml/node-saml';
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, processEntities: false, parseTagValue: false });

type Node = Record<string, unknown>;

/** What the service checks of a validated assertion beyond node-saml: its id, where it was sent, until when it holds, its status and issuer. */
export interface AssertionFacts {
  id: string;
  /** The Response's Destination, when it names one. */
  destination?: string;
  /** Every bearer SubjectConfirmationData Recipient. */
  recipients: string[];
  notOnOrAfter?: Date;
  /** The Response's top-level status code. */
  status?: string;
  /** The Issuer of the Response (when it names one) and of the assertion. */
  issuers: string[];
  /** The assertion's own Issuer, which SAML core requires of every assertion. */
  assertionIssuer?: string;
  /** The AuthnRequest the Response answers. */
  inResponseTo?: string;
}

/**
 * Reads the facts from the profile node-saml validated: the assertion from `getAssertionXml()` (the signed
 * one, never a sibling an attacker wrapped around it) and the Destination of the Response element.
 */
export function assertionFactsOf(profile: Profile): AssertionFacts {
  const assertion = first(parser.parse(profile.getAssertionXml?.() ?? '') as Node, 'Assertion');
  const response = first(parser.parse(profile.getSamlResponseXml?.() ?? '') as Node, 'Response');
  const confirmations = list(first(assertion, 'Subject')?.SubjectConfirmation);
  const recipients = confirmations.flatMap((confirmation) => list(confirmation.SubjectConfirmationData)).map((data) => data['@Recipient']);
  const conditions = first(assertion, 'Conditions');
  const notOnOrAfter = typeof conditions?.['@NotOnOrAfter'] === 'string' ? new Date(conditions['@NotOnOrAfter']) : undefined;
  const status = first(first(response, 'Status'), 'StatusCode')?.['@Value'];
  const assertionIssuer = textOf(assertion?.Issuer) || undefined;
  const issuers = [textOf(response?.Issuer), assertionIssuer].filter((issuer): issuer is string => issuer !== undefined);
  return {
    id: typeof assertion?.['@ID'] === 'string' ? assertion['@ID'] : '',
    status: typeof status === 'string' ? status : undefined,
    issuers,
    assertionIssuer,
    destination: typeof response?.['@Destination'] === 'string' ? response['@Destination'] : undefined,
    inResponseTo: typeof response?.['@InResponseTo'] === 'string' ? response['@InResponseTo'] : undefined,
    recipients: recipients.filter((recipient): recipient is string => typeof recipient === 'string'),
    notOnOrAfter: notOnOrAfter && !Number.isNaN(notOnOrAfter.getTime()) ? notOnOrAfter : undefined,
  };
}

/** An element's text, whether the parser gave it as a string or, with attributes, as `#text`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.trim();
  }
  const text = (list(value)[0] as Node | undefined)?.['#text'];
  return typeof text === 'string' ? text.trim() : undefined;
}

function first(node: Node | undefined, key: string): Node | undefined {
  return list(node?.[key])[0];
}

function list(value: unknown): Node[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is Node => typeof item === 'object' && item !== null);
}
