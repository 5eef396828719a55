import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { WebhookEntity, type WebhookStatus } from '#src/modules/webhooks/webhook.entity.js';

export interface WebhookTarget {
  id: string;
  orgId: string;
  url: string;
  status: WebhookStatus;
  secretCiphertext: string;
  secretKeyId: string;
}

@Injectable()
export class WebhooksRepository {
  private readonly rows: EntityRows<WebhookEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, WebhookEntity);
  }

  private repo(tx?: Tx): Repository<WebhookEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(WebhookEntity);
  }

  async save(webhook: WebhookEntity, tx?: Tx): Promise<WebhookEntity> {
    return this.repo(tx).save(webhook);
  }

  async findById(orgId: string, id: string): Promise<WebhookEntity | null> {
    return this.rows.findOne('org_id = $1 AND id = $2', [orgId, id]);
  }

  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<WebhookEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async list(orgId: string, page: Page): Promise<{ items: WebhookEntity[]; total: number }> {
    return this.rows.page({ where: 'org_id = $1', params: [orgId], orderBy: 'created_at DESC, id DESC' }, page);
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.repo(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }

  /** What a delivery needs: where, in which state, and the sealed secret. */
  async target(id: string): Promise<WebhookTarget | undefined> {
    const [row] = await this.sql.query<{ id: string; org_id: string; url: string; status: WebhookStatus; secret_ciphertext: string; secret_key_id: string }>(
      'SELECT id, org_id, url, status, secret_ciphertext, secret_key_id FROM webhook WHERE id = $1',
      [id],
    );
    return row
      ? { id: row.id, orgId: row.org_id, url: row.url, status: row.status, secretCiphertext: row.secret_ciphertext, secretKeyId: row.secret_key_id }
      : undefined;
  }

  /** Subscribers of these organizations, whatever their state (failed and disabled ones get held deliveries). */
  async subscribers(orgIds: string[], tx: Tx): Promise<Array<{ id: string; orgId: string; events: string[]; status: WebhookStatus; createdAt: Date }>> {
    const rows = await tx.manager.query<Array<{ id: string; org_id: string; events: string[]; status: WebhookStatus; created_at: Date }>>(
      'SELECT id, org_id, events, status, created_at FROM webhook WHERE org_id = ANY($1::text[])',
      [orgIds],
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, events: row.events, status: row.status, createdAt: row.created_at }));
  }

  /** Marks an active webhook failed; answers whether this call did. */
  async markFailed(id: string): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `UPDATE webhook SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Makes a webhook in state `from` active; answers whether this call did. */
  async reactivate(id: string, from: WebhookStatus): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(`UPDATE webhook SET status = 'active', updated_at = now() WHERE id = $1 AND status = $2 RETURNING id`, [
      id,
      from,
    ]);
    return rows.length > 0;
  }
}
