import { Global, Module } from '@nestjs/common';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { EventsRepository } from '#src/modules/events/events.repository.js';

@Global()
@Module({ providers: [EventsRepository, DomainEventsService], exports: [DomainEventsService, EventsRepository] })
export class EventsModule {}
