import { Module } from '@nestjs/common';
import { AgentCacheModule } from '#src/modules/agents/agent-cache.module.js';
import { AgentsController } from '#src/modules/agents/agents.controller.js';
import { AgentsRepository } from '#src/modules/agents/agents.repository.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { LegacyAgentsController } from '#src/modules/agents/legacy/legacy-agents.controller.js';
import { DataSourcesModule } from '#src/modules/data-sources/data-sources.module.js';
import { ProviderKeysModule } from '#src/modules/provider-keys/provider-keys.module.js';

@Module({
  imports: [AgentCacheModule, DataSourcesModule, ProviderKeysModule],
  controllers: [AgentsController, LegacyAgentsController],
  providers: [AgentsRepository, AgentsService],
  exports: [AgentsService],
})
export class AgentsModule {}
