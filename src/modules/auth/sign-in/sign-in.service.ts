import { maxLength, minLength } from 'class-validator';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, configuredOrigin, type AppConfig } from '#src/config/app-config.js';
import type { ClientInfo } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { Mailer } from '#src/common/mail/mailer.js';
import { NO_CLIENT, SYSTEM_ACTOR, type AuditRecord } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PasswordHasher } from '#src/modules/auth/passwords/password-hasher.js';
import { SessionsService, type OpenedSession } from '#src/modules/auth/sessions/sessions.service.js';
import { AccountsRepository, type Account } from '#src/modules/auth/sign-in/accounts.repository.js';
import { LoginThrottle } from '#src/modules/auth/sign-in/login-throttle.js';
import { UserTokensService } from '#src/modules/auth/user-tokens/user-tokens.service.js';
import type { UserTokenPurpose } from '#src/modules/auth/user-tokens/user-token.entity.js';

/** A person signed in: their account and the session opened for them. */
export interface SignedIn {
  account: Account;
  session: OpenedSession;
}

export interface LoginInput {
  email: string;
  password: string;
  organizationId?: string;
}

/**
 * Signing in with a password, and setting one (an invitation accepted, a reset confirmed, the CLI).
 *
 * - An unknown address costs a password verification like a known one, and answers the same 401.
 * - The same address may have accounts in several organizations: the password picks the account it opens.
 *   Should it open more than one, `organization_id` is needed, and only those organizations are named.
 * - Failures are counted per address and per client (LoginThrottle), and audited in each organization
 *   the address has an account in.
 * - The organization's IP allowlist holds for signing in too, checked once the password is right (before,
 *   a refusal would tell an unknown address from a known one).
 */
/** Reset links mailed to one account at most this many times an hour: the endpoint is open to anyone, the mailbox is not theirs. */
const RESET_MAILS_PER_WINDOW = 3;
const RESET_MAIL_WINDOW_MS = 3_600_000;

