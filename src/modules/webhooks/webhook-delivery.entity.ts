import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { WebhookEntity } from '#src/modules/webhooks/webhook.entity.js';

export const DELIVERY_STATUSES = ['pending', 'held', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event for one webhook. The attempt count and the next attempt's time live here, not in the queue:
 * a queued job only wakes the delivery up, so a worker restart between attempts loses nothing.
 */
@Entity('webhook_delivery')
@Index('uq_webhook_delivery_event', ['webhookId', 'eventId'], { unique: true })
@Index('ix_webhook_delivery_webhook_created', ['webhookId', 'createdAt'])
@Index('ix_webhook_delivery_due', ['status', 'nextAttemptAt'])
@Index('ix_webhook_delivery_held', ['webhookId', 'eventCreatedAt'], { where: `"status" = 'held'` })
export class WebhookDeliveryEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 40 })
  webhookId: string;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: WebhookEntity;

  /** The event's id, the envelope's `id`: the same in every attempt, so receivers can de-duplicate. */
  @Column({ type: 'varchar', length: 60 })
  eventId: string;

  @Column({ type: 'varchar', length: 60 })
  eventType: string;

  /** The exact bytes sent, signed once: every attempt sends the same body. */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 10 })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @TimestampColumn({ nullable: true })
  nextAttemptAt: Date | null;

  @TimestampColumn({ nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'integer', nullable: true })
  lastDurationMs: number | null;

  /** When the event was committed: the start of the clock for the first attempt's delay. */
  @TimestampColumn()
  eventCreatedAt: Date;

  @TimestampColumn({ nullable: true })
  deliveredAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
