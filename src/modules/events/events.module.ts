import { Global, Module } from '@nestjs/common';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';

@Global()
@Module({ providers: [DomainEventsService], exports: [DomainEventsService] })
export class EventsModule {}
