import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { isUniqueViolation } from '#src/common/database/unique-violation.js';
import { AppError } from '#src/common/errors/app.error.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { diffChanges, type UserEventResource } from '#src/modules/events/event-map.js';
import { InvitationsService, type Invitation } from '#src/modules/auth/invitations/invitations.service.js';
import { UserTokensService } from '#src/modules/auth/user-tokens/user-tokens.service.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import type { CreateUserDto, UpdateUserDto } from '#src/modules/users/dto/user.dto.js';
import { UserEntity } from '#src/modules/users/user.entity.js';
import { UsersRepository } from '#src/modules/users/users.repository.js';

export function toUserEvent(user: UserEntity): UserEventResource {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.toISOString(), updatedAt: user.updatedAt.toISOString() };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly keys: ApiKeysService,
    private readonly events: DomainEventsService,
    private readonly transactions: TransactionRunner,
    private readonly invitations: InvitationsService,
    private readonly userTokens: UserTokensService,
    private readonly audit: AuditLog,
  ) {}

  /** A new user and their invitation, in one transaction. */
  async create(auth: AuthContext, dto: CreateUserDto, origin: string): Promise<{ user: UserEntity; invitation: Invitation }> {
    return this.transactions.run(async (tx) => {
      const user = await this.createInTx(auth.orgId, { email: dto.email, name: dto.name ?? null, role: dto.role ?? 'readonly' }, tx);
      await this.audit.record(auditOf(auth, 'user.created', userTarget(user), { email: user.email, role: user.role }), tx);
      return { user, invitation: await this.invitations.invite(user, origin, tx) };
    });
  }

  /** A new invitation for an existing user; their earlier ones stop working. */
  async invite(auth: AuthContext, id: string, origin: string): Promise<{ user: UserEntity; invitation: Invitation }> {
    return this.transactions.run(async (tx) => {
      const user = await this.users.findById(auth.orgId, id, tx);
      if (!user) {
        throw AppError.notFound('User', id);
      }
      const invitation = await this.invitations.invite(user, origin, tx);
      await this.audit.record(auditOf(auth, 'user.invited', userTarget(user), { expires_at: invitation.expiresAt.toISOString() }), tx);
      return { user, invitation };
    });
  }

  /** Withdraws the user's invitation, if one still works: recorded as a change of the user. */
  async revokeInvitation(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const user = await this.users.findById(auth.orgId, id, tx);
      if (!user) {
        throw AppError.notFound('User', id);
      }
      if (await this.invitations.revoke(user, tx)) {
        await this.audit.record(auditOf(auth, 'user.updated', userTarget(user), { invitation: 'revoked' }), tx);
      }
    });
  }

  /** Also used when an organization is created with its first admin. */
  async createInTx(orgId: string, input: { email: string; name: string | null; role: Role }, tx: Tx): Promise<UserEntity> {
    const email = input.email.toLowerCase();
    if (await this.users.findByEmail(orgId, email, tx)) {
      throw emailInUse(email);
    }
    const user = await this.users
      .insert(orgId, Object.assign(new UserEntity(), { id: newId('user'), orgId, email, name: input.name, role: input.role, passwordHash: null }), tx)
      .catch(rethrowEmailInUse(email));
    await this.events.record(tx, orgId, 'user.created', { user: toUserEvent(user) });
    return user;
  }

  /** The organization's user with this address (stored lower-cased), or null. */
  findByEmail(orgId: string, email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(orgId, email);
  }

  async list(auth: AuthContext, page: Page): Promise<{ items: UserEntity[]; total: number }> {
    return this.users.list(auth.orgId, page);
  }

  async get(auth: AuthContext, id: string): Promise<UserEntity> {
    const user = await this.users.findById(auth.orgId, id);
    if (!user) {
      throw AppError.notFound('User', id);
    }
    return user;
  }

  async update(auth: AuthContext, id: string, dto: UpdateUserDto): Promise<UserEntity> {
    return this.transactions.run(async (tx) => {
      const demoting = dto.role !== undefined && dto.role !== 'admin';
      // Admin rows first, then the user's own: the other order lets two concurrent demotions deadlock.
      const admins = demoting ? await this.users.countAdminsForUpdate(auth.orgId, tx) : undefined;
      const user = await this.users.lockById(auth.orgId, id, tx);
      if (!user) {
        throw AppError.notFound('User', id);
      }
      const before = toUserEvent(user);
      const email = dto.email?.toLowerCase();
      if (email !== undefined && email !== user.email && (await this.users.findByEmail(auth.orgId, email, tx))) {
        throw emailInUse(email);
      }
      if (admins !== undefined && user.role === 'admin') {
        assertAnotherAdmin(admins);
      }
      const roleChanged = dto.role !== undefined && dto.role !== user.role;
      Object.assign(user, { email: email ?? user.email, name: dto.name === undefined ? user.name : dto.name, role: dto.role ?? user.role });
      const changes = diffChanges(before, toUserEvent(user));
      if (Object.keys(changes).length === 0) {
        return user;
      }
      const saved = await this.users.save(auth.orgId, user, tx).catch(rethrowEmailInUse(user.email));
      if (changes.email) {
        // Whoever holds the old mailbox must not be able to set this account's password.
        await this.userTokens.voidEvery(auth.orgId, id, tx);
      }
      await this.events.record(tx, auth.orgId, 'user.updated', { user: toUserEvent(saved), changes });
      await this.audit.record(auditOf(auth, 'user.updated', userTarget(saved), { changes }), tx);
      if (roleChanged) {
        tx.afterCommit(() => this.keys.invalidateUserKeys(auth.orgId, id));
      }
      return saved;
    });
  }

  /** Removes the user and revokes their personal keys. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      // Admin rows first, then the user's own: the other order lets two concurrent deletions deadlock.
      const admins = await this.users.countAdminsForUpdate(auth.orgId, tx);
      const user = await this.users.lockById(auth.orgId, id, tx);
      if (!user) {
        throw AppError.notFound('User', id);
      }
      if (user.role === 'admin') {
        assertAnotherAdmin(admins);
      }
      await this.keys.revokeUserKeys(auth, id, tx);
      await this.users.delete(auth.orgId, id, tx);
      await this.audit.record(auditOf(auth, 'user.deleted', userTarget(user), { email: user.email, role: user.role }), tx);
    });
  }
}

function userTarget(user: UserEntity): { type: 'user'; id: string } {
  return { type: 'user', id: user.id };
}

function emailInUse(email: string): AppError {
  return AppError.conflict(`A user with email ${email} already exists`, { email: ['already in use'] });
}

/** The same 409 when a concurrent request took the address between the check and the write. */
function rethrowEmailInUse(email: string): (error: unknown) => never {
  return (error) => {
    throw isUniqueViolation(error) ? emailInUse(email) : error;
  };
}

/** `admins` counts the organization's admins, the user about to be demoted or removed included. */
function assertAnotherAdmin(admins: number): void {
  if (admins <= 1) {
    throw AppError.conflict('An organization must keep at least one admin user');
  }
}
