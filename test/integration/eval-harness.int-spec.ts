import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { runProcess } from '#test/utils/processes.js';
import { TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const SECRET_METADATA = 'never-send-this-metadata';

/** A tiny BEIR-format dataset made up for this test. */
const CORPUS = [
  { _id: 'd1', title: 'Sourdough starters', text: 'A sourdough starter is flour and water fermented by wild yeast and lactic bacteria. Feed it daily.' },
  { _id: 'd2', title: 'Tyre pressure', text: 'Check bicycle tyre pressure weekly; road tyres need more pressure than mountain bike tyres.' },
  {
    _id: 'd3',
    title: 'Beekeeping in winter',
    text: [
      'Honey bees cluster in winter to keep the queen warm.',
      'A colony eats its stored honey through the cold months, so beekeepers leave enough honey in the hive.',
      'Ventilation prevents condensation from dripping onto the cluster.',
      'In early spring the beekeeper checks the stores and feeds sugar syrup if the honey is gone.',
      'Mice are kept out with a narrow entrance guard, and a heavy stone on the roof keeps the lid on in storms.',
      'Strong colonies with a young queen survive the winter best; weak ones are often merged in autumn.',
    ].join(' '),
  },
  { _id: 'd4', title: 'Tide tables', text: 'Tide tables list the times and heights of high and low water at a harbour.' },
  { _id: 'd5', title: 'Violin rosin', text: 'Rosin on the bow hair gives the grip that makes the violin string vibrate.' },
  { _id: 'd6', title: 'Composting', text: 'A compost heap needs green and brown material, air and moisture to decompose quickly.' },
  { _id: 'd7', title: 'Hive stores', text: 'Beekeepers weigh the hive in autumn to judge whether the honey stores will last the winter.' },
  { _id: 'd8', title: 'Chess openings', text: 'The Sicilian defence answers the king pawn opening with the c-pawn.' },
];

const QUERIES = [
  { _id: 'q1', text: 'how is a sourdough starter fermented', metadata: { note: SECRET_METADATA } },
  { _id: 'q2', text: 'do bees eat honey stored in the hive during winter', metadata: { note: SECRET_METADATA } },
  { _id: 'q3', text: 'times of high and low water in a harbour' },
  { _id: 'q4', text: 'a query without judgements' },
];

// q2 has two relevant documents with different grades.
const QRELS_TEST = ['query-id\tcorpus-id\tscore', 'q1\td1\t1', 'q2\td3\t2', 'q2\td7\t1', 'q3\td4\t1'];
const QRELS_DEV = ['query-id\tcorpus-id\tscore', 'q3\td4\t1'];

interface StrategyReport {
  strategy: string;
  queries: number;
  ndcgAt10: number;
  recallAt10: number;
  recallAt100: number;
  mrrAt10: number;
  latency: { meanMs: number; p50Ms: number; p95Ms: number };
}

interface Report {
  split: string;
  documents: number;
  chunks: number;
  queries: number;
  index: { reused: boolean };
  results: StrategyReport[];
}

// Each test starts the harness as its own process, which loads the application and migrates its database:
// seconds alone, more than the default 30 s on a machine busy with the rest of the suite.
describe('quality harness (npm run eval)', { timeout: 120_000 }, () => {
  let stub: OpenAIStub;
  let dataset: string;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
    dataset = mkdtempSync(join(tmpdir(), 'aqs-beir-'));
    dataDir = mkdtempSync(join(tmpdir(), 'aqs-eval-data-'));
    writeFileSync(join(dataset, 'corpus.jsonl'), `${CORPUS.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
    writeFileSync(join(dataset, 'queries.jsonl'), `${QUERIES.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
    mkdirSync(join(dataset, 'qrels'));
    writeFileSync(join(dataset, 'qrels', 'test.tsv'), `${QRELS_TEST.join('\n')}\n`);
    writeFileSync(join(dataset, 'qrels', 'dev.tsv'), `${QRELS_DEV.join('\n')}\n`);
  });

  afterAll(async () => {
    await stub?.close();
    await dropDatabase?.();
    rmSync(dataset, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const evaluate = (args: string[]) =>
    runProcess('dist/bench/eval.js', ['--dataset', dataset, ...args], {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      API_KEY_SECRET: TEST_KEY_SECRET,
      LOG_LEVEL: 'warn',
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_BASE_URL: stub.baseUrl,
      EMBEDDING_MODEL: 'stub-embedding',
      EMBEDDING_DIMENSIONS: '512',
      // Small chunks, so that a document has several and results must be mapped back to documents.
      CHUNK_TOKENS: '50',
      CHUNK_OVERLAP_TOKENS: '5',
    });

  const embeddedTexts = (): string[] => stub.requestsTo('/v1/embeddings').flatMap((call) => (call.body as { input: string[] }).input);

  it('should index the corpus, run every strategy on the judged queries and report the metrics as JSON', async () => {
    stub.reset();
    const { code, stdout, stderr } = await evaluate(['--json']);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report).toMatchObject({ split: 'test', documents: 8, queries: 3, index: { reused: false } });
    expect(report.chunks).toBeGreaterThan(8);
    expect(report.results.map((result) => result.strategy)).toEqual(['vector', 'keyword', 'hybrid']);
    for (const result of report.results) {
      expect(result.queries).toBe(3);
      for (const metric of [result.ndcgAt10, result.recallAt10, result.recallAt100, result.mrrAt10]) {
        expect(metric).toBeGreaterThanOrEqual(0);
        expect(metric).toBeLessThanOrEqual(1);
      }
      expect(result.latency.p95Ms).toBeGreaterThanOrEqual(result.latency.p50Ms);
    }
    // Every relevant document shares words with its query: keyword search ranks each one first
    // (q2's grade-2 document before its grade-1 one), across the chunks of the longer document.
    expect(report.results.find((result) => result.strategy === 'keyword')).toMatchObject({ ndcgAt10: 1, recallAt10: 1, recallAt100: 1, mrrAt10: 1 });

    const embedded = embeddedTexts();
    // Query text only: never the metadata, never an unjudged query.
    expect(embedded.some((text) => text.includes(SECRET_METADATA))).toBe(false);
    expect(embedded).toContain('do bees eat honey stored in the hive during winter');
    expect(embedded).not.toContain('a query without judgements');
    // Chunks are embedded with their document's title as the ingestion does.
    expect(embedded.some((text) => text.startsWith('Beekeeping in winter\n\n'))).toBe(true);
  });

  it('should reuse the indexed corpus on the next run and print a table of the chosen strategies', async () => {
    stub.reset();
    const { code, stdout, stderr } = await evaluate(['--strategies', 'keyword,hybrid']);
    expect(code, stderr).toBe(0);
    const lines = stdout.split('\n');
    const header = lines.findIndex((line) => /^strategy\s+nDCG@10\s+Recall@10\s+Recall@100\s+MRR@10$/.test(line));
    expect(header, stdout).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]).toMatch(/^keyword\s+1\.0000\s+1\.0000\s+1\.0000\s+1\.0000$/);
    expect(lines[header + 2]).toMatch(/^hybrid\s+[01]\.\d{4}\s+[01]\.\d{4}\s+[01]\.\d{4}\s+[01]\.\d{4}$/);
    expect(stdout).not.toMatch(/^vector/m);
    expect(stderr).toMatch(/reusing the index/);
    expect(stdout).toMatch(/^Index: reused from an earlier run$/m);
    // Only the queries were embedded this time.
    expect(embeddedTexts().some((text) => text.includes('Sourdough starters'))).toBe(false);
  });

  it('should evaluate another split, and refuse an unknown split or strategy', async () => {
    const dev = await evaluate(['--split', 'dev', '--json', '--strategies', 'keyword']);
    expect(dev.code, dev.stderr).toBe(0);
    expect(JSON.parse(dev.stdout)).toMatchObject({ split: 'dev', queries: 1, index: { reused: true }, results: [{ strategy: 'keyword', ndcgAt10: 1 }] });

    const missing = await evaluate(['--split', 'train']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no qrels for split "train"; available: dev, test/);

    const unknown = await evaluate(['--strategies', 'keyword,telepathy']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown strategies: telepathy/);
  });
});
