import { randomBytes } from 'node:crypto';

/** Access tokens live an hour here (Slack's rotating tokens live 12 hours). */
export const ACCESS_TOKEN_SECONDS = 3_600;

export const GRANTED_SCOPES = ['channels:read', 'channels:history', 'users:read'] as const;

interface AccessToken {
  expiresAt: number;
  scopes: readonly string[];
  state: 'valid' | 'expired' | 'revoked';
}

interface AuthorizationCode {
  redirectUri: string;
  scopes: readonly string[];
  used: boolean;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  scopes: readonly string[];
}

export type TokenCheck = { ok: true; scopes: readonly string[] } | { ok: false; error: 'invalid_auth' | 'token_expired' | 'token_revoked' };

const secret = (): string => randomBytes(18).toString('hex');

/** Slack's token rotation: `xoxe.xoxb-` access tokens and `xoxe-1-` refresh tokens, a refresh token usable once. */
export class FakeSlackTokens {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, readonly string[]>();
  private readonly codes = new Map<string, AuthorizationCode>();
  readonly revoked: string[] = [];
  refreshes = 0;

  issueCode(redirectUri: string, scopes: readonly string[]): string {
    const code = `${Date.now()}.${secret()}`;
    this.codes.set(code, { redirectUri, scopes, used: false });
    return code;
  }

  /** An error code of oauth.v2.access, or the tokens. */
  exchangeCode(code: string, redirectUri: string | undefined): IssuedTokens | string {
    const grant = this.codes.get(code);
    if (grant === undefined) {
      return 'invalid_code';
    }
    if (grant.used) {
      return 'code_already_used';
    }
    if (redirectUri !== grant.redirectUri) {
      return 'bad_redirect_uri';
    }
    grant.used = true;
    return this.issue(grant.scopes);
  }

  exchangeRefreshToken(refreshToken: string): IssuedTokens | string {
    const scopes = this.refresh.get(refreshToken);
    if (scopes === undefined) {
      return 'invalid_refresh_token';
    }
    this.refresh.delete(refreshToken);
    this.refreshes += 1;
    return this.issue(scopes);
  }

  issue(scopes: readonly string[] = GRANTED_SCOPES): IssuedTokens {
    const accessToken = `xoxe.xoxb-1-${secret()}`;
    const refreshToken = `xoxe-1-${secret()}`;
    this.access.set(accessToken, { expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1_000, scopes, state: 'valid' });
    this.refresh.set(refreshToken, scopes);
    return { accessToken, refreshToken, scopes };
  }

  check(accessToken: string | undefined): TokenCheck {
    const token = accessToken === undefined ? undefined : this.access.get(accessToken);
    if (token === undefined) {
      return { ok: false, error: 'invalid_auth' };
    }
    if (token.state === 'revoked') {
      return { ok: false, error: 'token_revoked' };
    }
    if (token.state === 'expired' || token.expiresAt <= Date.now()) {
      return { ok: false, error: 'token_expired' };
    }
    return { ok: true, scopes: token.scopes };
  }

  revoke(accessToken: string): void {
    const token = this.access.get(accessToken);
    if (token !== undefined) {
      token.state = 'revoked';
      this.revoked.push(accessToken);
    }
  }

  expireAll(): void {
    for (const token of this.access.values()) {
      token.state = token.state === 'revoked' ? 'revoked' : 'expired';
    }
  }

  revokeRefreshTokens(): void {
    this.refresh.clear();
  }
}
