import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import type { SendOutcome } from '#src/modules/webhooks/webhook-sender.js';
import type { WebhookStatus } from '#src/modules/webhooks/webhook.entity.js';
import type { WebhookTarget } from '#src/modules/webhooks/webhooks.repository.js';
import { WebhookDeliveryEntity, type DeliveryStatus } from '#src/modules/webhooks/webhook-delivery.entity.js';

export interface NewDelivery {
  orgId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  body: string;
  status: 'pending' | 'held';
  eventCreatedAt: Date;
}

interface ClaimedRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  org_id: string;
  url: string;
  status: WebhookStatus;
  secret_ciphertext: string;
  secret_key_id: string;
}

export interface ClaimedDelivery {
  delivery: Pick<WebhookDeliveryEntity, 'id' | 'eventId' | 'eventType' | 'body' | 'attempts'>;
  webhook: WebhookTarget;
}

/** How long a claimed attempt is reserved for the worker that claimed it (longer than any send can take). */
export const CLAIM_LEASE_MS = 60_000;

@Injectable()
export class DeliveriesRepository extends OrgScopedRepository<WebhookDeliveryEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, WebhookDeliveryEntity);
  }

  /**
   * Inserts deliveries (an event already delivered to a webhook is skipped); answers the ids of the pending
   * ones. Across organizations: the outbox dispatcher writes those of a batch of every organization's events.
   */
  async insertDispatched(deliveries: NewDelivery[], tx: Tx): Promise<string[]> {
    const pending: string[] = [];
    for (let start = 0; start < deliveries.length; start += 500) {
      const batch = deliveries.slice(start, start + 500);
      const values: unknown[] = [];
      const rows = batch.map((delivery) => {
        const offset = values.length;
        values.push(
          newId('delivery'),
          delivery.orgId,
          delivery.webhookId,
          delivery.eventId,
          delivery.eventType,
          delivery.body,
          delivery.status,
          delivery.eventCreatedAt,
        );
        return `($${offset + 1}, $${offset + 2}, $${offset + 3}, $${offset + 4}, $${offset + 5}, $${offset + 6}, $${offset + 7}::varchar, CASE WHEN $${offset + 7}::varchar = 'pending' THEN now() END, $${offset + 8})`;
      });
      const inserted = await this.sqlClient.query<{ id: string; status: string }>(
        `INSERT INTO webhook_delivery (id, org_id, webhook_id, event_id, event_type, body, status, next_attempt_at, event_created_at)
         VALUES ${rows.join(', ')} ON CONFLICT (webhook_id, event_id) DO NOTHING RETURNING id, status`,
        values,
        tx,
      );
      pending.push(...inserted.filter((row) => row.status === 'pending').map((row) => row.id));
    }
    return pending;
  }

  /**
   * Reserves the delivery's next attempt if it is due: its attempt count goes up and its next attempt
   * moves a lease ahead, so no other worker sends it meanwhile, and one that dies mid-send is retried.
   * Answers the delivery with its webhook, read in the same statement. Across organizations: a delivery job
   * names only the delivery, and the delivery names its organization.
   */
  async claim(id: string): Promise<ClaimedDelivery | undefined> {
    const [row] = await this.sqlClient.query<ClaimedRow>(
      `UPDATE webhook_delivery d
          SET attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + ($2 || ' milliseconds')::interval, updated_at = now()
         FROM webhook w
        WHERE d.id = $1 AND d.status = 'pending' AND d.next_attempt_at <= now() AND w.id = d.webhook_id
        RETURNING d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.attempts, w.org_id, w.url, w.status, w.secret_ciphertext, w.secret_key_id`,
      [id, String(CLAIM_LEASE_MS)],
    );
    return row
      ? {
          delivery: { id: row.id, eventId: row.event_id, eventType: row.event_type, body: row.body, attempts: row.attempts },
          webhook: {
            id: row.webhook_id,
            orgId: row.org_id,
            url: row.url,
            status: row.status,
            secretCiphertext: row.secret_ciphertext,
            secretKeyId: row.secret_key_id,
          },
        }
      : undefined;
  }

  async succeeded(orgId: string, id: string, outcome: { statusCode: number | null; durationMs: number }): Promise<void> {
    await this.sqlClient.query(
      `UPDATE webhook_delivery SET status = 'succeeded', delivered_at = now(), next_attempt_at = NULL, last_status_code = $3, last_duration_ms = $4, last_error = NULL, updated_at = now() WHERE org_id = $1 AND id = $2`,
      [orgId, id, outcome.statusCode, outcome.durationMs],
    );
  }

  /** A failed attempt: retried after `retryInMs`, or failed for good when that is undefined. */
  async attemptFailed(
    orgId: string,
    id: string,
    outcome: { statusCode: number | null; durationMs: number; error: string | null },
    retryInMs: number | undefined,
  ): Promise<void> {
    await this.sqlClient.query(
      `UPDATE webhook_delivery
          SET status = CASE WHEN $6::int IS NULL THEN 'failed' ELSE 'pending' END,
              next_attempt_at = CASE WHEN $6::int IS NULL THEN NULL ELSE now() + ($6::int || ' milliseconds')::interval END,
              last_status_code = $3, last_duration_ms = $4, last_error = $5, updated_at = now()
        WHERE org_id = $1 AND id = $2`,
      [orgId, id, outcome.statusCode, outcome.durationMs, outcome.error, retryInMs ?? null],
    );
  }

  /** The webhook is not active: keep the delivery for later, without spending an attempt. */
  async hold(orgId: string, id: string): Promise<void> {
    await this.sqlClient.query(
      `UPDATE webhook_delivery SET status = 'held', attempts = attempts - 1, next_attempt_at = NULL, updated_at = now() WHERE org_id = $1 AND id = $2`,
      [orgId, id],
    );
  }

  /**
   * The webhook's oldest held delivery (in the order its events were committed) made due now, or
   * undefined when it holds none. One at a time, so the sweep never finds the rest overdue and sends
   * them side by side. Across organizations: a release job names only the webhook.
   */
  async releaseOldest(webhookId: string): Promise<string | undefined> {
    const [row] = await this.sqlClient.query<{ id: string }>(
      `UPDATE webhook_delivery SET status = 'pending', next_attempt_at = now(), updated_at = now()
        WHERE id = (SELECT id FROM webhook_delivery WHERE webhook_id = $1 AND status = 'held'
                     ORDER BY event_created_at, event_id, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [webhookId],
    );
    return row?.id;
  }

  /**
   * Reserves one manual attempt of a failed delivery: it stays `failed` (so the schedule never picks it
   * up) but is leased, so two retries sent at once make one attempt.
   */
  async claimManualRetry(orgId: string, id: string): Promise<WebhookDeliveryEntity | undefined> {
    const [row] = await this.sqlClient.query<Record<string, unknown>>(
      `UPDATE webhook_delivery
          SET attempts = attempts + 1, last_attempt_at = now(), next_attempt_at = now() + ($3 || ' milliseconds')::interval, updated_at = now()
        WHERE org_id = $1 AND id = $2 AND status = 'failed' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        RETURNING *`,
      [orgId, id, String(CLAIM_LEASE_MS)],
    );
    return row ? this.rows.map(row) : undefined;
  }

  /** A test delivery, made once and recorded with its outcome. */
  async recordTest(delivery: Omit<NewDelivery, 'status'> & { id: string }, outcome: SendOutcome): Promise<void> {
    await this.sqlClient.query(
      `INSERT INTO webhook_delivery (id, org_id, webhook_id, event_id, event_type, body, status, attempts, last_attempt_at, last_status_code, last_duration_ms, last_error, delivered_at, event_created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::varchar, 1, now(), $8, $9, $10, CASE WHEN $7::varchar = 'succeeded' THEN now() END, $11)`,
      [
        delivery.id,
        delivery.orgId,
        delivery.webhookId,
        delivery.eventId,
        delivery.eventType,
        delivery.body,
        outcome.success ? 'succeeded' : 'failed',
        outcome.statusCode,
        outcome.durationMs,
        outcome.error,
        delivery.eventCreatedAt,
      ],
    );
  }

  findOfWebhook(orgId: string, webhookId: string, id: string): Promise<WebhookDeliveryEntity | null> {
    return this.findOne(orgId, sql`webhook_id = ${webhookId} AND id = ${id}`);
  }

  list(
    orgId: string,
    webhookId: string,
    filter: { status?: DeliveryStatus; eventType?: string },
    page: Page,
  ): Promise<{ items: WebhookDeliveryEntity[]; total: number }> {
    const where = and(
      sql`webhook_id = ${webhookId}`,
      ...(filter.status ? [sql`status = ${filter.status}`] : []),
      ...(filter.eventType ? [sql`event_type = ${filter.eventType}`] : []),
    );
    return this.page(orgId, where, sql`created_at DESC, id DESC`, page);
  }

  /**
   * Active webhooks that still hold deliveries: their release was lost (a Redis flush, a restart right after
   * the change, a delivery held while the webhook was being reactivated). Across organizations, for the sweep.
   */
  async heldByActiveWebhooks(limit: number): Promise<string[]> {
    const rows = await this.sqlClient.query<{ webhook_id: string }>(
      `SELECT DISTINCT d.webhook_id FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id
        WHERE d.status = 'held' AND w.status = 'active' LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.webhook_id);
  }

  /**
   * Pending deliveries whose wake-up may have been lost (a worker restart on the embedded queue). Across
   * organizations: the dispatcher's sweep serves every organization.
   */
  async overdue(limit: number): Promise<string[]> {
    const rows = await this.sqlClient.query<{ id: string }>(
      `SELECT id FROM webhook_delivery WHERE status = 'pending' AND next_attempt_at <= now() - interval '5 seconds' ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }
}
