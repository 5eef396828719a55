import { Module } from '@nestjs/common';
import { AgentCache } from '#src/modules/agents/agent-cache.js';

/** The agent cache on its own, for the modules that change agents without depending on AgentsModule. */
@Module({
  providers: [AgentCache],
  exports: [AgentCache],
})
export class AgentCacheModule {}
