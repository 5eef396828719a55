import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsString, MaxLength, MinLength, type ValidationArguments } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, PaginationQueryDto, Trimmed } from '#src/common/validation/validators.js';
import { EVENT_TYPES } from '#src/modules/events/event-map.js';
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookDeliveryEntity } from '#src/modules/webhooks/webhook-delivery.entity.js';
import type { AttemptResult } from '#src/modules/webhooks/webhooks.service.js';
import { WEBHOOK_STATUSES, type WebhookEntity } from '#src/modules/webhooks/webhook.entity.js';

const EVENTS_DOC = { type: String, isArray: true, enum: [...EVENT_TYPES], example: ['interaction.completed', 'datasource.processed'] };

/** Not empty, no repeats, each one of the spec's types; a refusal names the values that are not. */
function EventTypes(): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayNotEmpty(),
    ArrayUnique({ message: 'events must not name a type twice' }),
    ArrayMaxSize(EVENT_TYPES.length),
    IsIn(EVENT_TYPES, {
      each: true,
      message: ({ value }: ValidationArguments) =>
        `events names unknown types (${unknownTypes(value).join(', ')}): each must be one of ${EVENT_TYPES.join(', ')}`,
    }),
  );
}

function unknownTypes(value: unknown): string[] {
  const known = new Set<string>(EVENT_TYPES);
  return (Array.isArray(value) ? value : [value]).filter((type) => !known.has(type as string)).map((type) => JSON.stringify(type));
}

export class CreateWebhookDto {
  @ApiProperty({
    example: 'https://hooks.acme.test/agent-events',
    maxLength: 2_048,
    description: 'HTTPS only; it must not resolve to a private, loopback or link-local address.',
  })
  @Trimmed()
  @IsString()
  @MaxLength(2_048)
  url: string;

  @ApiProperty(EVENTS_DOC)
  @EventTypes()
  events: string[];

  @ApiPropertyOptional({ type: String, example: 'Feeds the analytics warehouse', maxLength: 500, nullable: true })
  @Optional({ nullable: true })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'description must not be empty: send null to clear it' })
  @MaxLength(500)
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ example: 'https://hooks.acme.test/agent-events', maxLength: 2_048 })
  @Optional()
  @Trimmed()
  @IsString()
  @MaxLength(2_048)
  url?: string;

  @ApiPropertyOptional(EVENTS_DOC)
  @Optional()
  @EventTypes()
  events?: string[];

  @ApiPropertyOptional({ type: String, maxLength: 500, nullable: true })
  @Optional({ nullable: true })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'description must not be empty: send null to clear it' })
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({ enum: ['active', 'disabled'], description: 'Setting a disabled or failed webhook active sends its held deliveries, oldest first.' })
  @Optional()
  @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}

export class ListDeliveriesQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @Optional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({ enum: [...EVENT_TYPES, 'webhook.test'] })
  @Optional()
  @IsIn([...EVENT_TYPES, 'webhook.test'])
  event_type?: string;
}

export class WebhookResponseDto {
  @ApiProperty({ example: exampleId('webhook') })
  id: string;

  @ApiProperty({ example: 'https://hooks.acme.test/agent-events' })
  url: string;

  @ApiProperty({ type: [String], example: ['interaction.completed'] })
  events: string[];

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ enum: WEBHOOK_STATUSES })
  status: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class CreatedWebhookResponseDto extends WebhookResponseDto {
  @ApiProperty({ example: 'whsec_…', description: 'The signing secret. Shown once: it cannot be retrieved again.' })
  secret: string;
}

export class WebhookListResponseDto {
  @ApiProperty({ type: [WebhookResponseDto] })
  webhooks: WebhookResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class DeliveryResponseDto {
  @ApiProperty({ example: exampleId('delivery') })
  id: string;

  @ApiProperty({ example: exampleId('webhook') })
  webhook_id: string;

  @ApiProperty({ example: exampleId('event'), description: "The event's id (the envelope's `id`), the same in every attempt." })
  event_id: string;

  @ApiProperty({ example: 'interaction.completed' })
  event_type: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  status: string;

  @ApiProperty({ type: 'integer', example: 1 })
  attempts: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_attempt_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_attempt_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  last_status_code: number | null;

  @ApiProperty({ type: String, nullable: true })
  last_error: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 84 })
  last_duration_ms: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class DeliveryListResponseDto {
  @ApiProperty({ type: [DeliveryResponseDto] })
  deliveries: DeliveryResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class TestDeliveryResponseDto {
  @ApiProperty({ example: exampleId('delivery') })
  delivery_id: string;

  @ApiProperty({ example: true, description: 'Whether the receiver answered 2xx within the timeout.' })
  success: boolean;

  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  status_code: number | null;

  @ApiProperty({ type: 'integer', example: 84 })
  duration_ms: number;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

export class RetryDeliveryResponseDto extends TestDeliveryResponseDto {
  @ApiProperty({ type: DeliveryResponseDto, description: 'The delivery after the attempt.' })
  delivery: DeliveryResponseDto;
}

export const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function toWebhookResponse(webhook: WebhookEntity): WebhookResponseDto {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    status: webhook.status,
    created_at: webhook.createdAt.toISOString(),
    updated_at: webhook.updatedAt.toISOString(),
  };
}

export function toDeliveryResponse(delivery: WebhookDeliveryEntity): DeliveryResponseDto {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_attempt_at: iso(delivery.lastAttemptAt),
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    last_duration_ms: delivery.lastDurationMs,
    delivered_at: iso(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
  };
}

export function toAttemptResponse(result: AttemptResult): TestDeliveryResponseDto {
  return { delivery_id: result.deliveryId, success: result.success, status_code: result.statusCode, duration_ms: result.durationMs, error: result.error };
}
