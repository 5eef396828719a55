import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { SecretCipher, SecretDecryptionError, SecretsUnavailableError } from '#src/common/crypto/secret-cipher.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { DeliveriesRepository } from '#src/modules/webhooks/deliveries.repository.js';
import type { WebhookDeliveryEntity } from '#src/modules/webhooks/webhook-delivery.entity.js';
import { delayAfterAttempt, MAX_ATTEMPTS } from '#src/modules/webhooks/retry-schedule.js';
import { WebhookSender, type SendOutcome } from '#src/modules/webhooks/webhook-sender.js';
import { WebhooksRepository, type WebhookTarget } from '#src/modules/webhooks/webhooks.repository.js';

/**
 * Attempts deliveries on the contract's schedule: at once, then after 5 s, 30 s, 5 min and 1 h. The
 * attempt count and the next attempt's time live in PostgreSQL; a queued job only says "look at this
 * delivery now", so a job that is lost, repeated or early does no harm.
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: DeliveriesRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly cipher: SecretCipher,
    private readonly queue: JobQueue,
  ) {}

  async wake(deliveryIds: string[], delayMs = 0): Promise<void> {
    // No de-duplication needed: an attempt is claimed in the database, so a second wake-up finds nothing due.
    await this.queue.enqueueMany(
      JobName.DeliverWebhook,
      deliveryIds.map((deliveryId) => ({ deliveryId })),
      { delayMs, attempts: 3 },
    );
  }

  /** One attempt, if the delivery is due; answers the outcome, or undefined when there was nothing to do. */
  async attempt(deliveryId: string): Promise<SendOutcome | undefined> {
    const claimed = await this.deliveries.claim(deliveryId);
    if (!claimed) {
      return undefined;
    }
    const { delivery, webhook } = claimed;
    if (webhook.status !== 'active') {
      await this.deliveries.hold(webhook.orgId, delivery.id);
      return undefined;
    }
    const outcome = await this.sendSigned(webhook, delivery);
    if (outcome.success) {
      await this.deliveries.succeeded(webhook.orgId, delivery.id, outcome);
      return outcome;
    }
    const retryInMs = delivery.attempts < MAX_ATTEMPTS ? delayAfterAttempt(delivery.attempts, this.config.webhooks.retryTimeScale) : undefined;
    await this.deliveries.attemptFailed(webhook.orgId, delivery.id, outcome, retryInMs);
    if (retryInMs !== undefined) {
      await this.wake([delivery.id], retryInMs);
    } else if (await this.webhooks.markFailed(webhook.orgId, webhook.id)) {
      // Events committed from now on are held; deliveries already pending run out their own schedules.
      this.logger.warn(
        { webhook_id: webhook.id, delivery_id: delivery.id, error: outcome.error },
        'A delivery failed five times: the webhook is now failed and holds its new events',
      );
    }
    return outcome;
  }

  /** One signed POST of a delivery's body; the headers name the event and the delivery for receivers' logs and de-duplication. */
  async send(
    target: Pick<WebhookTarget, 'url'>,
    secret: string,
    delivery: Pick<WebhookDeliveryEntity, 'id' | 'eventId' | 'eventType' | 'body'>,
  ): Promise<SendOutcome> {
    return this.sender.send(target.url, delivery.body, secret, {
      'x-service-event': delivery.eventType,
      'x-service-event-id': delivery.eventId,
      'x-service-delivery': delivery.id,
    });
  }

  /**
   * A secret this process cannot open (its encryption key dropped from SECRET_ENCRYPTION_KEYS, or a worker
   * started without the setting) fails the attempt as an unreachable receiver would: recorded with the
   * reason, retried on the schedule, the webhook failed after the fifth. Thrown instead, the claim's lease
   * would bring the delivery back every minute, its attempts counting past five with no error shown. A test
   * or a manual retry answers that outcome too, not a server error.
   */
  async sendSigned(webhook: WebhookTarget, delivery: Pick<WebhookDeliveryEntity, 'id' | 'eventId' | 'eventType' | 'body'>): Promise<SendOutcome> {
    let secret: string;
    try {
      secret = this.secretOf(webhook);
    } catch (error) {
      if (error instanceof SecretDecryptionError || error instanceof SecretsUnavailableError) {
        this.logger.error({ webhook_id: webhook.id, delivery_id: delivery.id, err: error.message }, 'A webhook signing secret cannot be opened');
        return { success: false, statusCode: null, durationMs: 0, error: `Not sent: the signing secret cannot be opened. ${error.message}` };
      }
      throw error;
    }
    return this.send(webhook, secret, delivery);
  }

  /** Queues the sending of a webhook's held deliveries (one job per webhook at a time). */
  async releaseLater(webhookId: string): Promise<void> {
    await this.queue.enqueue(JobName.ReleaseHeldDeliveries, { webhookId }, { dedupeKey: `release-held:${webhookId}` });
  }

  /**
   * Sends a webhook's held deliveries one after the other, oldest first, each once before the next; one
   * that fails goes on with its own retry schedule. Events committed meanwhile are held behind them.
   */
  async releaseHeld(webhookId: string): Promise<void> {
    for (;;) {
      const deliveryId = await this.deliveries.releaseOldest(webhookId);
      // Nothing sent: none held, or the webhook was made inactive again (the delivery is held once more).
      if (!deliveryId || !(await this.attempt(deliveryId))) {
        return;
      }
    }
  }

  private secretOf(webhook: Pick<WebhookTarget, 'orgId' | 'secretCiphertext' | 'secretKeyId'>): string {
    return this.cipher.decrypt(webhook.orgId, { ciphertext: webhook.secretCiphertext, keyId: webhook.secretKeyId });
  }
}
