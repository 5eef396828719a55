import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { loadConfig } from '#src/config/app-config.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { EvaluationHarness, formatReport } from '#src/modules/retrieval/evaluation/evaluation-harness.js';
import { EvaluationModule } from '#src/modules/retrieval/evaluation/evaluation.module.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { usage } from '#bench/bench-options.js';

usage(`
npm run eval -- --dataset <BEIR folder> [--split train] [--json] [--strategies vector,keyword,hybrid]

Indexes the corpus through the real ingestion code (cached between runs: on DATABASE_URL, or in
DATA_DIR, default ./data/eval), runs every judged query of the split through RetrievalService with
each strategy and prints nDCG@10, Recall@10, Recall@100 and MRR@10 per strategy (--json: one JSON
line). Progress goes to stderr. The embedder is the configured one (EMBEDDING_PROVIDER, ...).
`);

const USAGE = `usage: npm run eval -- --dataset <BEIR folder> [--split <name>] [--json] [--strategies ${RAG_STRATEGIES.join(',')}]\n`;

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const dataset = value('dataset');
if (!dataset || args.includes('--help')) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const requested = (value('strategies') ?? RAG_STRATEGIES.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = requested.filter((name) => !(RAG_STRATEGIES as readonly string[]).includes(name));
if (unknown.length > 0 || requested.length === 0) {
  process.stderr.write(`Unknown strategies: ${unknown.join(', ') || '(none given)'}; known: ${RAG_STRATEGIES.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const strategies = requested as RagStrategy[];
const json = args.includes('--json');

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? 'data/eval', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
// Logs go to stderr: stdout carries only the report.
const logger = createLogger(config, pino.destination({ fd: 2, sync: false }));
const app = await NestFactory.createApplicationContext(EvaluationModule.forRoot(config), { logger: new NestPinoLogger(logger) });
let exitCode = 0;
try {
  const report = await app.get(EvaluationHarness).run({
    dataset,
    split: value('split'),
    strategies,
    progress: (message) => process.stderr.write(`[eval] ${message}\n`),
  });
  process.stdout.write(json ? `${JSON.stringify(report)}\n` : formatReport(report));
} catch (error) {
  process.stderr.write(`eval failed: ${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  await app.close();
}
process.exit(exitCode);
