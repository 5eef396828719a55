import { Module } from '@nestjs/common';
import { InteractionsController } from '#src/modules/interactions/interactions.controller.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';
import { InteractionsService } from '#src/modules/interactions/interactions.service.js';

@Module({
  controllers: [InteractionsController],
  providers: [InteractionsRepository, InteractionsService],
  exports: [InteractionsService, InteractionsRepository],
})
export class InteractionsModule {}
