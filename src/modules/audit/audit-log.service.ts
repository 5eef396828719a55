import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import type { AuditRecord } from '#src/modules/audit/audit-actions.js';
import { AuditEntryEntity } from '#src/modules/audit/audit-entry.entity.js';
import { AuditLogRepository, type AuditFilter } from '#src/modules/audit/audit-log.repository.js';

/** Repetitions of an identical refused request within this window are counted on one entry. */
const REPETITION_WINDOW_MS = 60_000;

/**
 * The organization's audit log. A change and its entry are written in one transaction (`record` with the
 * change's `tx`); refusals, which change nothing, are written on their own, and identical ones within a
 * minute are counted on one entry so that a flood adds a row a minute, not a row a request.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger('AuditLog');

  constructor(
    private readonly entries: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  async record(record: AuditRecord, tx?: Tx): Promise<void> {
    await this.entries.insert(record.orgId, this.entryOf(record), tx);
  }

  /** A refused request (a blocked address): folded into a recent identical entry, and never fails the request. */
  async recordRefusal(record: AuditRecord): Promise<void> {
    const entry = this.entryOf(record);
    try {
      if (!(await this.entries.countRepetition(entry, new Date(entry.lastAt.getTime() - REPETITION_WINDOW_MS)))) {
        await this.entries.insert(entry.orgId, entry);
      }
    } catch (error) {
      this.logger.error({ err: error, org_id: record.orgId, action: record.action }, 'Could not write an audit entry');
    }
  }

  /** Whether an admin deleted a user with this address: the log is what remembers it. */
  userWasDeleted(orgId: string, email: string): Promise<boolean> {
    return this.entries.userWasDeleted(orgId, email);
  }

  list(orgId: string, filter: AuditFilter, page: Page): Promise<{ items: AuditEntryEntity[]; total: number }> {
    return this.entries.list(orgId, filter, page);
  }

  private entryOf(record: AuditRecord): AuditEntryEntity {
    const now = this.clock.now();
    return Object.assign(new AuditEntryEntity(), {
      id: newId('auditEntry'),
      orgId: record.orgId,
      action: record.action,
      actorType: record.actor.type,
      actorId: record.actor.id,
      ip: record.client.ip?.slice(0, 64) ?? null,
      userAgent: record.client.userAgent?.slice(0, 500) ?? null,
      targetType: record.target?.type ?? null,
      targetId: record.target?.id ?? null,
      details: record.details ?? {},
      count: 1,
      lastAt: now,
      createdAt: now,
    });
  }
}
