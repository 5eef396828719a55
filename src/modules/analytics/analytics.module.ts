import { Module } from '@nestjs/common';
import { AgentsModule } from '#src/modules/agents/agents.module.js';
import { AnalyticsController } from '#src/modules/analytics/analytics.controller.js';
import { AnalyticsRepository } from '#src/modules/analytics/analytics.repository.js';
import { AnalyticsService } from '#src/modules/analytics/analytics.service.js';

@Module({
  imports: [AgentsModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsRepository, AnalyticsService],
})
export class AnalyticsModule {}
