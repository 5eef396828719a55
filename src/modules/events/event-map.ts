/** The event types of the contract, and the shape of each event's `data` (camelCase, as delivered). */
export const EVENT_TYPES = [
  'interaction.created',
  'interaction.completed',
  'interaction.feedback',
  'agent.created',
  'agent.updated',
  'agent.deleted',
  'datasource.created',
  'datasource.processed',
  'datasource.failed',
  'user.created',
  'user.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export type Changes = Record<string, { previous: unknown; current: unknown }>;

export interface AgentEventResource {
  id: string;
  name: string;
  systemPrompt: string | null;
  ragStrategy: string;
  model: string;
  temperature: number;
  maxTokens: number;
  status: string;
  dataSourceIds: string[];
  providerKeyId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface UserEventResource {
  id: string;
  email: string;
  name: string | null;
  role: string;
  createdAt: string;
  updatedAt: string;
}

export interface EventDataMap {
  'agent.created': { agent: AgentEventResource };
  'agent.updated': { agent: AgentEventResource; changes: Changes };
  'agent.deleted': { agent: { id: string } };
  'user.created': { user: UserEventResource };
  'user.updated': { user: UserEventResource; changes: Changes };
  'interaction.created': { interaction: Record<string, unknown> };
  'interaction.completed': { interaction: Record<string, unknown> };
  'interaction.feedback': { interaction: Record<string, unknown> };
  'datasource.created': { dataSource: Record<string, unknown> };
  'datasource.processed': { dataSource: Record<string, unknown> };
  'datasource.failed': { dataSource: Record<string, unknown>; error: string };
}

/** The envelope every subscriber receives; `id` is stable across delivery retries. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  timestamp: string;
  data: EventDataMap[T];
  organizationId: string;
}

/** Field-by-field differences between two snapshots of a resource, for `*.updated` events. */
export function diffChanges<T extends object>(before: T, after: T): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after) as Array<keyof T & string>) {
    if (key === 'updatedAt') {
      continue;
    }
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { previous: before[key], current: after[key] };
    }
  }
  return changes;
}
