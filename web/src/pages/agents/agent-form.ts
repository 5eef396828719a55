import type { components } from '@/api/schema';

export type Agent = components['schemas']['AgentResponseDto'];
export type RagStrategy = Agent['rag_strategy'];
export type AgentStatus = Agent['status'];
type CreateAgentBody = components['schemas']['CreateAgentDto'];

/** What the agent form edits, as the inputs hold it (numbers as typed, empty meaning the service's default). */
export interface AgentFormValues {
  name: string;
  systemPrompt: string;
  model: string;
  ragStrategy: RagStrategy;
  temperature: string;
  maxTokens: string;
  dataSourceIds: string[];
  /** Empty: the service's own account. `undefined`: the form does not offer the choice (only admins see keys). */
  providerKeyId?: string;
}

export const RAG_STRATEGY_OPTIONS: ReadonlyArray<{ value: RagStrategy; label: string }> = [
  { value: 'hybrid', label: 'Hybrid: keyword and vector, fused' },
  { value: 'vector', label: 'Vector: by meaning' },
  { value: 'keyword', label: 'Keyword: by words' },
];

export const RAG_STRATEGY_LABELS: Record<RagStrategy, string> = { hybrid: 'Hybrid', vector: 'Vector', keyword: 'Keyword' };

/** The models the API documents for `model` (CreateAgentDto); offered as suggestions, any `custom:<name>` also works. */
export const MODEL_SUGGESTIONS: readonly string[] = [
  'extractive',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'claude-opus-4-1',
  'claude-sonnet-4-5',
  'claude-sonnet-4-0',
  'claude-haiku-4-5',
  'claude-3-5-haiku-latest',
];

/** A new agent: the documented defaults for model and strategy; temperature and length left to the service. */
export function newAgentForm(withProviderKey: boolean): AgentFormValues {
  return {
    name: '',
    systemPrompt: '',
    model: 'extractive',
    ragStrategy: 'hybrid',
    temperature: '',
    maxTokens: '',
    dataSourceIds: [],
    providerKeyId: withProviderKey ? '' : undefined,
  };
}

export function agentFormFrom(agent: Agent, withProviderKey: boolean): AgentFormValues {
  return {
    name: agent.name,
    systemPrompt: agent.system_prompt ?? '',
    model: agent.model,
    ragStrategy: agent.rag_strategy,
    temperature: String(agent.temperature),
    maxTokens: String(agent.max_tokens),
    dataSourceIds: [...agent.data_source_ids],
    providerKeyId: withProviderKey ? (agent.provider_key_id ?? '') : undefined,
  };
}

/** The service's defaults, as CreateAgentDto documents them: what an empty field stands for. */
export const AGENT_DEFAULTS = { temperature: 0.2, maxTokens: 1024 } as const;

/** A typed number, or undefined when left empty. */
export function numberOrUndefined(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The JSON body the form sends; a cleared system prompt is null (it removes the current one). */
export type AgentBody = CreateAgentBody;

function bodyOf(values: AgentFormValues): AgentBody {
  const body: AgentBody = {
    name: values.name.trim(),
    system_prompt: values.systemPrompt.trim() === '' ? null : values.systemPrompt,
    model: values.model.trim(),
    rag_strategy: values.ragStrategy,
    data_source_ids: values.dataSourceIds,
  };
  if (values.providerKeyId !== undefined) {
    body.provider_key_id = values.providerKeyId === '' ? null : values.providerKeyId;
  }
  return body;
}

/** A new agent: a number left empty is not sent, and the service applies its default. */
export function createAgentBody(values: AgentFormValues): AgentBody {
  const body = bodyOf(values);
  const temperature = numberOrUndefined(values.temperature);
  if (temperature !== undefined) {
    body.temperature = temperature;
  }
  const maxTokens = numberOrUndefined(values.maxTokens);
  if (maxTokens !== undefined) {
    body.max_tokens = maxTokens;
  }
  return body;
}

/**
 * An edited agent: a number cleared means the default, as it does for a new one (an update that left it out
 * would keep the current value, which the field no longer shows).
 */
export function updateAgentBody(values: AgentFormValues): AgentBody {
  return {
    ...bodyOf(values),
    temperature: numberOrUndefined(values.temperature) ?? AGENT_DEFAULTS.temperature,
    max_tokens: numberOrUndefined(values.maxTokens) ?? AGENT_DEFAULTS.maxTokens,
  };
}
