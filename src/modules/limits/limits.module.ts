import { Global, Module } from '@nestjs/common';
import { InteractionsModule } from '#src/modules/interactions/interactions.module.js';
import { LimitClock, LimitsService } from '#src/modules/limits/limits.service.js';

/** Global: the app module registers RateLimitGuard after the auth guard, and answering services record token use. */
@Global()
@Module({
  imports: [InteractionsModule],
  providers: [LimitClock, LimitsService],
  exports: [LimitClock, LimitsService],
})
export class LimitsModule {}
