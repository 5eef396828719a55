import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import samlify from 'samlify';

const { Constants, Extractor, IdentityProvider, SamlLib, ServiceProvider, Utility } = samlify;

const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SAML_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SIGNATURE_TRANSFORMS = ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'];
const AUTHN_STATEMENT_TEMPLATE =
  '<saml:AuthnStatement AuthnInstant="{AuthnInstant}" SessionNotOnOrAfter="{SessionNotOnOrAfter}" SessionIndex="{SessionIndex}">' +
  '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>' +
  '</saml:AuthnStatement>';

export interface SamlIdpKey {
  /** PEM private key. */
  privateKey: string;
  /** PEM self-signed X.509 certificate for the private key. */
  certificate: string;
}

export type SamlSigning = 'assertion' | 'response' | 'both' | 'none';

export interface SamlResponseOptions {
  /** Destination of the Response and Recipient of the SubjectConfirmationData. */
  acsUrl: string;
  /** The service provider's entity id, in the AudienceRestriction. */
  audience: string;
  /** Omitted: an unsolicited (IdP-initiated) response. */
  inResponseTo?: string;
  /** The NameID, of `nameIdFormat` (default emailAddress). */
  nameId: string;
  nameIdFormat?: string;
  /** The top-level status code; default Success. */
  statusCode?: string;
  /** The Issuer the response names; default the identity provider's entity id. */
  issuer?: string;
  /** Leaves the Issuer out of the assertion (the Response still names one), which SAML core forbids. */
  withoutAssertionIssuer?: boolean;
  attributes?: Record<string, string>;
  /** Default 'both'. */
  sign?: SamlSigning;
  /** Default the identity provider's own key. */
  key?: SamlIdpKey;
  /** Overrides the Response Destination and the Recipient, for a response meant for somebody else. */
  destination?: string;
  /** Shifts every time stamp, e.g. -3600 for an expired assertion. */
  shiftSeconds?: number;
  /** The assertion's ID; default a new one. */
  assertionId?: string;
  /** Replaces text in the signed XML, for a tampered response. */
  tamper?: { from: string; to: string };
}

export interface SamlAuthnRequest {
  id: string;
  acsUrl?: string;
  issuer?: string;
}

export interface SamlIdp {
  entityId: string;
  /** The HTTP-Redirect (and HTTP-POST) single sign-on address. */
  ssoUrl: string;
  key: SamlIdpKey;
  /** IdP metadata listing these signing certificates, default the identity provider's own. */
  metadata(certificates?: string[]): string;
  /** Reads the AuthnRequest a service provider sent with the HTTP-Redirect binding. */
  readRequest(redirectUrl: string): SamlAuthnRequest;
  /** A base64 SAMLResponse for the HTTP-POST binding. */
  respond(options: SamlResponseOptions): Promise<string>;
}

