import { writeFile } from 'node:fs/promises';
import { isAnswerable, loadAnswerSet, type AnswerSet, type SetQuestion } from '#bench/answers/answer-set.js';
import { apiClient, samePage, startService, type ServiceUnderTest } from '#bench/answers/service-under-test.js';
import { flag } from '#bench/bench-options.js';
import { replayExtractive, type Replayed } from '#bench/answers/replay.js';
import { citationPrecision, containsFact, isRefusal } from '#src/modules/generation/evaluation/answer-metrics.js';
import { MIN_CONFIDENCE } from '#src/modules/generation/extractive/extractive-answerer.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';

/**
 * npm run eval:answers -- --set <file> [--strategies hybrid,keyword,vector] [--models extractive]
 *                         [--data-dir DIR] [--reindex] [--details FILE] [--json]
 *
 * Runs the service as a user would (bench/answers/service-under-test.ts), ingests the set's documents
 * through the API (a website served on loopback, files uploaded), asks every question through
 * POST /api/v1/query with an agent per strategy and model, and prints per strategy and model:
 * hit@5, fact recall, refusals, citation precision and latency (see docs/answers.md for definitions).
 * For the built-in `extractive` model it then replays every question in process (bench/answers/replay.ts)
 * and prints the refusal threshold's trade-off curve and the answerer's own latency.
 */
