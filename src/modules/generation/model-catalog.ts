/**
 * The models an agent may name, with list prices in USD per million tokens (input, output) used for
 * `cost_usd`, and the most output tokens each provider model writes in one answer. `extractive` is built
 * in and free; `custom:<name>` models run on an operator's OpenAI-compatible endpoint at a price and with
 * limits the service cannot know, so they are costed at zero and sent max_tokens as it is.
 */
export type ModelProvider = 'builtin' | 'openai' | 'anthropic' | 'custom';

export interface ModelInfo {
  provider: ModelProvider;
  inputPerMillion: number;
  outputPerMillion: number;
  /** The provider refuses a request asking for more (its max_tokens limit for the model). */
  maxOutputTokens?: number;
}

export const DEFAULT_MODEL = 'extractive';

export const MODEL_CATALOG: Record<string, ModelInfo> = {
  extractive: { provider: 'builtin', inputPerMillion: 0, outputPerMillion: 0 },
  'gpt-4o': { provider: 'openai', inputPerMillion: 2.5, outputPerMillion: 10, maxOutputTokens: 16_384 },
  'gpt-4o-mini': { provider: 'openai', inputPerMillion: 0.15, outputPerMillion: 0.6, maxOutputTokens: 16_384 },
  'gpt-4.1': { provider: 'openai', inputPerMillion: 2, outputPerMillion: 8, maxOutputTokens: 32_768 },
  'gpt-4.1-mini': { provider: 'openai', inputPerMillion: 0.4, outputPerMillion: 1.6, maxOutputTokens: 32_768 },
  'gpt-4.1-nano': { provider: 'openai', inputPerMillion: 0.1, outputPerMillion: 0.4, maxOutputTokens: 32_768 },
  'gpt-5': { provider: 'openai', inputPerMillion: 1.25, outputPerMillion: 10, maxOutputTokens: 128_000 },
  'gpt-5-mini': { provider: 'openai', inputPerMillion: 0.25, outputPerMillion: 2, maxOutputTokens: 128_000 },
  'gpt-5-nano': { provider: 'openai', inputPerMillion: 0.05, outputPerMillion: 0.4, maxOutputTokens: 128_000 },
  'claude-opus-4-1': { provider: 'anthropic', inputPerMillion: 15, outputPerMillion: 75, maxOutputTokens: 32_000 },
  'claude-sonnet-4-5': { provider: 'anthropic', inputPerMillion: 3, outputPerMillion: 15, maxOutputTokens: 64_000 },
  'claude-sonnet-4-0': { provider: 'anthropic', inputPerMillion: 3, outputPerMillion: 15, maxOutputTokens: 64_000 },
  'claude-haiku-4-5': { provider: 'anthropic', inputPerMillion: 1, outputPerMillion: 5, maxOutputTokens: 64_000 },
  'claude-3-5-haiku-latest': { provider: 'anthropic', inputPerMillion: 0.8, outputPerMillion: 4, maxOutputTokens: 8_192 },
};

export const CUSTOM_MODEL_PATTERN = /^custom:[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

export const KNOWN_MODELS = Object.keys(MODEL_CATALOG);

export function modelInfo(model: string): ModelInfo | undefined {
  if (CUSTOM_MODEL_PATTERN.test(model)) {
    return { provider: 'custom', inputPerMillion: 0, outputPerMillion: 0 };
  }
  return MODEL_CATALOG[model];
}

export function isKnownModel(model: string): boolean {
  return modelInfo(model) !== undefined;
}

/** The max_tokens a model is asked for: `maxTokens`, or less when the model cannot write that many in one answer. */
export function outputTokensFor(model: string, maxTokens: number): number {
  const most = modelInfo(model)?.maxOutputTokens;
  return most === undefined ? maxTokens : Math.min(maxTokens, most);
}

/** Costs are rounded to this many decimal places (a hundredth of a micro-dollar), which also hides float noise. */
const COST_DECIMALS = 8;

/**
 * `cost_usd` of one answer: tokens times the model's list price above (USD per million tokens, input and
 * output priced apart), rounded to 8 decimal places.
 *
 * - `extractive` costs 0: it makes no outside call.
 * - `custom:<name>` costs 0: it runs on an endpoint whose price the service cannot know.
 * - A model missing from the catalog costs 0 rather than failing an answer already paid for (agents cannot
 *   name one: the agent DTO validates against the catalog).
 * - The price is the provider's list price whoever pays: with a customer's provider key the provider bills
 *   the customer, and cost_usd says how much.
 */
export function costUsd(model: string, tokensInput: number, tokensOutput: number): number {
  const info = modelInfo(model);
  if (!info) {
    return 0;
  }
  const cost = (Math.max(0, tokensInput) * info.inputPerMillion + Math.max(0, tokensOutput) * info.outputPerMillion) / 1_000_000;
  return Number(cost.toFixed(COST_DECIMALS));
}
