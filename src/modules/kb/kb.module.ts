import { Module } from '@nestjs/common';
import { KbController } from '#src/modules/kb/kb.controller.js';
import { KbRepository } from '#src/modules/kb/kb.repository.js';
import { KbService } from '#src/modules/kb/kb.service.js';

@Module({
  controllers: [KbController],
  providers: [KbRepository, KbService],
  exports: [KbService, KbRepository],
})
export class KbModule {}
