import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { DeliveryService } from '#src/modules/webhooks/delivery.service.js';
import { EventDispatcher } from '#src/modules/webhooks/event-dispatcher.service.js';

/** Registers the webhook job handlers; they run wherever the queue consumes (worker, or embedded api). */
@Injectable()
export class WebhooksProcessor implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly dispatcher: EventDispatcher,
    private readonly delivery: DeliveryService,
  ) {}

  onModuleInit(): void {
    this.queue.handle(JobName.DispatchEvents, ({ sweep }) => this.dispatcher.dispatch(sweep));
    this.queue.handle(JobName.DeliverWebhook, async ({ deliveryId }) => {
      await this.delivery.attempt(deliveryId);
    });
    this.queue.handle(JobName.ReleaseHeldDeliveries, ({ webhookId }) => this.delivery.releaseHeld(webhookId));
  }
}
