import { Module } from '@nestjs/common';
import { AgentsModule } from '#src/modules/agents/agents.module.js';
import { DataSourcesModule } from '#src/modules/data-sources/data-sources.module.js';
import { GenerationModule } from '#src/modules/generation/generation.module.js';
import { InteractionsModule } from '#src/modules/interactions/interactions.module.js';
import { ProviderKeysModule } from '#src/modules/provider-keys/provider-keys.module.js';
import { AbandonedAnswers } from '#src/modules/query/abandoned-answers.js';
import { AnswersInFlight } from '#src/modules/query/answers-in-flight.js';
import { LegacyChatController } from '#src/modules/query/legacy/legacy-chat.controller.js';
import { QueryController } from '#src/modules/query/query.controller.js';
import { QueryService } from '#src/modules/query/query.service.js';
import { SearchService } from '#src/modules/query/search.service.js';
import { RetrievalModule } from '#src/modules/retrieval/retrieval.module.js';

@Module({
  imports: [AgentsModule, DataSourcesModule, InteractionsModule, RetrievalModule, GenerationModule, ProviderKeysModule],
  controllers: [QueryController, LegacyChatController],
  providers: [QueryService, SearchService, AnswersInFlight, AbandonedAnswers],
})
export class QueryModule {}
