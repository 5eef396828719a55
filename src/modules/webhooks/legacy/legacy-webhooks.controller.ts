import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { Legacy } from '#src/common/http/route-policy/legacy.decorator.js';
import { IdParamDto, IsPrefixedId, PaginationQueryDto } from '#src/common/validation/validators.js';
import { CreateWebhookDto, UpdateWebhookDto } from '#src/modules/webhooks/dto/webhook.dto.js';
import {
  LegacyCreatedWebhookResponseDto,
  LegacyDeliveryListResponseDto,
  LegacyListDeliveriesQueryDto,
  LegacyRetryDeliveryResponseDto,
  LegacyTestDeliveryResponseDto,
  LegacyWebhookListResponseDto,
  LegacyWebhookResponseDto,
  toLegacyAttemptResponse,
  toLegacyDeliveryResponse,
  toLegacyWebhookResponse,
} from '#src/modules/webhooks/legacy/legacy-webhook.dto.js';
import { DOC, WebhookIdParam } from '#src/modules/webhooks/webhooks.controller.js';
import { WebhooksService } from '#src/modules/webhooks/webhooks.service.js';

/** The legacy form names its path parameters in camelCase, as its bodies. */
export class LegacyDeliveryParams extends IdParamDto('webhook') {
  @IsPrefixedId('delivery')
  deliveryId: string;
}

@ApiTags('Webhooks (legacy)')
@Legacy({ successor: '/api/v1/webhooks' })
@Controller('api/webhooks')
@Authenticated(Permission.WebhooksManage)
export class LegacyWebhooksController {
  constructor(private readonly service: WebhooksService) {}

  @Post()
  @ApiOperation({ ...DOC.create, deprecated: true })
  @ApiCreatedResponse({ type: LegacyCreatedWebhookResponseDto })
  @ApiErrors([400, 503], 'legacy')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateWebhookDto): Promise<LegacyCreatedWebhookResponseDto> {
    const { webhook, secret } = await this.service.create(auth, dto);
    return { ...toLegacyWebhookResponse(webhook), secret };
  }

  @Get()
  @ApiOperation({ summary: 'List webhooks', deprecated: true })
  @ApiOkResponse({ type: LegacyWebhookListResponseDto })
  @ApiErrors([400], 'legacy')
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<LegacyWebhookListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { webhooks: items.map(toLegacyWebhookResponse), total, limit: page.limit, offset: page.offset };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook', deprecated: true })
  @ApiOkResponse({ type: LegacyWebhookResponseDto })
  @ApiErrors([400, 404], 'legacy')
  async get(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<LegacyWebhookResponseDto> {
    return toLegacyWebhookResponse(await this.service.get(auth, id));
  }

  @Put(':id')
  @ApiOperation({ ...DOC.update, deprecated: true })
  @ApiOkResponse({ type: LegacyWebhookResponseDto })
  @ApiErrors([400, 404], 'legacy')
  async update(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam, @Body() dto: UpdateWebhookDto): Promise<LegacyWebhookResponseDto> {
    return toLegacyWebhookResponse(await this.service.update(auth, id, dto));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook', deprecated: true })
  @ApiNoContentResponse()
  @ApiErrors([400, 404], 'legacy')
  async delete(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ ...DOC.test, deprecated: true })
  @ApiOkResponse({ type: LegacyTestDeliveryResponseDto })
  @ApiErrors([400, 404, 503], 'legacy')
  async test(@Auth() auth: AuthContext, @Param() { id }: WebhookIdParam): Promise<LegacyTestDeliveryResponseDto> {
    return toLegacyAttemptResponse(await this.service.test(auth, id));
  }

  @Get(':id/deliveries')
  @ApiOperation({ ...DOC.deliveries, deprecated: true })
  @ApiOkResponse({ type: LegacyDeliveryListResponseDto })
  @ApiErrors([400, 404], 'legacy')
  async deliveries(
    @Auth() auth: AuthContext,
    @Param() { id }: WebhookIdParam,
    @Query() query: LegacyListDeliveriesQueryDto,
  ): Promise<LegacyDeliveryListResponseDto> {
    const { items, total } = await this.service.listDeliveries(auth, id, { status: query.status, eventType: query.eventType }, query);
    return { deliveries: items.map(toLegacyDeliveryResponse), total, limit: query.limit, offset: query.offset };
  }

  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(200)
  @ApiOperation({ ...DOC.retry, deprecated: true })
  @ApiOkResponse({ type: LegacyRetryDeliveryResponseDto })
  @ApiErrors([400, 404, 409, 503], 'legacy')
  async retry(@Auth() auth: AuthContext, @Param() { id, deliveryId }: LegacyDeliveryParams): Promise<LegacyRetryDeliveryResponseDto> {
    const { result, delivery } = await this.service.retry(auth, id, deliveryId);
    return { ...toLegacyAttemptResponse(result), delivery: toLegacyDeliveryResponse(delivery) };
  }
}
