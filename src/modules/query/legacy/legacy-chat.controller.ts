import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { ClientGone } from '#src/common/http/client-gone.decorator.js';
import { Legacy } from '#src/common/http/route-policy/legacy.decorator.js';
import { SpendsModelTokens } from '#src/modules/limits/limits.decorator.js';
import { LegacyChatRequestDto, LegacyChatResponseDto, toLegacyChatResponse } from '#src/modules/query/legacy/legacy-chat.dto.js';
import { QueryService } from '#src/modules/query/query.service.js';

@ApiTags('Query and search')
@Controller()
export class LegacyChatController {
  constructor(private readonly queries: QueryService) {}

  @Post('api/chat')
  @Legacy({ successor: '/api/v1/query' })
  @HttpCode(200)
  @Authenticated(Permission.Chat)
  @SpendsModelTokens()
  @ApiOperation({ summary: 'Ask an agent (legacy)', deprecated: true, description: 'Successor: POST /api/v1/query. Answers the abbreviated form.' })
  @ApiOkResponse({ type: LegacyChatResponseDto })
  @ApiErrors([400, 404, 409, 503], 'legacy')
  async chat(@Auth() auth: AuthContext, @Body() dto: LegacyChatRequestDto, @ClientGone() clientGone: AbortSignal): Promise<LegacyChatResponseDto> {
    const prepared = await this.queries.prepare(auth, { agentId: dto.agentId, query: dto.prompt, sessionId: dto.sessionId });
    return toLegacyChatResponse(await this.queries.answer(prepared, { signal: clientGone }));
  }
}
