import { Resolver } from 'node:dns/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';

export const VERIFICATION_PREFIX = 'aqs-verification=';

/** Looks for `aqs-verification=<token>` among a domain's TXT records, through DNS_SERVERS or the system's name servers. */
@Injectable()
export class DomainVerifier {
  private readonly resolver = new Resolver({ timeout: 3_000, tries: 2 });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.dnsServers.length > 0) {
      this.resolver.setServers(config.dnsServers);
    }
  }

  async hasRecord(domain: string, token: string): Promise<boolean> {
    let records: string[][];
    try {
      records = await this.resolver.resolveTxt(domain);
    } catch {
      return false;
    }
    return records.some((chunks) => chunks.join('').trim() === `${VERIFICATION_PREFIX}${token}`);
  }
}
