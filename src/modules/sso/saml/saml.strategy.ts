import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { MultiSamlStrategy, type MultiStrategyConfig, type VerifyWithRequest } from '@node-saml/passport-saml';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Clock } from '#src/common/clock/clock.js';
import type { SamlConnectionConfig } from '#src/modules/sso/connections/sso-connection.entity.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { ReplayGuard } from '#src/modules/sso/saml/replay-guard.js';
import { assertionFactsOf } from '#src/modules/sso/saml/saml-assertion.js';
import { REQUEST_LIFETIME_MS, SamlRequestCache } from '#src/modules/sso/saml/saml-request-cache.js';
import { SsoRequestsRepository } from '#src/modules/sso/saml/sso-requests.repository.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import { connectionOf, type SsoIdentity } from '#src/modules/sso/sso-request.js';
import { publicOrigin, ssoUrls } from '#src/modules/sso/sso-urls.js';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
/** Clocks of the service and the identity provider may disagree by this much. */
const CLOCK_SKEW_MS = 60_000;

/**
 * SAML 2.0 sign-in through passport-saml, one strategy for every connection: the request's connection
 * (resolved by the guard) gives the options. node-saml checks the signature (of the response or of the
 * assertion; unsigned is refused), the audience, the validity window and InResponseTo against the
 * requests this service sent; this strategy adds the Destination and Recipient, and refuses replays.
 */
@Injectable()
export class SamlStrategy extends PassportStrategy(MultiSamlStrategy, 'saml') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    requests: SsoRequestsRepository,
    clock: Clock,
    connections: SsoConnectionsService,
    private readonly replays: ReplayGuard,
  ) {
    const options: MultiStrategyConfig = {
      passReqToCallback: true,
      // passport-saml brings its own copy of Express's types: the request is the same object.
      getSamlOptions: (samlRequest, done) => {
        const request = samlRequest as unknown as Request;
        const connection = connectionOf(request);
        if (connection?.type !== 'saml') {
          done(new SsoFailure('authentication_failed', 'unknown_connection'));
          return;
        }
        const saml = connection.config as SamlConnectionConfig;
        const urls = ssoUrls(publicOrigin(config, request), connection.id);
        const signingKey = saml.sign_requests ? connections.secretOf(connection) : undefined;
        done(null, {
          callbackUrl: urls.acs,
          entryPoint: saml.sso_url,
          issuer: urls.entityId,
          audience: urls.entityId,
          idpIssuer: saml.idp_entity_id,
          idpCert: saml.certificates,
          identifierFormat: EMAIL_FORMAT,
          wantAssertionsSigned: false,
          wantAuthnResponseSigned: false,
          validateInResponseTo: ValidateInResponseTo.always,
          requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
          cacheProvider: new SamlRequestCache(requests, clock, connection.id),
          acceptedClockSkewMs: CLOCK_SKEW_MS,
          disableRequestedAuthnContext: true,
          signatureAlgorithm: 'sha256',
          ...(signingKey ? { privateKey: signingKey, publicCert: saml.sp_certificate } : {}),
        });
      },
    };
    // The mixin appends the verify callback (validate) as the strategy's signonVerify.
    super(...([options] as unknown as [MultiStrategyConfig, VerifyWithRequest]));
  }

  async validate(request: Request, profile: Profile | null): Promise<SsoIdentity> {
    const connection = connectionOf(request)!;
    if (!profile) {
      throw new SsoFailure('authentication_failed', 'no_profile');
    }
    const facts = assertionFactsOf(profile);
    if (facts.status !== SUCCESS) {
      throw new SsoFailure('authentication_failed', 'status_not_success', facts.status ?? 'no status');
    }
    const expectedIssuer = (connection.config as SamlConnectionConfig).idp_entity_id;
    if (facts.assertionIssuer === undefined) {
      throw new SsoFailure('authentication_failed', 'no_issuer');
    }
    if (expectedIssuer && facts.issuers.some((issuer) => issuer !== expectedIssuer)) {
      throw new SsoFailure('authentication_failed', 'wrong_issuer', facts.issuers.join(' '));
    }
    const acs = ssoUrls(publicOrigin(this.config, request), connection.id).acs;
    if (
      (facts.destination !== undefined && facts.destination !== acs) ||
      facts.recipients.length === 0 ||
      facts.recipients.some((recipient) => recipient !== acs)
    ) {
      throw new SsoFailure(
        'authentication_failed',
        'wrong_destination',
        `destination ${facts.destination ?? '-'}, recipients ${facts.recipients.join(' ') || '-'}`,
      );
    }
    if (!facts.id || !(await this.replays.claim(connection.id, facts.id, facts.notOnOrAfter))) {
      throw new SsoFailure('authentication_failed', 'replayed_assertion', facts.id);
    }
    // node-saml forgets the request once it has checked a response, but two responses checked at the same
    // instant both find it: the request is claimed here too, so that it is answered once. (An xs:ID holds
    // no space: the key cannot be an assertion's.)
    if (facts.inResponseTo && !(await this.replays.claim(connection.id, `request ${facts.inResponseTo}`, facts.notOnOrAfter))) {
      throw new SsoFailure('authentication_failed', 'request_already_answered', facts.inResponseTo);
    }
    const email = emailOf(profile);
    if (!email) {
      throw new SsoFailure('authentication_failed', 'no_email');
    }
    const name =
      [profile.firstName, profile.lastName].filter((part) => typeof part === 'string').join(' ') ||
      (typeof profile.displayName === 'string' ? profile.displayName : null);
    return { email, name };
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The NameID when its format is the e-mail address, else the `email` attribute (or its usual other names);
 * a NameID of another format that holds an address is the last resort, for providers that send no attribute.
 */
function emailOf(profile: Profile): string | undefined {
  const attributes = [profile.email, profile.mail, profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress']];
  const candidates = profile.nameIDFormat === EMAIL_FORMAT ? [profile.nameID, ...attributes] : [...attributes, profile.nameID];
  const email = candidates.find((candidate): candidate is string => typeof candidate === 'string' && EMAIL.test(candidate));
  return email?.toLowerCase();
}
