import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { AnalyticsQueryDto, AnalyticsResponseDto, MAX_BUCKETS, toAnalyticsResponse } from '#src/modules/analytics/dto/analytics.dto.js';
import { AnalyticsService } from '#src/modules/analytics/analytics.service.js';

@ApiTags('Analytics')
@Controller('api/v1/analytics')
export class AnalyticsController {
  constructor(private readonly service: AnalyticsService) {}

  @Get()
  @Authenticated(Permission.AnalyticsRead)
  @ApiOperation({
    summary: 'Usage and quality figures over a date range',
    description:
      'The caller\u2019s organization, or one of its agents, from start_date 00:00 to end_date 23:59:59.999 UTC; buckets are UTC whatever ' +
      'the server\u2019s time zone. `total_queries`, `unique_users` and each bucket\u2019s `queries` count every interaction, whatever its ' +
      'status; latencies, `citation_rate` and `total_cost_usd` use completed ones only, and `accuracy_rate` the feedback given. A range ' +
      `without interactions answers zeros and nulls. More than ${MAX_BUCKETS} buckets, a start after the end or an invalid date is a 400; ` +
      'an agent_id that is not an agent of the organization is a 404.',
  })
  @ApiOkResponse({ type: AnalyticsResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Query() query: AnalyticsQueryDto): Promise<AnalyticsResponseDto> {
    return toAnalyticsResponse(await this.service.report(auth, query));
  }
}
