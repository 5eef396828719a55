import type { components } from '@/api/schema';

export type Scope = NonNullable<components['schemas']['CreateApiKeyDto']['scopes']>[number];
export type Environment = NonNullable<components['schemas']['CreateApiKeyDto']['environment']>;

/** The versioned scopes a key is made with here; the legacy ones remain for keys made through the legacy path. */
export const SCOPE_OPTIONS: ReadonlyArray<{ value: Scope; label: string; hint: string }> = [
  { value: 'read', label: 'Read', hint: 'List and read agents, data sources, interactions and the knowledge base.' },
  { value: 'write', label: 'Write', hint: 'Create, change and delete agents, data sources and articles.' },
  { value: 'execute', label: 'Execute', hint: 'Ask questions, search, and give feedback.' },
  { value: 'admin', label: 'Admin', hint: 'Everything, including users, keys, webhooks, analytics and settings.' },
];

export const ENVIRONMENT_OPTIONS: ReadonlyArray<{ value: Environment; label: string }> = [
  { value: 'live', label: 'Live (svcsk_live_…)' },
  { value: 'test', label: 'Test (svcsk_test_…): refused by a production service' },
];
