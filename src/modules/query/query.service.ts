import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { newId } from '#src/common/ids/ids.js';
import type { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { Answerer, type ConversationTurn, type ProviderCredentials } from '#src/modules/generation/answerer.js';
import { citedSources } from '#src/modules/generation/citations.js';
import { costUsd } from '#src/modules/generation/model-catalog.js';
import type { InteractionEntity, InteractionSource } from '#src/modules/interactions/interaction.entity.js';
import { failureReason } from '#src/modules/interactions/failure-reason.js';
import { InteractionLifecycle } from '#src/modules/interactions/interaction-lifecycle.js';
import { InteractionsService } from '#src/modules/interactions/interactions.service.js';
import { LimitsService } from '#src/modules/limits/limits.service.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';
import { AnswersInFlight } from '#src/modules/query/answers-in-flight.js';
import type { RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import type { RetrievedChunk } from '#src/modules/retrieval/retrieval.types.js';

/** Passages an answer is built from, unless the query asks for another number. */
export const QUERY_TOP_K = 5;
/** Earlier exchanges of a session given to the answerer. */
const HISTORY_TURNS = 6;

export interface QueryInput {
  agentId: string;
  query: string;
  sessionId?: string;
  temperature?: number;
  maxTokens?: number;
  topK?: number;
}

/** A query checked and recorded (interaction.created emitted), ready to be answered. */
export interface PreparedQuery {
  auth: AuthContext;
  agent: AgentEntity;
  interaction: InteractionEntity;
  history: ConversationTurn[];
  credentials: ProviderCredentials | undefined;
  temperature: number;
  maxTokens: number;
  topK: number;
  startedAt: number;
}

export interface QueryHooks {
  /** Aborted when the client goes away: retrieval and generation stop, and the interaction is recorded failed. */
  signal?: AbortSignal;
  onSources?: (sources: RetrievedChunk[]) => void;
  onDelta?: (text: string) => void;
}

export interface QueryResult {
  interaction: InteractionEntity;
  sources: RetrievedChunk[];
}

/**
 * Answers a query with an agent: retrieval over the agent's data sources and the published knowledge
 * base, an answer citing the sources as [n], and the interaction recorded with both. Split in two so a
 * streaming caller can fail with a plain HTTP error (unknown agent, disabled agent, a model with no key or
 * endpoint configured) before it starts the event stream. Answers run under AnswersInFlight, which stops
 * them when their client goes away, when they take too long and at shutdown; a stopped answer is recorded
 * failed like any other.
 */
@Injectable()
export class QueryService {
  private readonly logger = new Logger('Query');

  constructor(
    private readonly agents: AgentsService,
    private readonly interactions: InteractionsService,
    private readonly lifecycle: InteractionLifecycle,
    private readonly retrieval: RetrievalService,
    private readonly answerer: Answerer,
    private readonly providerKeys: ProviderKeysService,
    private readonly transactions: TransactionRunner,
    private readonly limits: LimitsService,
    private readonly inFlight: AnswersInFlight,
  ) {}

  async prepare(auth: AuthContext, input: QueryInput): Promise<PreparedQuery> {
    const startedAt = performance.now();
    this.inFlight.admit();
    const agent = await this.agents.get(auth, input.agentId);
    if (agent.status !== 'active') {
      throw AppError.conflict(`Agent ${agent.id} is ${agent.status}: enable it to query it`);
    }
    const sessionId = input.sessionId ?? newId('session');
    const [history, credentials] = await Promise.all([
      input.sessionId ? this.interactions.history(auth, sessionId, agent.id, HISTORY_TURNS) : Promise.resolve([]),
      agent.providerKeyId ? this.providerKeys.credentialsFor(auth.orgId, agent.providerKeyId) : Promise.resolve(undefined),
    ]);
    await this.answerer.checkRunnable(agent.model, credentials);
    const interaction = await this.transactions.run((tx) =>
      this.lifecycle.open(auth, { agentId: agent.id, sessionId, query: input.query, ragStrategy: agent.ragStrategy, model: agent.model }, tx),
    );
    return {
      auth,
      agent,
      interaction,
      history,
      credentials,
      temperature: input.temperature ?? agent.temperature,
      maxTokens: input.maxTokens ?? agent.maxTokens,
      topK: input.topK ?? QUERY_TOP_K,
      startedAt,
    };
  }

  answer(prepared: PreparedQuery, hooks: QueryHooks = {}): Promise<QueryResult> {
    return this.inFlight.run(hooks.signal, (signal) => this.answerUnder(signal, prepared, hooks));
  }

  private async answerUnder(signal: AbortSignal, prepared: PreparedQuery, hooks: QueryHooks): Promise<QueryResult> {
    const { agent, interaction } = prepared;
    let retrieved: RetrievedChunk[] = [];
    try {
      const search = await this.retrieval.search({
        query: retrievalQuery(interaction.query, prepared.history),
        scope: { orgId: agent.orgId, dataSourceIds: agent.dataSourceIds, includeKnowledgeBase: true },
        strategy: agent.ragStrategy as RagStrategy,
        topK: prepared.topK,
      });
      retrieved = search.chunks;
      signal.throwIfAborted();
      hooks.onSources?.(search.chunks);
      const answer = await this.answerer.answer(
        {
          model: agent.model,
          systemPrompt: agent.systemPrompt,
          query: interaction.query,
          history: prepared.history,
          sources: search.chunks,
          temperature: prepared.temperature,
          maxTokens: prepared.maxTokens,
          credentials: prepared.credentials,
          termStatistics: search.termStatistics,
        },
        { signal, onDelta: hooks.onDelta },
      );
      const completed = await this.lifecycle.complete(
        interaction,
        {
          response: answer.text,
          sources: search.chunks.map(toInteractionSource),
          citationCount: citationCount(answer.text, search.chunks.length),
          tokensInput: answer.tokensInput,
          tokensOutput: answer.tokensOutput,
          costUsd: costUsd(agent.model, answer.tokensInput, answer.tokensOutput),
        },
        prepared.startedAt,
      );
      await this.limits
        .recordTokens(agent.orgId, answer.tokensInput + answer.tokensOutput)
        .catch((error: unknown) => this.logger.error({ err: error }, 'Could not count the tokens of an answer against the daily limit'));
      return { interaction: completed, sources: search.chunks };
    } catch (error) {
      const reason = hooks.signal?.aborted ? 'The client disconnected before the answer was complete' : failureReason(error);
      await this.lifecycle
        .fail(interaction, reason, prepared.startedAt, retrieved.map(toInteractionSource))
        .catch((failure: unknown) => this.logger.error({ err: failure }, 'Could not record a failed interaction'));
      throw error;
    }
  }
}

/** Retrieval sees the previous question too, so a follow-up ("how much does it cost?") keeps its subject. */
function retrievalQuery(query: string, history: ConversationTurn[]): string {
  const previous = history.at(-1);
  return previous ? `${previous.query}\n${query}` : query;
}

export function toInteractionSource(chunk: RetrievedChunk): InteractionSource {
  return { chunkId: chunk.chunkId, documentTitle: chunk.documentTitle, documentUrl: chunk.documentUrl, similarityScore: chunk.score, chunkText: chunk.text };
}

/** How many distinct sources the answer cites with a marker naming one of them (`[2]`, `[1, 3]`, `[2-3]`). */
export function citationCount(answer: string, sourceCount: number): number {
  return citedSources(answer).filter((n) => n >= 1 && n <= sourceCount).length;
}
