import { describe, expect, it } from 'vitest';
import { parseIdpMetadata } from '#src/modules/sso/connections/saml-metadata.js';

const descriptor = (body: string, entityId = 'https://idp.example.test/saml') =>
  `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
     <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${body}</md:IDPSSODescriptor>
   </md:EntityDescriptor>`;

const key = (certificate: string, use?: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;

const service = (binding: string, location: string) =>
  `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>`;

describe('parseIdpMetadata', () => {
  it('should read the entity id, the redirect address and every signing certificate', () => {
    const metadata = parseIdpMetadata(
      descriptor(
        key('MIIB\n  AAAA', 'signing') +
          key('MIIB BBBB') +
          key('MIIB CCCC', 'encryption') +
          service('HTTP-POST', 'https://idp.example.test/post') +
          service('HTTP-Redirect', 'https://idp.example.test/redirect'),
      ),
    );
    expect(metadata).toEqual({
      entityId: 'https://idp.example.test/saml',
      ssoUrl: 'https://idp.example.test/redirect',
      certificates: ['MIIBAAAA', 'MIIBBBBB'],
    });
  });

  it('should take the POST binding when there is no redirect, and find the IdP inside an EntitiesDescriptor', () => {
    const xml = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${descriptor(key('MIIB') + service('HTTP-POST', 'https://idp.example.test/post'))}</EntitiesDescriptor>`;
    expect(parseIdpMetadata(xml).ssoUrl).toBe('https://idp.example.test/post');
  });

  it.each([
    ['not XML', 'this is not metadata <'],
    ['no identity provider', '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>'],
    ['no certificate', descriptor(service('HTTP-Redirect', 'https://idp.example.test/sso'))],
    ['no sign-on service', descriptor(key('MIIB'))],
    ['no entity id', descriptor(key('MIIB') + service('HTTP-Redirect', 'https://idp.example.test/sso'), '')],
    ['a non-http sign-on address', descriptor(key('MIIB') + service('HTTP-Redirect', 'javascript:alert(1)'))],
  ])('should refuse metadata with %s', (_name, xml) => {
    expect(() => parseIdpMetadata(xml)).toThrow(/metadata/i);
  });

  it('should refuse a document declaring an external entity rather than read it', () => {
    const xml = `<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>${descriptor(key('&secret;') + service('HTTP-Redirect', 'https://idp.example.test/sso'))}`;
    expect(() => parseIdpMetadata(xml)).toThrow(/not well-formed/);
  });
});
