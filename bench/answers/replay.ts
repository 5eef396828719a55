import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import type { AnswerSet } from '#bench/answers/answer-set.js';
import type { IndexState } from '#bench/answers/service-under-test.js';
import { loadConfig } from '#src/config/app-config.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import type { AnswerRequest } from '#src/modules/generation/answerer.js';
import { ExtractiveAnswerer } from '#src/modules/generation/extractive/extractive-answerer.js';
import { QUERY_TOP_K } from '#src/modules/query/query.service.js';
import type { RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { EvaluationModule } from '#src/modules/retrieval/evaluation/evaluation.module.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import type { RetrievedChunk } from '#src/modules/retrieval/retrieval.types.js';
import { AGENT_DEFAULTS } from '#src/modules/agents/dto/agent-fields.js';

/** One question as the built-in answerer saw it: its sources, its answer whatever the threshold, and its confidence. */
export interface Replayed {
  id: string;
  sources: RetrievedChunk[];
  answer: string;
  confidence: number;
  /** Time the answerer took (composing the answer alone), ms. */
  answererMs: number;
}

/**
 * The built-in answerer's side of the evaluation, in process on the index the service built (its api
 * stopped first: the embedded database has one owner): every question retrieved as the query endpoint
 * does (same service, same top 5), then answered with no refusal threshold, so the answer and its
 * confidence are known for every question and any threshold can be judged without asking again. The
 * answerer is also timed here, alone, as its own figure.
 */
export async function replayExtractive(
  set: AnswerSet,
  state: IndexState,
  env: Record<string, string>,
  strategies: RagStrategy[],
): Promise<Map<RagStrategy, Replayed[]>> {
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn' });
  const logger = createLogger(config, pino.destination({ fd: 2, sync: false }));
  const app = await NestFactory.createApplicationContext(EvaluationModule.forRoot(config), { logger: new NestPinoLogger(logger) });
  const answerer = new ExtractiveAnswerer({ minConfidence: 0 });
  const results = new Map<RagStrategy, Replayed[]>();
  try {
    const retrieval = app.get(RetrievalService);
    for (const strategy of strategies) {
      const replayed: Replayed[] = [];
      for (const question of set.questions) {
        const { chunks, termStatistics } = await retrieval.search({
          query: question.question,
          scope: { orgId: state.orgId, dataSourceIds: Object.values(state.dataSources), includeKnowledgeBase: true },
          strategy,
          topK: QUERY_TOP_K,
        });
        const request: AnswerRequest = {
          model: 'extractive',
          systemPrompt: null,
          query: question.question,
          history: [],
          sources: chunks,
          temperature: AGENT_DEFAULTS.temperature,
          maxTokens: AGENT_DEFAULTS.maxTokens,
          termStatistics,
        };
        const started = performance.now();
        const composed = answerer.compose(request);
        const answererMs = performance.now() - started;
        replayed.push({ id: question.id, sources: chunks, answer: composed.pieces.join(''), confidence: composed.confidence, answererMs });
      }
      results.set(strategy, replayed);
    }
  } finally {
    await app.close();
  }
  return results;
}
