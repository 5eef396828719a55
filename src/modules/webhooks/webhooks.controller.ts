import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, IsPrefixedId, PaginationQueryDto } from '#src/common/validation/validators.js';
import {
  CreatedWebhookResponseDto,
  CreateWebhookDto,
  DeliveryListResponseDto,
  ListDeliveriesQueryDto,
  RetryDeliveryResponseDto,
  TestDeliveryResponseDto,
  toAttemptResponse,
  toDeliveryResponse,
  toWebhookResponse,
  UpdateWebhookDto,
  WebhookListResponseDto,
  WebhookResponseDto,
} from '#src/modules/webhooks/dto/webhook.dto.js';
import { WebhooksService } from '#src/modules/webhooks/webhooks.service.js';

export class WebhookIdParam extends IdParamDto('webhook') {}

export class DeliveryParams extends IdParamDto('webhook') {
  @IsPrefixedId('delivery')
  delivery_id: string;
}

export const DOC = {
  create: {
    summary: 'Create a webhook',
    description:
      'HTTPS only, with a certificate a public CA (or one the operator trusts) issued, and a host that does not resolve to a private, loopback or ' +
      'link-local address. The signing secret is in this response only: each delivery carries `X-Service-Signature`, the lower-case hex ' +
      'HMAC-SHA256 of the raw body keyed with it.',
  },
  update: {
    summary: 'Update a webhook',
    description:
      'Any of url, events, description and status (`active` or `disabled`). While a webhook is disabled or failed its new events are held; ' +
      'setting it `active` sends them, oldest first.',
  },
  test: {
    summary: 'Send a test event',
    description:
      'A real, signed delivery of a `webhook.test` event, made now; the response reports its outcome. Recorded among the deliveries, never ' +
      'retried, and it does not change the webhook status.',
  },
  deliveries: { summary: "List a webhook's deliveries", description: 'Newest first; filter by `status` (pending, held, succeeded, failed) and event type.' },
  retry: {
    summary: 'Retry a failed delivery',
    description:
      'One more attempt, made now; the response reports its outcome. A success makes a failed webhook active again, which sends its held ' +
      'deliveries. 409 unless the delivery is failed.',
  },
};

@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
@Authenticated(Permission.WebhooksManage)
export class WebhooksController {
  constructor(private readonly service: WebhooksService) {}

  @Post()
  @ApiOperation(DOC.create)
  @ApiCreatedResponse({ type: CreatedWebhookResponseDto })
  @ApiErrors([400, 503])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateWebhookDto): Promise<CreatedWebhookResponseDto> {
    const { webhook, secret } = await this.service.create(auth, dto);
    return { ...toWebhookResponse(webhook), secret };
  }

  @Get()
  @ApiOperation({ summary: 'List webhooks', description: 'Newest first. Secrets are never shown.' })
  @ApiOkResponse({ type: WebhookListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<WebhookListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { webhooks: items.map(toWebhookResponse), total, limit: page.limit, offset: page.offset };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook' })
  @ApiOkResponse({ type: WebhookResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<WebhookResponseDto> {
    return toWebhookResponse(await this.service.get(auth, id));
  }

  @Put(':id')
  @ApiOperation(DOC.update)
  @ApiOkResponse({ type: WebhookResponseDto })
  @ApiErrors([400, 404])
  async update(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam, @Body() dto: UpdateWebhookDto): Promise<WebhookResponseDto> {
    return toWebhookResponse(await this.service.update(auth, id, dto));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook', description: 'Its deliveries go with it; nothing more is sent.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async delete(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation(DOC.test)
  @ApiOkResponse({ type: TestDeliveryResponseDto })
  @ApiErrors([400, 404, 503])
  async test(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<TestDeliveryResponseDto> {
    return toAttemptResponse(await this.service.test(auth, id));
  }

  @Get(':id/deliveries')
  @ApiOperation(DOC.deliveries)
  @ApiOkResponse({ type: DeliveryListResponseDto })
  @ApiErrors([400, 404])
  async deliveries(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam, @Query() query: ListDeliveriesQueryDto): Promise<DeliveryListResponseDto> {
    const { items, total } = await this.service.listDeliveries(auth, id, { status: query.status, eventType: query.event_type }, query);
    return { deliveries: items.map(toDeliveryResponse), total, limit: query.limit, offset: query.offset };
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @HttpCode(200)
  @ApiOperation(DOC.retry)
  @ApiOkResponse({ type: RetryDeliveryResponseDto })
  @ApiErrors([400, 404, 409, 503])
  async retry(@Auth() auth: AuthContext, @Param() { id, delivery_id }: DeliveryParams): Promise<RetryDeliveryResponseDto> {
    const { result, delivery } = await this.service.retry(auth, id, delivery_id);
    return { ...toAttemptResponse(result), delivery: toDeliveryResponse(delivery) };
  }
}
