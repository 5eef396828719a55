import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { EVENT_COMMITTED } from '#src/modules/events/domain-events.service.js';
import { EventsRepository } from '#src/modules/events/events.repository.js';
import { DeliveriesRepository, type NewDelivery } from '#src/modules/webhooks/deliveries.repository.js';
import { DeliveryService } from '#src/modules/webhooks/delivery.service.js';
import { WebhooksRepository } from '#src/modules/webhooks/webhooks.repository.js';

const BATCH = 500;
/** The safety net: undispatched events and pending deliveries are looked for this often, whatever woke up. */
const SWEEP_EVERY_MS = 5_000;

/**
 * Turns outbox rows into deliveries, one per subscribed webhook: `pending` for an active webhook,
 * `held` for a failed or disabled one, and for an active one still sending what it held (behind those). Woken right after a commit in the process that committed, and
 * by a periodic sweep, so an event committed just before a crash is still dispatched. Rows are taken
 * with SKIP LOCKED, so several workers can dispatch at once without sending an event twice.
 */
@Injectable()
export class EventDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventDispatcher');
  private wakeQueued = false;
  /** Wake-ups on their way to the queue. */
  private readonly wakes = new Set<Promise<unknown>>();

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly events: EventsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly delivery: DeliveryService,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.keepScheduled('webhook-dispatch-sweep', JobName.DispatchEvents, { sweep: true }, SWEEP_EVERY_MS);
  }

  /** Commits in the same turn of the event loop share one wake-up: under load that saves a queue round trip per event. */
  @OnEvent(EVENT_COMMITTED)
  onCommitted(): void {
    if (this.wakeQueued) {
      return;
    }
    this.wakeQueued = true;
    const wake: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(() => {
        this.wakeQueued = false;
        return this.queue.enqueue(JobName.DispatchEvents, {}, { dedupeKey: 'dispatch-events' });
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not wake the event dispatcher; the sweep will'))
      .finally(() => this.wakes.delete(wake));
    this.wakes.add(wake);
  }

  /** A process that commits and stops at once (a CLI command) still wakes the dispatcher before its queue closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.wakes);
  }

  /** Dispatches every undispatched event, in commit order; with `sweep`, also re-wakes overdue deliveries and lost releases. */
  async dispatch(sweep = false): Promise<void> {
    for (;;) {
      const { dispatched, pending, releasing } = await this.dispatchBatch();
      await this.delivery.wake(pending);
      for (const webhookId of releasing) {
        await this.delivery.releaseLater(webhookId);
      }
      if (dispatched < BATCH) {
        break;
      }
    }
    if (sweep) {
      await this.delivery.wake(await this.deliveries.overdue(BATCH));
      for (const webhookId of await this.deliveries.heldByActiveWebhooks(BATCH)) {
        await this.delivery.releaseLater(webhookId);
      }
    }
  }

  private async dispatchBatch(): Promise<{ dispatched: number; pending: string[]; releasing: Set<string> }> {
    return this.transactions.run(async (tx) => {
      const events = await this.events.takeUndispatched(BATCH, tx);
      const releasing = new Set<string>();
      if (events.length === 0) {
        return { dispatched: 0, pending: [], releasing };
      }
      const subscribers = await this.webhooks.subscribers([...new Set(events.map((event) => event.orgId))], tx);
      const deliveries: NewDelivery[] = [];
      for (const event of events) {
        const body = JSON.stringify({
          id: event.id,
          type: event.type,
          timestamp: event.createdAt.toISOString(),
          data: event.data,
          organizationId: event.orgId,
        });
        for (const webhook of subscribers) {
          // A webhook receives the events committed after it was created, not older ones dispatched late.
          if (webhook.orgId === event.orgId && webhook.events.includes(event.type) && webhook.createdAt <= event.createdAt) {
            deliveries.push({
              orgId: event.orgId,
              webhookId: webhook.id,
              eventId: event.id,
              eventType: event.type,
              body,
              status: webhook.status === 'active' && !webhook.holding ? 'pending' : 'held',
              eventCreatedAt: event.createdAt,
            });
            if (webhook.status === 'active' && webhook.holding) {
              releasing.add(webhook.id);
            }
          }
        }
      }
      const pending = await this.deliveries.insertDispatched(deliveries, tx);
      await this.events.markDispatched(
        events.map((event) => event.id),
        tx,
      );
      return { dispatched: events.length, pending, releasing };
    });
  }
}
