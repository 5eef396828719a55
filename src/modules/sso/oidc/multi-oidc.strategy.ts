import type { Request } from 'express';
import * as client from 'openid-client';
import { Strategy as OpenIdStrategy, type AuthenticateOptions, type VerifyFunctionWithRequest } from 'openid-client/passport';

/** What a request's connection brings: its provider, the callback address, and where its flow state lives. */
export interface OidcTarget {
  configuration: client.Configuration;
  callbackUrl: string;
  /** The key the flow state is kept under in `req.session`: the connection's id. */
  key: string;
}

export interface MultiOidcOptions {
  resolve: (request: Request) => Promise<OidcTarget>;
}

/** openid-client's strategy, asking for `state` and `nonce` on top of PKCE (it sends only PKCE to providers that support it). */
class StateAndNonceStrategy extends OpenIdStrategy {
  override authorizationRequestParams<TOptions extends AuthenticateOptions>(request: Request, options: TOptions): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(request, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }
}

/** The methods Passport gives the strategy object of each request. */
interface Augmented {
  success(user: unknown, info?: unknown): void;
  fail(challenge?: unknown, status?: number): void;
  redirect(url: string, status?: number): void;
  pass(): void;
  error(error: Error): void;
}

/**
 * One Passport strategy for every OpenID connection: it resolves the request's connection and hands the
 * request to openid-client's strategy for that provider, as passport-saml's MultiSamlStrategy does for SAML.
 */
export class MultiOidcStrategy {
  readonly name = 'oidc';

  constructor(
    private readonly options: MultiOidcOptions,
    private readonly verify: VerifyFunctionWithRequest,
  ) {}

  authenticate(this: MultiOidcStrategy & Augmented, request: Request, options: AuthenticateOptions): void {
    this.options
      .resolve(request)
      .then((target) => {
        const strategy = new StateAndNonceStrategy(
          { config: target.configuration, callbackURL: target.callbackUrl, sessionKey: target.key, scope: 'openid email profile', passReqToCallback: true },
          this.verify,
        );
        const delegate = Object.assign(Object.create(strategy) as StateAndNonceStrategy, {
          success: this.success.bind(this),
          fail: this.fail.bind(this),
          redirect: this.redirect.bind(this),
          pass: this.pass.bind(this),
          error: this.error.bind(this),
        });
        strategy.authenticate.call(delegate, request, options);
      })
      // What throws while the request is handed over (openid-client reads the request's address from its
      // Host header, which a client may send malformed) fails this request instead of the process.
      .catch((error: unknown) => this.error(error as Error));
  }
}