@Injectable()
export class SignInService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('SignIn');
  /** Reset links being mailed after their answer went out; shutdown waits for them. */
  private readonly mailing = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionsService,
    private readonly tokens: UserTokensService,
    private readonly mailer: Mailer,
    private readonly transactions: TransactionRunner,
    private readonly gate: IpGate,
    private readonly audit: AuditLog,
  ) {}

  async login(input: LoginInput, client: ClientInfo): Promise<SignedIn> {
    const email = input.email.toLowerCase();
    const ip = client.ip ?? 'unknown';
    const attempt = await this.throttle.begin(email, ip);
    const tried = await this.accounts.findByEmail(email, input.organizationId);
    const accounts = tried.filter((account) => account.passwordHash !== null);
    if (accounts.length === 0) {
      await this.hasher.verifyNothing(input.password);
    }
    // Side by side, so that an address with accounts in several organizations takes about as long as one with one.
    const verified = await Promise.all(accounts.map((account) => this.hasher.verify(account.passwordHash!, input.password)));
    const matched = accounts.filter((_account, index) => verified[index]);
    if (matched.length > 0) {
      await this.throttle.succeeded(attempt);
    }
    if (matched.length === 0) {
      await this.throttle.failed(email, ip);
      await Promise.all(tried.map((account) => this.audit.record(failedSignInAudit(account, client))));
      throw new AppError(ErrorCode.InvalidCredentials, 'Wrong email or password');
    }
    // An organization that signs its people in by SSO only is no choice for a password: it is offered
    // only when it is the one the password opens, to be told so.
    const usable = matched.filter((account) => !account.organization.ssoRequired);
    if (usable.length > 1) {
      throw new AppError(ErrorCode.OrganizationRequired, 'This email and password open several organizations: choose one with organization_id', {
        details: { organizations: usable.map((account) => ({ id: account.organization.id, name: account.organization.name })) },
      });
    }
    const [account] = usable.length === 1 ? usable : matched;
    requirePasswordsAllowed(account);
    await this.admit(account, client);
    return this.transactions.run((tx) => this.openSession(account, client, 'password', tx));
  }

  /** Sets the password with an invitation (ending the user's other sessions when it replaces one), and signs in. */
  acceptInvitation(token: string, password: string, client: ClientInfo): Promise<SignedIn> {
    return this.setPasswordWithToken(token, 'invitation', password, client, 'The invitation is not valid: it was used, replaced by a newer one, or expired');
  }

  /** Sets a new password with a reset link, ends the user's other sessions, and signs in. */
  confirmReset(token: string, password: string, client: ClientInfo): Promise<SignedIn> {
    return this.setPasswordWithToken(
      token,
      'password_reset',
      password,
      client,
      'The reset link is not valid: it was used, replaced by a newer one, or expired',
    );
  }

  /**
   * E-mails a reset link to every account of the address whose organization takes passwords, when SMTP is
   * configured, after the answer has gone: the time taken must not tell an address with accounts from one
   * without (the endpoint answers 202 whatever the address). An address whose domain an organization
   * requiring single sign-on verified is answered 403 `sso_required`, decided by the domain alone; its
   * accounts in other organizations still get their links.
   */
  async requestReset(email: string): Promise<void> {
    const address = email.toLowerCase();
    if (this.mailer.configured) {
      const mailing = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.mailResetLinks(address));
      const tracked = mailing
        .catch((error: unknown) => this.logger.error({ err: error }, 'Could not send password reset links'))
        .finally(() => this.mailing.delete(tracked));
      this.mailing.add(tracked);
    }
    if (await this.accounts.domainRequiresSso(address)) {
      throw new AppError(ErrorCode.SsoRequired, 'This address signs in with single sign-on: its password is kept by the identity provider', {
        details: { sso_url: `/api/auth/sso?email=${encodeURIComponent(address)}` },
      });
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.mailing);
  }

  private async mailResetLinks(address: string): Promise<void> {
    for (const account of await this.accounts.findByEmail(address)) {
      if (account.organization.ssoRequired) {
        continue;
      }
      const limit = { count: RESET_MAILS_PER_WINDOW, withinMs: RESET_MAIL_WINDOW_MS };
      const issued = await this.transactions.run((tx) => this.tokens.issueWithin(account.orgId, account.userId, 'password_reset', limit, tx));
      if (!issued) {
        continue;
      }
      const url = `${configuredOrigin(this.config.http)}/reset-password#token=${issued.token}`;
      await this.mailer.send({
        to: account.email,
        subject: `Reset your password (${account.organization.name})`,
        text: `Someone asked to reset the password of ${account.email} in ${account.organization.name}. If it was you, choose a new password here (the link works once, for one hour):\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      });
    }
  }

  /** The operator's CLI: sets the password of the organization's user with this address, and ends their sessions. */
  async setPassword(orgId: string, email: string, password: string): Promise<Account> {
    // Characters counted by the API's own validation functions: an emoji is one, not two.
    if (!minLength(password, MIN_PASSWORD_LENGTH) || !maxLength(password, MAX_PASSWORD_LENGTH)) {
      throw AppError.invalid(`The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`, { password: ['length'] });
    }
    const [account] = await this.accounts.findByEmail(email.toLowerCase(), orgId);
    if (!account) {
      throw AppError.notFound('User', `${email} in organization ${orgId}`);
    }
    const passwordHash = await this.hasher.hash(password);
    await this.transactions.run(async (tx) => {
      await this.accounts.setPassword(account.orgId, account.userId, passwordHash, tx);
      // An operator setting a password is how a locked-out or compromised account is taken back: nobody stays signed in.
      await this.sessions.endAll(account.orgId, account.userId, tx);
      await this.audit.record(passwordSetAudit(account, 'cli', NO_CLIENT, SYSTEM_ACTOR), tx);
    });
    return account;
  }

  /**
   * A signed-in person replaces their password. The current one is checked as a sign-in checks it (a wrong one
   * counts as a failed sign-in of the address, so a session left open cannot be used to guess it), and every
   * other session of theirs ends: whoever else holds one is out. The session that changed it stays.
   */
  async changePassword(session: { id: string; orgId: string; userId: string }, currentPassword: string, password: string, client: ClientInfo): Promise<void> {
    const account = await this.accounts.findAccount(session.orgId, session.userId);
    if (!account) {
      throw AppError.unauthorized('The session has ended: sign in again');
    }
    requirePasswordsAllowed(account);
    const ip = client.ip ?? 'unknown';
    const attempt = await this.throttle.begin(account.email, ip);
    const verified =
      account.passwordHash === null ? await this.hasher.verifyNothing(currentPassword) : await this.hasher.verify(account.passwordHash, currentPassword);
    if (!verified) {
      await this.throttle.failed(account.email, ip);
      throw AppError.invalid('The current password is wrong', { current_password: ['wrong password'] });
    }
    await this.throttle.succeeded(attempt);
    const passwordHash = await this.hasher.hash(password);
    await this.transactions.run(async (tx) => {
      await this.accounts.setPassword(account.orgId, account.userId, passwordHash, tx);
      await this.sessions.endAll(account.orgId, account.userId, tx, session.id);
      await this.audit.record(passwordSetAudit(account, 'change', client, { type: 'user', id: account.userId }), tx);
    });
  }

  private async setPasswordWithToken(token: string, purpose: UserTokenPurpose, password: string, client: ClientInfo, invalid: string): Promise<SignedIn> {
    const holder = await this.tokens.peek(token, purpose);
    const holderAccount = holder && (await this.accounts.findAccount(holder.orgId, holder.userId));
    // Refused before hashing: anyone may post tokens here, and each hash costs 19 MiB and two passes.
    if (!holderAccount) {
      throw AppError.invalid(invalid, { token: ['invalid, used or expired'] });
    }
    requirePasswordsAllowed(holderAccount);
    await this.admit(holderAccount, client);
    const passwordHash = await this.hasher.hash(password);
    return this.transactions.run(async (tx: Tx) => {
      const used = await this.tokens.consume(token, purpose, tx);
      const account = used && (await this.accounts.findAccount(used.orgId, used.userId, tx));
      if (!account) {
        throw AppError.invalid(invalid, { token: ['invalid, used or expired'] });
      }
      await this.accounts.setPassword(account.orgId, account.userId, passwordHash, tx);
      // An invitation accepted by someone who already had a password replaces it, as a reset does.
      if (purpose === 'password_reset' || account.passwordHash !== null) {
        await this.sessions.endAll(account.orgId, account.userId, tx);
      }
      await this.audit.record(passwordSetAudit(account, purpose, client, { type: 'user', id: account.userId }), tx);
      return this.openSession(account, client, purpose, tx);
    });
  }

  private admit(account: Account, client: ClientInfo): Promise<void> {
    return this.gate.admit(account.orgId, account.organization.ipAllowlist, client, { type: 'user', id: account.userId }, 'password');
  }

  private async openSession(account: Account, client: ClientInfo, method: 'password' | UserTokenPurpose, tx: Tx): Promise<SignedIn> {
    const session = await this.sessions.open(account.orgId, account.userId, client, tx);
    await this.audit.record(
      {
        orgId: account.orgId,
        action: 'login.succeeded',
        actor: { type: 'user', id: account.userId },
        client,
        target: { type: 'session', id: session.session.id },
        details: { method },
      },
      tx,
    );
    return { account, session };
  }
}

/**
 * An organization that enforces single sign-on takes no password sign-in, invitation or reset from its
 * people. The refusal points at single sign-on only when it can route the address (its domain verified);
 * a member outside those domains is told to ask an administrator (the operator can always use the CLI).
 */
function requirePasswordsAllowed(account: Account): void {
  if (!account.organization.ssoRequired) {
    return;
  }
  if (account.ssoDomain) {
    throw new AppError(ErrorCode.SsoRequired, `${account.organization.name} signs in with single sign-on: use "Sign in with SSO"`, {
      details: { sso_url: `/api/auth/sso?email=${encodeURIComponent(account.email)}` },
    });
  }
  throw new AppError(
    ErrorCode.SsoRequired,
    `${account.organization.name} signs in with single sign-on, which does not serve this address's domain: ask an administrator to change your e-mail address`,
  );
}

/**
 * A failed sign-in names the account tried, not as its actor: nobody proved to be its user. An account
 * still waiting for its first password (an invitation not yet accepted) is recorded too.
 */
function failedSignInAudit(account: Account, client: ClientInfo): AuditRecord {
  return {
    orgId: account.orgId,
    action: 'login.failed',
    actor: { type: 'anonymous', id: null },
    client,
    target: { type: 'user', id: account.userId },
    details: { reason: account.passwordHash === null ? 'no_password_yet' : 'wrong_password' },
  };
}

/** A password set: the entry says how, never what. */
function passwordSetAudit(account: Account, via: 'cli' | 'change' | UserTokenPurpose, client: ClientInfo, actor: AuditRecord['actor']): AuditRecord {
  return { orgId: account.orgId, action: 'user.updated', actor, client, target: { type: 'user', id: account.userId }, details: { password: 'set', via } };
}