/** A throw-away RSA key and self-signed certificate for signing SAML messages. */
export function createSamlIdpKey(commonName = 'Test SAML IdP'): SamlIdpKey {
  const dir = mkdtempSync(join(tmpdir(), 'aqs-saml-'));
  try {
    const keyPath = join(dir, 'idp.key');
    const certificatePath = join(dir, 'idp.crt');
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${commonName}`, '-keyout', keyPath, '-out', certificatePath];
    execFileSync('openssl', args, { stdio: 'pipe' });
    return { privateKey: readFileSync(keyPath, 'utf8'), certificate: readFileSync(certificatePath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function createSamlIdp(options: { entityId?: string; ssoUrl?: string; key?: SamlIdpKey } = {}): SamlIdp {
  const entityId = options.entityId ?? 'https://idp.example.test/saml';
  const ssoUrl = options.ssoUrl ?? 'https://idp.example.test/sso';
  const key = options.key ?? createSamlIdpKey();

  const identityProvider = (signingKey: SamlIdpKey, certificates: string[] = [signingKey.certificate]) =>
    IdentityProvider({
      entityID: entityId,
      privateKey: signingKey.privateKey,
      signingCert: certificates,
      requestSignatureAlgorithm: RSA_SHA256,
      wantAuthnRequestsSigned: false,
      nameIDFormat: [EMAIL_NAME_ID_FORMAT],
      singleSignOnService: [
        { Binding: Constants.namespace.binding.redirect, Location: ssoUrl },
        { Binding: Constants.namespace.binding.post, Location: ssoUrl },
      ],
      // samlify warns on the console about an identity provider without one.
      singleLogoutService: [{ Binding: Constants.namespace.binding.redirect, Location: new URL('/slo', ssoUrl).href }],
    });

  return {
    entityId,
    ssoUrl,
    key,
    metadata: (certificates = [key.certificate]) => identityProvider(key, certificates).getMetadata(),
    readRequest: (redirectUrl) => {
      const samlRequest = new URL(redirectUrl).searchParams.get('SAMLRequest');
      if (!samlRequest) {
        throw new Error(`No SAMLRequest in ${redirectUrl}`);
      }
      const extracted = Extractor.extract(Utility.inflateString(samlRequest), Extractor.loginRequestFields);
      const request = extracted.request as Record<string, string | undefined> | undefined;
      if (!request?.id) {
        throw new Error('The SAMLRequest is not an AuthnRequest with an ID');
      }
      return { id: request.id, acsUrl: request.assertionConsumerServiceUrl, issuer: typeof extracted.issuer === 'string' ? extracted.issuer : undefined };
    },
    respond: async (response) => {
      const sign = response.sign ?? 'both';
      const signingKey = response.key ?? key;
      const id = newSamlId();
      const render = (template: string): string => renderResponse(template, { ...response, id, issuer: response.issuer ?? entityId });

      let xml: string;
      if (sign === 'none') {
        xml = render(SamlLib.defaultLoginResponseTemplate.context);
      } else {
        // samlify signs the assertion when the SP wants it signed, and the response when the SP wants that or not the assertion.
        const serviceProvider = ServiceProvider({
          entityID: response.audience,
          assertionConsumerService: [{ Binding: Constants.namespace.binding.post, Location: response.acsUrl }],
          wantAssertionsSigned: sign !== 'response',
          wantMessageSigned: sign !== 'assertion',
          transformationAlgorithms: SIGNATURE_TRANSFORMS,
        });
        const { context } = await identityProvider(signingKey).createLoginResponse(
          serviceProvider,
          { extract: {} },
          'post',
          {},
          { customTagReplacement: (template) => ({ id, context: render(template) }) },
        );
        xml = Buffer.from(context, 'base64').toString('utf8');
      }

      if (response.tamper) {
        if (!xml.includes(response.tamper.from)) {
          throw new Error(`Cannot tamper with the SAML response: it does not contain ${response.tamper.from}`);
        }
        xml = xml.replaceAll(response.tamper.from, response.tamper.to);
      }
      return Buffer.from(xml, 'utf8').toString('base64');
    },
  };
}

function newSamlId(): string {
  // IDs are xs:ID values, which must not start with a digit.
  return `_${randomUUID()}`;
}

function renderResponse(template: string, response: SamlResponseOptions & { id: string; issuer: string }): string {
  const attributes = Object.entries(response.attributes ?? {});
  // samlify names an attribute value's tag 'attr' followed by its capitalised valueTag.
  const attributeTemplates: Parameters<typeof SamlLib.attributeStatementBuilder>[0] = attributes.map(([name], index) => ({
    name,
    nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
    valueXsiType: 'xs:string',
    valueTag: `value${index}`,
  }));
  const attributeValues = Object.fromEntries(attributes.map(([, value], index) => [`attrValue${index}`, value]));
  const attributeStatement = attributes.length > 0 ? SamlLib.attributeStatementBuilder(attributeTemplates) : '';

  const now = Date.now() + (response.shiftSeconds ?? 0) * 1000;
  const at = (offsetSeconds: number): string => new Date(now + offsetSeconds * 1000).toISOString();
  const destination = response.destination ?? response.acsUrl;

  const assertionIssuer = '<saml:Issuer>{Issuer}</saml:Issuer><saml:Subject>';
  const filled = template
    .replace('{AuthnStatement}', AUTHN_STATEMENT_TEMPLATE)
    .replace('{AttributeStatement}', attributeStatement)
    .replace(assertionIssuer, response.withoutAssertionIssuer ? '<saml:Subject>' : assertionIssuer);
  return SamlLib.replaceTagsByValue(filled, {
    ID: response.id,
    AssertionID: response.assertionId ?? newSamlId(),
    Issuer: response.issuer,
    IssueInstant: at(0),
    Destination: destination,
    InResponseTo: response.inResponseTo,
    StatusCode: response.statusCode ?? SAML_SUCCESS,
    NameIDFormat: response.nameIdFormat ?? EMAIL_NAME_ID_FORMAT,
    NameID: response.nameId,
    SubjectRecipient: destination,
    SubjectConfirmationDataNotOnOrAfter: at(300),
    ConditionsNotBefore: at(-30),
    ConditionsNotOnOrAfter: at(300),
    Audience: response.audience,
    AuthnInstant: at(0),
    SessionNotOnOrAfter: at(8 * 3600),
    SessionIndex: newSamlId(),
    ...attributeValues,
  });
}
