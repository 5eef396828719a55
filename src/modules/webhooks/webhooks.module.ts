import { Module } from '@nestjs/common';
import { DeliveriesRepository } from '#src/modules/webhooks/deliveries.repository.js';
import { DeliveryService } from '#src/modules/webhooks/delivery.service.js';
import { EventDispatcher } from '#src/modules/webhooks/event-dispatcher.service.js';
import { LegacyWebhooksController } from '#src/modules/webhooks/legacy/legacy-webhooks.controller.js';
import { WebhookSender } from '#src/modules/webhooks/webhook-sender.js';
import { WebhooksController } from '#src/modules/webhooks/webhooks.controller.js';
import { WebhooksProcessor } from '#src/modules/webhooks/webhooks.processor.js';
import { WebhooksRepository } from '#src/modules/webhooks/webhooks.repository.js';
import { WebhooksService } from '#src/modules/webhooks/webhooks.service.js';

/**
 * Webhook subscriptions and the delivery of domain events to them: the outbox dispatcher turns committed
 * events into deliveries, and delivery jobs attempt them on the contract's schedule.
 */
@Module({
  controllers: [WebhooksController, LegacyWebhooksController],
  providers: [WebhooksRepository, DeliveriesRepository, WebhookSender, DeliveryService, EventDispatcher, WebhooksService, WebhooksProcessor],
})
export class WebhooksModule {}
