import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { renderError } from '#src/common/errors/all-exceptions.filter.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { ClientGone } from '#src/common/http/client-gone.decorator.js';
import { requestIdOf } from '#src/common/http/request-id.middleware.js';
import { toSourceResponse } from '#src/modules/interactions/dto/interaction.dto.js';
import { SpendsModelTokens } from '#src/modules/limits/limits.decorator.js';
import { QueryRequestDto, QueryResponseDto, SemanticSearchRequestDto, SemanticSearchResponseDto } from '#src/modules/query/dto/query.dto.js';
import { EventStream } from '#src/modules/query/event-stream.js';
import { toQueryResponse } from '#src/modules/query/query-response.js';
import { QueryService, toInteractionSource } from '#src/modules/query/query.service.js';
import { SearchService } from '#src/modules/query/search.service.js';
import { streamFailure } from '#src/modules/query/stream-failure.js';

@ApiTags('Query and search')
@Controller()
export class QueryController {
  private readonly logger = new Logger('Query');

  constructor(
    private readonly queries: QueryService,
    private readonly searches: SearchService,
  ) {}

  @Post('api/v1/query')
  @Authenticated(Permission.Chat)
  @SpendsModelTokens()
  @ApiOperation({
    summary: 'Ask an agent',
    description:
      'Retrieves from the agent\u2019s data sources and published knowledge base, answers citing sources as [n], and records the interaction. ' +
      'With `stream: true` the answer comes as server-sent events: `sources` (the sources array), any number of `delta` (`{"text": …}`), ' +
      'then `done` (the metadata object), or `error` (the error envelope); a comment line every 15 s keeps the connection open.',
  })
  @ApiExtraModels(QueryResponseDto)
  @ApiOkResponse({
    description: 'The answer; with `stream: true`, the same as server-sent events',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(QueryResponseDto) } },
      'text/event-stream': {
        schema: {
          type: 'string',
          description:
            '`event: sources` (the sources array), `event: delta` (`{"text": …}`) any number of times, then `event: done` (the metadata object) or `event: error` (the error envelope)',
        },
      },
    },
  })
  @ApiErrors([400, 404, 409, 503])
  async query(
    @Auth() auth: AuthContext,
    @Body() dto: QueryRequestDto,
    @Req() request: Request,
    @Res() response: Response,
    @ClientGone() clientGone: AbortSignal,
  ): Promise<void> {
    const prepared = await this.queries.prepare(auth, {
      agentId: dto.agent_id,
      query: dto.query,
      sessionId: dto.session_id,
      temperature: dto.temperature,
      maxTokens: dto.max_tokens,
      topK: dto.top_k,
    });
    if (!dto.stream) {
      response.status(200).json(toQueryResponse(await this.queries.answer(prepared, { signal: clientGone })));
      return;
    }
    const stream = new EventStream(response);
    try {
      const result = await this.queries.answer(prepared, {
        signal: clientGone,
        onSources: (sources) =>
          stream.send(
            'sources',
            sources.map((chunk) => toSourceResponse(toInteractionSource(chunk))),
          ),
        onDelta: (text) => stream.send('delta', { text }),
      });
      stream.send('done', toQueryResponse(result).metadata);
    } catch (error) {
      const requestId = requestIdOf(request);
      stream.send('error', renderError(streamFailure(error, { clientGone, requestId, logger: this.logger }), 'versioned', requestId));
    } finally {
      stream.end();
    }
  }

  @Post('api/v1/semantic-search')
  @HttpCode(200)
  @Authenticated(Permission.Chat)
  @ApiOperation({ summary: 'Retrieve chunks without generating an answer', description: '`org_id` must be the caller\u2019s organization (403 otherwise).' })
  @ApiOkResponse({ type: SemanticSearchResponseDto })
  @ApiErrors([400, 404])
  async search(@Auth() auth: AuthContext, @Body() dto: SemanticSearchRequestDto): Promise<SemanticSearchResponseDto> {
    return this.searches.search(auth, dto);
  }
}
