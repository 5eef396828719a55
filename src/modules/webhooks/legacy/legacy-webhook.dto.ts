import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, PaginationQueryDto } from '#src/common/validation/validators.js';
import { EVENT_TYPES } from '#src/modules/events/event-map.js';
import { iso } from '#src/modules/webhooks/dto/webhook.dto.js';
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookDeliveryEntity } from '#src/modules/webhooks/webhook-delivery.entity.js';
import type { AttemptResult } from '#src/modules/webhooks/webhooks.service.js';
import { WEBHOOK_STATUSES, type WebhookEntity } from '#src/modules/webhooks/webhook.entity.js';

export class LegacyListDeliveriesQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @Optional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({ enum: [...EVENT_TYPES, 'webhook.test'] })
  @Optional()
  @IsIn([...EVENT_TYPES, 'webhook.test'])
  eventType?: string;
}

export class LegacyWebhookResponseDto {
  @ApiProperty({ example: exampleId('webhook') })
  id: string;

  @ApiProperty()
  url: string;

  @ApiProperty({ type: [String] })
  events: string[];

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ enum: WEBHOOK_STATUSES })
  status: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class LegacyCreatedWebhookResponseDto extends LegacyWebhookResponseDto {
  @ApiProperty({ example: 'whsec_…', description: 'The signing secret. Shown once.' })
  secret: string;
}

export class LegacyWebhookListResponseDto {
  @ApiProperty({ type: [LegacyWebhookResponseDto] })
  webhooks: LegacyWebhookResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class LegacyDeliveryResponseDto {
  @ApiProperty({ example: exampleId('delivery') })
  id: string;

  @ApiProperty({ example: exampleId('webhook') })
  webhookId: string;

  @ApiProperty({ example: exampleId('event') })
  eventId: string;

  @ApiProperty({ example: 'interaction.completed' })
  eventType: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  status: string;

  @ApiProperty({ type: 'integer', example: 1 })
  attempts: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  lastStatusCode: number | null;

  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 84 })
  lastDurationMs: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class LegacyDeliveryListResponseDto {
  @ApiProperty({ type: [LegacyDeliveryResponseDto] })
  deliveries: LegacyDeliveryResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class LegacyTestDeliveryResponseDto {
  @ApiProperty({ example: exampleId('delivery') })
  deliveryId: string;

  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  statusCode: number | null;

  @ApiProperty({ type: 'integer', example: 84 })
  durationMs: number;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

export class LegacyRetryDeliveryResponseDto extends LegacyTestDeliveryResponseDto {
  @ApiProperty({ type: LegacyDeliveryResponseDto })
  delivery: LegacyDeliveryResponseDto;
}

export function toLegacyWebhookResponse(webhook: WebhookEntity): LegacyWebhookResponseDto {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    status: webhook.status,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

export function toLegacyDeliveryResponse(delivery: WebhookDeliveryEntity): LegacyDeliveryResponseDto {
  return {
    id: delivery.id,
    webhookId: delivery.webhookId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastDurationMs: delivery.lastDurationMs,
    deliveredAt: iso(delivery.deliveredAt),
    createdAt: delivery.createdAt.toISOString(),
  };
}

export function toLegacyAttemptResponse(result: AttemptResult): LegacyTestDeliveryResponseDto {
  return { deliveryId: result.deliveryId, success: result.success, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error };
}
