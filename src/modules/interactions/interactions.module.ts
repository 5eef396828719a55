import { Module } from '@nestjs/common';
import { InteractionLifecycle } from '#src/modules/interactions/interaction-lifecycle.js';
import { InteractionsController } from '#src/modules/interactions/interactions.controller.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';
import { InteractionsService } from '#src/modules/interactions/interactions.service.js';

@Module({
  controllers: [InteractionsController],
  providers: [InteractionsRepository, InteractionsService, InteractionLifecycle],
  exports: [InteractionsService, InteractionLifecycle, InteractionsRepository],
})
export class InteractionsModule {}
