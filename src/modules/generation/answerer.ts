import type { RetrievedChunk, TermStatistics } from '#src/modules/retrieval/retrieval.types.js';

/** One earlier exchange of the session, oldest first. */
export interface ConversationTurn {
  query: string;
  response: string;
}

export interface AnswerRequest {
  /** The model name as the agent holds it: `extractive`, a provider model, or `custom:<name>`. */
  model: string;
  systemPrompt: string | null;
  query: string;
  history: ConversationTurn[];
  /** Numbered from 1 in this order: the answer cites them as [1], [2], … */
  sources: RetrievedChunk[];
  temperature: number;
  maxTokens: number;
  /** The customer's own provider credentials, when the agent has a provider key; else the operator's configuration applies. */
  credentials?: ProviderCredentials;
  /** How common the question's words are in the searched content, when retrieval counted them (see TermStatistics). */
  termStatistics?: TermStatistics;
}

export interface ProviderCredentials {
  provider: 'openai' | 'anthropic' | 'custom';
  apiKey: string;
  baseUrl: string | null;
}

export interface AnswerResult {
  text: string;
  tokensInput: number;
  tokensOutput: number;
}

export interface AnswerOptions {
  /** Aborted when the client goes away: the provider call must stop. */
  signal?: AbortSignal;
  /** Receives the answer as it is generated (streaming); the full text is still returned at the end. */
  onDelta?: (text: string) => void;
}

/** Produces an answer citing its sources as [n]. */
export abstract class Answerer {
  abstract answer(request: AnswerRequest, options?: AnswerOptions): Promise<AnswerResult>;

  /**
   * Throws what `answer` would throw for this model and these credentials before generating anything (an
   * unknown model, no key or endpoint configured), so a query can be refused before it is recorded or its
   * event stream opens.
   */
  async checkRunnable(_model: string, _credentials?: ProviderCredentials): Promise<void> {}
}