const USAGE =
  'usage: npm run eval:answers -- --set <file> [--strategies hybrid,keyword,vector] [--models extractive] [--data-dir DIR] [--reindex] [--details FILE] [--json]\n';

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const setFile = value('set');
if (!setFile || flag('help')) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const list = (name: string, fallback: string): string[] =>
  (value(name) ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const strategies = list('strategies', 'hybrid,keyword,vector');
const models = list('models', 'extractive');
const unknown = strategies.filter((strategy) => !(RAG_STRATEGIES as readonly string[]).includes(strategy));
if (unknown.length > 0) {
  process.stderr.write(`Unknown strategies: ${unknown.join(', ')}\n${USAGE}`);
  process.exit(2);
}

const progress = (message: string): void => {
  process.stderr.write(`[eval:answers] ${message}\n`);
};

interface SourceView {
  page: string;
  text: string;
}

export interface QuestionOutcome {
  id: string;
  question: string;
  answerable: boolean;
  answer: string;
  refused: boolean;
  /** An answering page among the sources (top five). */
  hit: boolean;
  sources: string[];
  facts: { fact: string; found: boolean }[];
  claims: { supported: number; total: number };
  latencyMs: number;
}

export interface RunSummary {
  strategy: string;
  model: string;
  questions: number;
  answerable: number;
  hitAt5: number;
  factRecall: number;
  refusalRate: number;
  /** Refused, though an answering page was among the sources: out of the questions with such a page. */
  wronglyRefused: number;
  /** Answered a question the documents do not answer: out of those questions. */
  answeredUnanswerable: number;
  /** Answered, but wrongly: no expected fact in the answer, or a question the documents do not answer. */
  wrongAnswerRate: number;
  citationPrecision: number;
  latencyP50: number;
  latencyP95: number;
}

const set = await loadAnswerSet(setFile);
const service = await startService(set, {
  dataDir: value('data-dir') ?? `data/eval-answers/${set.name.replace(/[^\w]+/g, '-').toLowerCase()}`,
  databaseServer: process.env.DATABASE_URL,
  reindex: flag('reindex'),
  progress,
});
const runs: { summary: RunSummary; outcomes: QuestionOutcome[] }[] = [];
try {
  progress(
    service.reused ? `reusing the index built ${service.state.builtAt} (${service.state.buildSeconds} s)` : `index built in ${service.state.buildSeconds} s`,
  );
  for (const failure of service.state.failures) {
    progress(`not indexed: ${failure}`);
  }
  for (const model of models) {
    for (const strategy of strategies) {
      runs.push(await askAll(set, service, strategy, model));
    }
  }
} finally {
  await service.stop();
}
const replays = models.includes('extractive')
  ? await replayExtractive(set, service.state, service.env, strategies as RagStrategy[])
  : new Map<RagStrategy, Replayed[]>();
const curves = [...replays].map(([strategy, replayed]) => ({ strategy, ...tradeOff(set, service, replayed) }));

const detailsFile = value('details');
if (detailsFile) {
  const lines = [
    ...runs.flatMap((run) => run.outcomes.map((outcome) => ({ kind: 'query', strategy: run.summary.strategy, model: run.summary.model, ...outcome }))),
    ...[...replays].flatMap(([strategy, replayed]) => replayed.map((entry) => ({ kind: 'replay', strategy, ...entry }))),
  ];
  await writeFile(detailsFile, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}
const report = {
  set: set.name,
  questions: set.questions.length,
  index: service.reused ? 'reused' : `built in ${service.state.buildSeconds} s`,
  runs: runs.map((run) => run.summary),
  minConfidence: MIN_CONFIDENCE,
  curves,
};
process.stdout.write(flag('json') ? `${JSON.stringify(report)}\n` : formatReport(report));

async function askAll(
  set: AnswerSet,
  service: ServiceUnderTest,
  strategy: string,
  model: string,
): Promise<{ summary: RunSummary; outcomes: QuestionOutcome[] }> {
  const call = apiClient(service.baseUrl, service.state.key);
  const agent = await call<{ id: string }>('POST', '/api/v1/agents', {
    name: `eval ${strategy} ${model}`,
    data_source_ids: Object.values(service.state.dataSources),
    rag_strategy: strategy,
    model,
  });
  const outcomes: QuestionOutcome[] = [];
  try {
    for (const question of set.questions) {
      const started = performance.now();
      const response = await call<{ response: string; sources: { document_url: string; chunk_text: string }[] }>('POST', '/api/v1/query', {
        agent_id: agent.id,
        query: question.question,
      });
      const latencyMs = performance.now() - started;
      const sources = response.sources.map((source) => ({ page: service.state.pages[source.document_url] ?? source.document_url, text: source.chunk_text }));
      outcomes.push(judge(question, response.response, sources, latencyMs));
    }
  } finally {
    await call('DELETE', `/api/v1/agents/${agent.id}`);
  }
  const summary = summarize(strategy, model, outcomes);
  progress(`${model} ${strategy}: hit@5 ${summary.hitAt5.toFixed(3)}, fact recall ${summary.factRecall.toFixed(3)}, refused ${summary.refusalRate.toFixed(3)}`);
  return { summary, outcomes };
}

export function judge(question: SetQuestion, answer: string, sources: SourceView[], latencyMs: number): QuestionOutcome {
  const refused = isRefusal(answer);
  return {
    id: question.id,
    question: question.question,
    answerable: isAnswerable(question),
    answer,
    refused,
    hit: sources.some((source) => question.pages.some((page) => samePage(page, source.page))),
    sources: sources.map((source) => source.page),
    facts: question.facts.map((fact) => ({ fact, found: !refused && containsFact(answer, fact) })),
    claims: citationPrecision(
      answer,
      sources.map((source) => source.text),
    ),
    latencyMs,
  };
}

export function summarize(strategy: string, model: string, outcomes: QuestionOutcome[]): RunSummary {
  const answerable = outcomes.filter((outcome) => outcome.answerable);
  const unanswerable = outcomes.filter((outcome) => !outcome.answerable);
  const hits = answerable.filter((outcome) => outcome.hit);
  const facts = answerable.flatMap((outcome) => outcome.facts);
  const claims = outcomes.reduce((sum, outcome) => ({ supported: sum.supported + outcome.claims.supported, total: sum.total + outcome.claims.total }), {
    supported: 0,
    total: 0,
  });
  const wrong = outcomes.filter((outcome) => !outcome.refused && (!outcome.answerable || !outcome.facts.some((fact) => fact.found)));
  const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  return {
    strategy,
    model,
    questions: outcomes.length,
    answerable: answerable.length,
    hitAt5: ratio(hits.length, answerable.length),
    factRecall: ratio(facts.filter((fact) => fact.found).length, facts.length),
    refusalRate: ratio(outcomes.filter((outcome) => outcome.refused).length, outcomes.length),
    wronglyRefused: ratio(hits.filter((outcome) => outcome.refused).length, hits.length),
    answeredUnanswerable: ratio(unanswerable.filter((outcome) => !outcome.refused).length, unanswerable.length),
    wrongAnswerRate: ratio(wrong.length, outcomes.length),
    citationPrecision: ratio(claims.supported, claims.total),
    latencyP50: percentile(latencies, 0.5),
    latencyP95: percentile(latencies, 0.95),
  };
}

export interface CurvePoint {
  threshold: number;
  refusalRate: number;
  wronglyRefused: number;
  answeredUnanswerable: number;
  wrongAnswerRate: number;
  factRecall: number;
}

/**
 * The refusal threshold's trade-off, from answers replayed without a threshold: at each threshold, a
 * question whose confidence is below it is refused, and the others keep their answer. Also the answerer's
 * own latency.
 */
function tradeOff(set: AnswerSet, service: ServiceUnderTest, replayed: Replayed[]): { points: CurvePoint[]; answererP50: number; answererP95: number } {
  const byId = new Map(set.questions.map((question) => [question.id, question]));
  const judged = replayed.map((entry) => {
    const question = byId.get(entry.id)!;
    const pages = entry.sources.map((chunk) => service.state.pages[chunk.documentUrl] ?? chunk.documentUrl);
    const outcome = judge(
      question,
      entry.answer,
      entry.sources.map((chunk, index) => ({ page: pages[index], text: chunk.text })),
      0,
    );
    return { outcome, confidence: isRefusal(entry.answer) ? -1 : entry.confidence };
  });
  const points: CurvePoint[] = [];
  for (let step = 0; step <= 20; step++) {
    const threshold = step / 20;
    const outcomes = judged.map(({ outcome, confidence }) => {
      if (confidence >= threshold) {
        return outcome;
      }
      return { ...outcome, refused: true, facts: outcome.facts.map((fact) => ({ ...fact, found: false })) };
    });
    const summary = summarize('', '', outcomes);
    points.push({
      threshold,
      refusalRate: summary.refusalRate,
      wronglyRefused: summary.wronglyRefused,
      answeredUnanswerable: summary.answeredUnanswerable,
      wrongAnswerRate: summary.wrongAnswerRate,
      factRecall: summary.factRecall,
    });
  }
  const times = replayed.map((entry) => entry.answererMs).sort((a, b) => a - b);
  return { points, answererP50: percentile(times, 0.5), answererP95: percentile(times, 0.95) };
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function formatCurve(curve: { strategy: string; points: CurvePoint[]; answererP50: number; answererP95: number }, minConfidence: number): string {
  const rows = curve.points.map((point) =>
    [
      `${point.threshold.toFixed(2)}${Math.abs(point.threshold - minConfidence) < 1e-9 ? ' *' : '  '}`,
      point.refusalRate.toFixed(3),
      point.wrongAnswerRate.toFixed(3),
      point.wronglyRefused.toFixed(3),
      point.answeredUnanswerable.toFixed(3),
      point.factRecall.toFixed(3),
    ]
      .map((cell, column) => cell.padStart([9, 9, 15, 17, 23, 13][column]))
      .join(''),
  );
  return [
    `Refusal threshold, extractive, ${curve.strategy} (* the configured MIN_CONFIDENCE; answerer alone: p50 ${curve.answererP50.toFixed(1)} ms, p95 ${curve.answererP95.toFixed(1)} ms):`,
    `${'threshold'.padStart(9)}${'refused'.padStart(9)}${'wrong answers'.padStart(15)}${'wrongly refused'.padStart(17)}${'answered unanswerable'.padStart(23)}${'fact recall'.padStart(13)}`,
    ...rows,
    '',
  ].join('\n');
}

function formatReport(report: {
  set: string;
  questions: number;
  index: string;
  runs: RunSummary[];
  minConfidence: number;
  curves: { strategy: string; points: CurvePoint[]; answererP50: number; answererP95: number }[];
}): string {
  const header = [
    'model',
    'strategy',
    'hit@5',
    'fact recall',
    'refused',
    'wrongly refused',
    'answered unanswerable',
    'wrong answers',
    'citation precision',
    'p50 ms',
    'p95 ms',
  ];
  const rows = report.runs.map((run) => [
    run.model,
    run.strategy,
    run.hitAt5.toFixed(3),
    run.factRecall.toFixed(3),
    run.refusalRate.toFixed(3),
    run.wronglyRefused.toFixed(3),
    run.answeredUnanswerable.toFixed(3),
    run.wrongAnswerRate.toFixed(3),
    run.citationPrecision.toFixed(3),
    run.latencyP50.toFixed(1),
    run.latencyP95.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]): string => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [
    '',
    `Set ${report.set}: ${report.questions} questions; index ${report.index}`,
    '',
    line(header),
    ...rows.map(line),
    '',
    ...report.curves.map((curve) => formatCurve(curve, report.minConfidence)),
  ].join('\n');
}
