import { Module } from '@nestjs/common';
import { AnswerService } from '#src/modules/generation/answer.service.js';
import { Answerer } from '#src/modules/generation/answerer.js';

/** Answer generation: AnswerService (also injectable as Answerer) dispatches on the agent's model name. */
@Module({
  providers: [AnswerService, { provide: Answerer, useExisting: AnswerService }],
  exports: [AnswerService, Answerer],
})
export class GenerationModule {}
