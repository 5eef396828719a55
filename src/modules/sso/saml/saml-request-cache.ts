import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Clock } from '#src/common/clock/clock.js';
import type { SsoRequestsRepository } from '#src/modules/sso/saml/sso-requests.repository.js';

/** How long an AuthnRequest may wait for its answer. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;

/**
 * node-saml's store of one connection's AuthnRequests awaiting an answer, in the database so that a
 * response posted to any instance finds the request another sent. A request is kept under its connection:
 * a response naming it is refused at another connection's endpoint. Stale requests are swept as new ones
 * are saved.
 */
export class SamlRequestCache implements CacheProvider {
  constructor(
    private readonly requests: SsoRequestsRepository,
    private readonly clock: Clock,
    private readonly connectionId: string,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.clock.now();
    await this.requests.deleteCreatedBefore(new Date(now.getTime() - REQUEST_LIFETIME_MS));
    await this.requests.insert(this.stored(key), value, now);
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const found = await this.requests.findById(this.stored(key));
    return found && this.clock.now().getTime() - found.createdAt.getTime() < REQUEST_LIFETIME_MS ? found.value : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) {
      return null;
    }
    const found = await this.requests.findById(this.stored(key));
    await this.requests.delete(this.stored(key));
    return found?.value ?? null;
  }

  private stored(key: string): string {
    return `${this.connectionId}/${key}`;
  }
}
