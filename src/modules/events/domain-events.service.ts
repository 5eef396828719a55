import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { EventEntity } from '#src/modules/events/event.entity.js';
import type { EventDataMap, EventEnvelope, EventType } from '#src/modules/events/event-map.js';
import { EventsRepository } from '#src/modules/events/events.repository.js';

/** In-process name under which every committed event is announced, whatever its type. */
export const EVENT_COMMITTED = 'domain-event.committed';

/**
 * Records domain events in the outbox inside the caller's transaction, then announces them in-process
 * once the transaction has committed. A rolled-back change therefore never produces an event, and a
 * committed one always has its row.
 */
@Injectable()
export class DomainEventsService {
  constructor(
    private readonly emitter: EventEmitter2,
    private readonly events: EventsRepository,
  ) {}

  async record<T extends EventType>(tx: Tx, orgId: string, type: T, data: EventDataMap[T]): Promise<EventEnvelope<T>> {
    const row = await this.events.insert(orgId, Object.assign(new EventEntity(), { id: newId('event'), orgId, type, data }), tx);
    const envelope: EventEnvelope<T> = { id: row.id, type, timestamp: row.createdAt.toISOString(), data, organizationId: orgId };
    tx.afterCommit(() => {
      this.emitter.emit(type, envelope);
      this.emitter.emit(EVENT_COMMITTED, envelope);
    });
    return envelope;
  }
}
