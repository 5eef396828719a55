import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, configuredOrigin, type AppConfig } from '#src/config/app-config.js';
import type { Tx } from '#src/common/database/transaction.js';
import { Mailer } from '#src/common/mail/mailer.js';
import { AccountsRepository } from '#src/modules/auth/sign-in/accounts.repository.js';
import { UserTokensService } from '#src/modules/auth/user-tokens/user-tokens.service.js';

/** What creating or renewing an invitation answers: the link to send, the token in it, and when it expires. */
export interface Invitation {
  url: string;
  token: string;
  expiresAt: Date;
}

/**
 * Invitations: the single-use link (72 hours) with which a new user sets a first password and signs in. A
 * new invitation voids the one before. The link is an address of the web application, with the token in
 * its fragment, which browsers never send to a server or put in a Referer.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: UserTokensService,
    private readonly accounts: AccountsRepository,
    private readonly mailer: Mailer,
  ) {}

  /**
   * `origin`: where the request that invites was made to; PUBLIC_URL wins when set, and without either (the
   * CLI, the first start) the service's own local address. The e-mail, if any, goes once the transaction commits,
   * without holding up the answer that shows the link.
   */
  async invite(user: { orgId: string; id: string; email: string }, origin: string | undefined, tx: Tx): Promise<Invitation> {
    const issued = await this.tokens.issue(user.orgId, user.id, 'invitation', tx);
    const url = `${this.config.http.publicUrl ?? origin ?? configuredOrigin(this.config.http)}/invitation#token=${issued.token}`;
    // One address may be invited to several organizations: the message says which one this link opens.
    const organization = (await this.accounts.findAccount(user.orgId, user.id, tx))?.organization.name ?? user.orgId;
    tx.afterCommit(() =>
      this.mailer.post({
        to: user.email,
        subject: `You are invited to ${organization} on the Agent Query Service`,
        text: `You have been invited to ${organization} as ${user.email}. Choose your password here (the link works once, for 72 hours):\n\n${url}\n`,
      }),
    );
    return { url, token: issued.token, expiresAt: issued.entity.expiresAt };
  }

  /** The user's invitation stops working (a password they already set stays); answers whether one still worked. */
  revoke(user: { orgId: string; id: string }, tx: Tx): Promise<boolean> {
    return this.tokens.revoke(user.orgId, user.id, 'invitation', tx);
  }
}
