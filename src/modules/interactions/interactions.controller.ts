import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto } from '#src/common/validation/validators.js';
import { FeedbackDto } from '#src/modules/interactions/dto/feedback.dto.js';
import {
  InteractionListResponseDto,
  InteractionResponseDto,
  ListInteractionsQueryDto,
  toInteractionResponse,
} from '#src/modules/interactions/dto/interaction.dto.js';
import { InteractionsService } from '#src/modules/interactions/interactions.service.js';

class InteractionIdParam extends IdParamDto('interaction') {}

@ApiTags('Interactions')
@Controller('api/v1/interactions')
export class InteractionsController {
  constructor(private readonly service: InteractionsService) {}

  @Get()
  @Authenticated(Permission.InteractionsRead)
  @ApiOperation({ summary: 'List interactions', description: 'Newest first. Dates are UTC days, both ends included.' })
  @ApiOkResponse({ type: InteractionListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() query: ListInteractionsQueryDto): Promise<InteractionListResponseDto> {
    const { items, total } = await this.service.list(auth, query);
    return { interactions: items.map(toInteractionResponse), total, limit: query.limit, offset: query.offset };
  }

  @Post(':id/feedback')
  @HttpCode(200)
  @Authenticated(Permission.Feedback)
  @ApiOperation({
    summary: 'Give feedback on an answer',
    description: 'positive or negative, with an optional comment; it can be changed later. Answers the interaction.',
  })
  @ApiOkResponse({ type: InteractionResponseDto })
  @ApiErrors([400, 404])
  async feedback(@Auth() auth: AuthContext, @Param() { id }: InteractionIdParam, @Body() dto: FeedbackDto): Promise<InteractionResponseDto> {
    return toInteractionResponse(await this.service.feedback(auth, id, dto));
  }

  @Get(':id')
  @Authenticated(Permission.InteractionsRead)
  @ApiOperation({ summary: 'Get an interaction' })
  @ApiOkResponse({ type: InteractionResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: InteractionIdParam): Promise<InteractionResponseDto> {
    return toInteractionResponse(await this.service.get(auth, id));
  }
}
