import type { Clock } from '#src/common/clock/clock.js';
import { keyedHash } from '#src/common/crypto/keyed-hash.js';
import type { SqlClient } from '#src/common/database/sql-client.js';
import { holdsNul } from '#src/common/validation/nul-characters.js';
import type { ProviderErrors } from '#src/modules/oauth/server/oidc-provider.types.js';

/**
 * Models whose id is itself a credential (`svcat_…`, `svcrt_…`, an authorization code): stored as a keyed
 * hash and with the id (`jti`) left out of the payload, so a copy of the database holds no usable token.
 */
const CREDENTIAL_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'ClientCredentials', 'BackchannelAuthenticationRequest']);

/** The id a credential is stored under: what a request's bearer token is looked up by. */
export function storedCredentialId(token: string, hashSecret: string): string {
  return keyedHash(token, hashSecret);
}

/** What oidc-provider stores: a JSON payload, with the few fields it looks things up by. */
export interface AdapterPayload {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  [key: string]: unknown;
}

interface PayloadRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * oidc-provider's storage adapter on the service's database (PostgreSQL or the embedded one): one class
 * per model, as the library asks. Expired rows are never answered, and are swept as new ones arrive;
 * revoking a grant deletes every code and token issued under it in one statement. Codes and tokens are
 * kept only as keyed hashes of their value. A value holding U+0000, which the database cannot store or
 * compare, is no record's: looking it up finds nothing, and a request that would store one is refused.
 */
export class OAuthAdapter {
  private readonly credential: boolean;

  constructor(
    private readonly model: string,
    private readonly sql: SqlClient,
    private readonly clock: Clock,
    private readonly hashSecret: string,
    private readonly errors: Pick<ProviderErrors, 'InvalidRequest'>,
  ) {
    this.credential = CREDENTIAL_MODELS.has(model);
  }

  /** The factory oidc-provider's `adapter` option takes. */
  static factory(sql: SqlClient, clock: Clock, hashSecret: string, errors: Pick<ProviderErrors, 'InvalidRequest'>): (model: string) => OAuthAdapter {
    return (model) => new OAuthAdapter(model, sql, clock, hashSecret, errors);
  }

  async upsert(issuedId: string, issued: AdapterPayload, expiresIn?: number): Promise<void> {
    if (holdsNul(issued)) {
      throw new this.errors.InvalidRequest('request parameters must not contain NUL characters');
    }
    const id = this.storedId(issuedId);
    const payload = this.credential ? withoutId(issued) : issued;
    const now = this.clock.now();
    const expiresAt = typeof expiresIn === 'number' ? new Date(now.getTime() + expiresIn * 1000) : null;
    await this.sql.query('DELETE FROM oauth_payload WHERE expires_at < $1 AND model = $2', [now, this.model]);
    await this.sql.query(
      `INSERT INTO oauth_payload (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)
       ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
         user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at, consumed_at = NULL`,
      [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, expiresAt],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (holdsNul(id)) {
      return undefined;
    }
    const payload = await this.findBy('id', this.storedId(id));
    return payload && this.credential ? { ...payload, jti: id } : payload;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  /**
   * Marks a code or token used; a second exchange of it is then refused by the library. False when it was
   * used already, or is gone: requests of the same moment may all have found it unused, and only one marks it.
   */
  async consume(id: string): Promise<boolean> {
    if (holdsNul(id)) {
      return false;
    }
    const marked = await this.sql.query<{ id: string }>(
      'UPDATE oauth_payload SET consumed_at = $3 WHERE model = $1 AND id = $2 AND consumed_at IS NULL RETURNING id',
      [this.model, this.storedId(id), this.clock.now()],
    );
    return marked.length > 0;
  }

  async destroy(id: string): Promise<void> {
    await this.sql.query('DELETE FROM oauth_payload WHERE model = $1 AND id = $2', [this.model, this.storedId(id)]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.query('DELETE FROM oauth_payload WHERE grant_id = $1', [grantId]);
  }

  private storedId(id: string): string {
    return this.credential ? storedCredentialId(id, this.hashSecret) : id;
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    if (holdsNul(value)) {
      return undefined;
    }
    const [row] = await this.sql.query<PayloadRow>(
      `SELECT payload, consumed_at FROM oauth_payload WHERE model = $1 AND (expires_at IS NULL OR expires_at > $2) AND ${column} = $3 LIMIT 1`,
      [this.model, this.clock.now(), value],
    );
    if (!row) {
      return undefined;
    }
    return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
  }
}

function withoutId(payload: AdapterPayload): AdapterPayload {
  const { jti: _jti, ...rest } = payload;
  return rest;
}
