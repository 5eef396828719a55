import type { components } from '@/api/schema';
import type { Tone } from '@/ui/Badge';

export type EventType = components['schemas']['CreateWebhookDto']['events'][number];
export type WebhookStatus = components['schemas']['WebhookResponseDto']['status'];
export type DeliveryStatus = components['schemas']['DeliveryResponseDto']['status'];

/** Every event type the API accepts, with what it means; `satisfies` fails the build when the API's list changes. */
const EVENT_MEANINGS = {
  'interaction.created': 'A question was asked',
  'interaction.completed': 'An answer was generated',
  'interaction.feedback': 'Feedback was given on an answer',
  'agent.created': 'An agent was created',
  'agent.updated': "An agent's configuration changed",
  'agent.deleted': 'An agent was removed',
  'datasource.created': 'A data source was added',
  'datasource.processed': 'A data source finished processing',
  'datasource.failed': 'A data source failed to process',
  'user.created': 'A user was added',
  'user.updated': "A user's details changed",
} as const satisfies Record<EventType, string>;

export const EVENT_OPTIONS: ReadonlyArray<{ value: EventType; label: string; hint: string }> = (Object.keys(EVENT_MEANINGS) as EventType[]).map((type) => ({
  value: type,
  label: type,
  hint: EVENT_MEANINGS[type],
}));

export const WEBHOOK_STATUS: Record<WebhookStatus, { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'good' },
  disabled: { label: 'Disabled', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'bad' },
};

export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'info' },
  held: { label: 'Held', tone: 'warn' },
  succeeded: { label: 'Succeeded', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
};
