import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { SecretCipher, SecretsUnavailableError } from '#src/common/crypto/secret-cipher.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { newId } from '#src/common/ids/ids.js';
import { TargetUrlError, validateTargetUrl } from '#src/common/net/ssrf-guard.js';
import type { Page } from '#src/common/validation/validators.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { diffChanges } from '#src/modules/events/event-map.js';
import { DeliveriesRepository } from '#src/modules/webhooks/deliveries.repository.js';
import { DeliveryService } from '#src/modules/webhooks/delivery.service.js';
import type { CreateWebhookDto, UpdateWebhookDto } from '#src/modules/webhooks/dto/webhook.dto.js';
import type { DeliveryStatus, WebhookDeliveryEntity } from '#src/modules/webhooks/webhook-delivery.entity.js';
import { generateSecret } from '#src/modules/webhooks/webhook-signature.js';
import type { SendOutcome } from '#src/modules/webhooks/webhook-sender.js';
import { WebhookEntity } from '#src/modules/webhooks/webhook.entity.js';
import { WebhooksRepository } from '#src/modules/webhooks/webhooks.repository.js';

/** The event type of `POST /:id/test` deliveries; never sent for anything else. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface AttemptResult extends SendOutcome {
  deliveryId: string;
}

/**
 * Webhook subscriptions. The signing secret is generated here, returned once, and kept sealed with
 * SecretCipher (it must be recoverable to sign, so it cannot be hashed). URLs are checked when saved
 * (https, a public address) and again at every connect, where a DNS answer that changed since is caught.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly delivery: DeliveryService,
    private readonly cipher: SecretCipher,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  async create(auth: AuthContext, dto: CreateWebhookDto): Promise<{ webhook: WebhookEntity; secret: string }> {
    const url = await this.checkedUrl(dto.url);
    const secret = generateSecret();
    const sealed = this.seal(auth.orgId, secret);
    const webhook = await this.transactions.run(async (tx) => {
      const created = await this.webhooks.insert(
        auth.orgId,
        Object.assign(new WebhookEntity(), {
          id: newId('webhook'),
          orgId: auth.orgId,
          url,
          events: dto.events,
          description: dto.description ?? null,
          status: 'active',
          secretCiphertext: sealed.ciphertext,
          secretKeyId: sealed.keyId,
        }),
        tx,
      );
      // Where an organization's content goes is security-relevant: a webhook receives every prompt and answer.
      await this.audit.record(auditOf(auth, 'webhook.created', webhookTarget(created), { url, events: created.events }), tx);
      return created;
    });
    return { webhook, secret };
  }

  async list(auth: AuthContext, page: Page): Promise<{ items: WebhookEntity[]; total: number }> {
    return this.webhooks.list(auth.orgId, page);
  }

  async get(auth: AuthContext, id: string): Promise<WebhookEntity> {
    const webhook = await this.webhooks.findById(auth.orgId, id);
    if (!webhook) {
      throw AppError.notFound('Webhook', id);
    }
    return webhook;
  }

  /** Setting a failed or disabled webhook `active` sends its held deliveries, oldest first. */
  async update(auth: AuthContext, id: string, dto: UpdateWebhookDto): Promise<WebhookEntity> {
    const url = dto.url === undefined ? undefined : await this.checkedUrl(dto.url);
    const { webhook, reactivated } = await this.transactions.run(async (tx) => {
      const current = await this.webhooks.lockById(auth.orgId, id, tx);
      if (!current) {
        throw AppError.notFound('Webhook', id);
      }
      const wasActive = current.status === 'active';
      const before = auditedFields(current);
      Object.assign(current, {
        url: url ?? current.url,
        events: dto.events ?? current.events,
        description: dto.description === undefined ? current.description : dto.description,
        status: dto.status ?? current.status,
      });
      const saved = await this.webhooks.save(auth.orgId, current, tx);
      const changes = diffChanges(before, auditedFields(saved));
      if (Object.keys(changes).length > 0) {
        await this.audit.record(auditOf(auth, 'webhook.updated', webhookTarget(saved), { changes }), tx);
      }
      return { webhook: saved, reactivated: !wasActive && saved.status === 'active' };
    });
    if (reactivated) {
      await this.delivery.releaseLater(webhook.id);
    }
    return webhook;
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const webhook = await this.webhooks.lockById(auth.orgId, id, tx);
      if (!webhook) {
        throw AppError.notFound('Webhook', id);
      }
      await this.webhooks.delete(auth.orgId, id, tx);
      await this.audit.record(auditOf(auth, 'webhook.deleted', webhookTarget(webhook), { url: webhook.url }), tx);
    });
  }

  /**
   * A real, signed delivery of a `webhook.test` event, made now and answered with its outcome. It is
   * recorded among the deliveries but never retried, and does not change the webhook's status: it is how
   * a receiver is checked, including before a failed webhook is reactivated.
   */
  async test(auth: AuthContext, id: string): Promise<AttemptResult> {
    const webhook = await this.get(auth, id);
    const target = await this.webhooks.target(auth.orgId, webhook.id);
    if (!target) {
      throw AppError.notFound('Webhook', id);
    }
    const deliveryId = newId('delivery');
    const eventId = newId('event');
    const now = new Date();
    const body = JSON.stringify({
      id: eventId,
      type: TEST_EVENT_TYPE,
      timestamp: now.toISOString(),
      data: { webhook: { id: webhook.id, url: webhook.url, events: webhook.events } },
      organizationId: auth.orgId,
    });
    const outcome = await this.delivery.sendSigned(target, { id: deliveryId, eventId, eventType: TEST_EVENT_TYPE, body });
    await this.deliveries.recordTest(
      { id: deliveryId, orgId: auth.orgId, webhookId: webhook.id, eventId, eventType: TEST_EVENT_TYPE, body, eventCreatedAt: now },
      outcome,
    );
    return { deliveryId, ...outcome };
  }

  async listDeliveries(
    auth: AuthContext,
    webhookId: string,
    filter: { status?: DeliveryStatus; eventType?: string },
    page: Page,
  ): Promise<{ items: WebhookDeliveryEntity[]; total: number }> {
    await this.get(auth, webhookId);
    return this.deliveries.list(auth.orgId, webhookId, filter, page);
  }

  async getDelivery(auth: AuthContext, webhookId: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const delivery = await this.deliveries.findOfWebhook(auth.orgId, webhookId, deliveryId);
    if (!delivery) {
      throw AppError.notFound('Delivery', deliveryId);
    }
    return delivery;
  }

  /**
   * One more attempt of a failed delivery, made now and answered with its outcome (not put back on the
   * schedule). A success reactivates a failed webhook, which sends its held deliveries; a disabled webhook
   * stays disabled, since someone chose that.
   */
  async retry(auth: AuthContext, webhookId: string, deliveryId: string): Promise<{ result: AttemptResult; delivery: WebhookDeliveryEntity }> {
    const existing = await this.getDelivery(auth, webhookId, deliveryId);
    const target = await this.webhooks.target(auth.orgId, webhookId);
    if (!target) {
      throw AppError.notFound('Webhook', webhookId);
    }
    const claimed = await this.deliveries.claimManualRetry(auth.orgId, existing.id);
    if (!claimed) {
      throw AppError.conflict(
        `Delivery ${deliveryId} is ${existing.status === 'failed' ? 'being retried already' : existing.status}: only failed deliveries can be retried`,
        {
          status: existing.status,
        },
      );
    }
    const outcome = await this.delivery.sendSigned(target, claimed);
    if (outcome.success) {
      await this.deliveries.succeeded(auth.orgId, claimed.id, outcome);
      if (await this.webhooks.reactivate(auth.orgId, webhookId, 'failed')) {
        await this.delivery.releaseLater(webhookId);
      }
    } else {
      await this.deliveries.attemptFailed(auth.orgId, claimed.id, outcome, undefined);
    }
    return { result: { deliveryId: claimed.id, ...outcome }, delivery: await this.getDelivery(auth, webhookId, deliveryId) };
  }

  private seal(orgId: string, secret: string): { ciphertext: string; keyId: string } {
    try {
      return this.cipher.encrypt(orgId, secret);
    } catch (error) {
      throw error instanceof SecretsUnavailableError ? unavailable() : error;
    }
  }

  /**
   * https with a host name or public address, no credentials, resolving (when it resolves yet) to public
   * addresses only. ALLOW_PRIVATE_TARGETS lifts the address rule, never the https rule.
   */
  private async checkedUrl(raw: string): Promise<string> {
    try {
      await validateTargetUrl(raw, { httpsOnly: true, allowPrivateTargets: this.config.allowPrivateTargets });
    } catch (error) {
      if (!(error instanceof TargetUrlError) || error.reason !== 'unresolvable') {
        const message = error instanceof TargetUrlError ? error.message : 'the URL cannot be used';
        throw AppError.invalid(`url: ${message}`, { url: [message] });
      }
    }
    return new URL(raw).toString();
  }
}

function unavailable(): AppError {
  return new AppError(ErrorCode.ServiceUnavailable, 'Webhooks are not available on this deployment: the operator must set SECRET_ENCRYPTION_KEYS');
}

function webhookTarget(webhook: WebhookEntity): { type: 'webhook'; id: string } {
  return { type: 'webhook', id: webhook.id };
}

function auditedFields(webhook: WebhookEntity): Pick<WebhookEntity, 'url' | 'events' | 'description' | 'status'> {
  return { url: webhook.url, events: webhook.events, description: webhook.description, status: webhook.status };
}
