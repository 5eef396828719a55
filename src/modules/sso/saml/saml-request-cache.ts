import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { LessThan, type DataSource } from 'typeorm';
import type { Clock } from '#src/common/clock/clock.js';
import { SsoRequestEntity } from '#src/modules/sso/saml/sso-request.entity.js';

/** How long an AuthnRequest may wait for its answer. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;

/**
 * node-saml's store of the AuthnRequests awaiting an answer, in the database so that a response posted to
 * any instance finds the request another sent. Stale requests are swept as new ones are saved.
 */
export class SamlRequestCache implements CacheProvider {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.clock.now();
    const repo = this.dataSource.getRepository(SsoRequestEntity);
    await repo.delete({ createdAt: LessThan(new Date(now.getTime() - REQUEST_LIFETIME_MS)) });
    await repo.insert({ id: key, value, createdAt: now });
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const found = await this.dataSource.getRepository(SsoRequestEntity).findOne({ where: { id: key } });
    return found && this.clock.now().getTime() - found.createdAt.getTime() < REQUEST_LIFETIME_MS ? found.value : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) {
      return null;
    }
    const found = await this.dataSource.getRepository(SsoRequestEntity).findOne({ where: { id: key } });
    await this.dataSource.getRepository(SsoRequestEntity).delete({ id: key });
    return found?.value ?? null;
  }
}
