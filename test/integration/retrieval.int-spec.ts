import type { TestingModule } from '@nestjs/testing';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule } from '#src/config/app-config.js';
import { DatabaseModule } from '#src/common/database/database.module.js';
import { newId } from '#src/common/ids/ids.js';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { RetrievalModule } from '#src/modules/retrieval/retrieval.module.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import { BM25_PARAMS, HYBRID_FUSION } from '#src/modules/retrieval/retrieval-settings.js';
import { reciprocalRankFusion } from '#src/modules/retrieval/fusion.js';
import { KNOWLEDGE_BASE_SCOPE, SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';
import type { SearchResult, SearchScope } from '#src/modules/retrieval/retrieval.types.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { docsSite, ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub, stubEmbedding } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const DIMENSIONS = 512;

interface SeedChunk {
  text: string;
  title?: string;
  /** Default: https://example.test/<key>, a page; an uploaded file's document is named by its file name. */
  url?: string;
  /** Default: the text's token count as the chunker would roughly see it (one per word). */
  tokenCount?: number;
  /** Default: the stub embedder's vector of the text, so vector search agrees with the stub's query embeddings. */
  embedding?: number[];
}

describe('retrieval', () => {
  let t: TestApp;
  let moduleRef: TestingModule;
  let retrieval: RetrievalService;
  let stub: OpenAIStub;
  let site: FixtureSite;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: DIMENSIONS });
    site = await FixtureSite.start();
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub) });
    moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(t.config), DatabaseModule.forRoot(t.config, t.app.get(DataSource)), RetrievalModule],
    }).compile();
    retrieval = moduleRef.get(RetrievalService);
  });

  afterAll(async () => {
    await moduleRef?.close();
    await t?.close();
    await site?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const db = (): DataSource => t.app.get(DataSource);
  const searchStats = (): SearchStatsRepository => moduleRef.get(SearchStatsRepository);
  const seedSource = seedChunks;

  const search = (scope: SearchScope, query: string, strategy: RagStrategy, topK = 10, similarityThreshold?: number): Promise<SearchResult> =>
    retrieval.search({ query, scope, strategy, topK, similarityThreshold });

  /** A data source of `orgId` holding one document per chunk, inserted directly with known vectors and lengths. */
  async function seedChunks(orgId: string, chunks: SeedChunk[]): Promise<{ dataSourceId: string; chunkIds: string[] }> {
    const dataSourceId = newId('dataSource');
    await db().query(`INSERT INTO data_source (id, org_id, type, name, status) VALUES ($1, $2, 'file', 'Seeded', 'active')`, [dataSourceId, orgId]);
    const chunkIds: string[] = [];
    for (const [index, chunk] of chunks.entries()) {
      chunkIds.push(await insertChunk(orgId, { dataSourceId, key: `doc-${index}` }, chunk));
    }
    return { dataSourceId, chunkIds };
  }

  /** A published knowledge base article of `orgId` with one chunk. */
  async function seedKbArticle(orgId: string, chunk: SeedChunk): Promise<string> {
    const kbArticleId = newId('kbArticle');
    await db().query(`INSERT INTO kb_article (id, org_id, title, content, tags, status, version) VALUES ($1, $2, $3, $4, '{}', 'published', 1)`, [
      kbArticleId,
      orgId,
      chunk.title ?? 'Article',
      chunk.text,
    ]);
    return insertChunk(orgId, { kbArticleId, key: kbArticleId }, chunk);
  }

  async function insertChunk(orgId: string, owner: { dataSourceId?: string; kbArticleId?: string; key: string }, chunk: SeedChunk): Promise<string> {
    const documentId = newId('document');
    const chunkId = newId('chunk');
    const title = chunk.title ?? 'Untitled';
    const url = chunk.url ?? `https://example.test/${owner.key}`;
    await db().query(
      `INSERT INTO document (id, org_id, data_source_id, kb_article_id, key, url, title, status, chunk_count, token_count, last_seen_run_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'indexed', 1, 0, 'seed')`,
      [documentId, orgId, owner.dataSourceId ?? null, owner.kbArticleId ?? null, owner.key, url, title],
    );
    const embedding = chunk.embedding ?? stubEmbedding(chunk.text, DIMENSIONS);
    await db().query(
      `INSERT INTO chunk (id, org_id, data_source_id, kb_article_id, document_id, chunk_index, document_title, document_url, heading_path, section, text, token_count, embedding, embedding_model)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, '{}', '', $8, $9, $10, 'stub-embedding')`,
      [
        chunkId,
        orgId,
        owner.dataSourceId ?? null,
        owner.kbArticleId ?? null,
        documentId,
        title,
        url,
        chunk.text,
        chunk.tokenCount ?? chunk.text.split(/\s+/).length,
        `[${embedding.join(',')}]`,
      ],
    );
    return chunkId;
  }

  const scopeOf = (orgId: string, dataSourceIds: string[], includeKnowledgeBase = false): SearchScope => ({ orgId, dataSourceIds, includeKnowledgeBase });

  describe('on a corpus indexed by a real sync', () => {
    let org: TestOrg;
    let scope: SearchScope;

    beforeAll(async () => {
      org = await createOrg(t.app);
      docsSite(site, {
        install: 'Run the installer, accept the licence and restart the machine when asked.',
        configure: 'Edit the settings file to choose the listening port and the log directory.',
        backups: 'Snapshots of the database are copied nightly to cold storage and kept for ninety days.',
        billing: 'Invoices are issued monthly and can be paid by card or bank transfer.',
      });
      const created = await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'website', name: 'Docs', config: { url: site.url('/docs/'), max_pages: 20 } })
        .expect(201);
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id as string, settled)).at(-1)!;
      expect(final.status).toBe('active');
      scope = scopeOf(org.orgId, [created.body.id as string]);
    });

    it.each(RAG_STRATEGIES)('should return the relevant chunk first with the %s strategy', async (strategy) => {
      const cases: Array<[string, string]> = [
        ['which port does the settings file choose', '/docs/configure'],
        ['how long are database snapshots kept in cold storage', '/docs/backups'],
        ['can invoices be paid by bank transfer', '/docs/billing'],
      ];
      for (const [query, path] of cases) {
        const result = await search(scope, query, strategy, 5);
        expect(result.chunks.length, query).toBeGreaterThan(0);
        expect(result.chunks[0].documentUrl, query).toBe(site.url(path));
        expect(result.chunks[0]).toMatchObject({ chunkId: expect.stringMatching(/^chk_/), documentId: expect.stringMatching(/^doc_/) });
        expect(result.totalChunksSearched).toBeGreaterThanOrEqual(8);
        expect(result.queryEmbedding === null).toBe(strategy === 'keyword');
        if (result.queryEmbedding) {
          expect(result.queryEmbedding).toHaveLength(DIMENSIONS);
        }
        expect(result.timings.retrievalMs).toBeGreaterThan(0);
        expect(result.timings.embeddingMs > 0).toBe(strategy !== 'keyword');
      }
    });
  });

  // Both ways of reading a scope's term statistics: counted in its chunks, or stored by a refresh.
  describe.each([{ statistics: 'counted' }, { statistics: 'stored' }])('BM25 with $statistics statistics', ({ statistics }) => {
    const { k1, b } = BM25_PARAMS;
    const seedSource = async (owner: string, chunks: SeedChunk[]): Promise<{ dataSourceId: string; chunkIds: string[] }> => {
      const seeded = await seedChunks(owner, chunks);
      if (statistics === 'stored') {
        await searchStats().refresh({ orgId: owner, scope: seeded.dataSourceId });
      }
      return seeded;
    };
    let orgId: string;
    let scope: SearchScope;
    let ids: string[];
    const filler = (words: number): string => Array.from({ length: words }, (_, i) => `filler${i % 7}`).join(' ');
    // token counts are what BM25 measures chunk length in; avgdl = (100 * 6 + 400) / 7
    const corpus: Array<{ text: string; tokenCount: number }> = [
      { text: `zeppelin ${filler(20)}`, tokenCount: 100 },
      { text: `zeppelin zeppelin ${filler(20)}`, tokenCount: 100 },
      { text: `${'zeppelin '.repeat(8)}${filler(20)}`, tokenCount: 100 },
      { text: `zeppelin ${filler(20)}`, tokenCount: 400 },
      { text: `balloon ${filler(20)}`, tokenCount: 100 },
      { text: `weather report ${filler(20)}`, tokenCount: 100 },
      { text: `harbour crane ${filler(20)}`, tokenCount: 100 },
    ];
    const n = corpus.length;
    const avgdl = corpus.reduce((sum, chunk) => sum + chunk.tokenCount, 0) / n;
    const idf = (df: number): number => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const termWeight = (tf: number, dl: number): number => (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / avgdl));

    beforeAll(async () => {
      orgId = (await createOrg(t.app)).orgId;
      const seeded = await seedSource(
        orgId,
        corpus.map((chunk) => ({ ...chunk, title: 'Note' })),
      );
      ids = seeded.chunkIds;
      scope = scopeOf(orgId, [seeded.dataSourceId]);
    });

    it('should score each chunk with Okapi BM25 over the scope, normalised by the query’s highest attainable score', async () => {
      const result = await search(scope, 'zeppelin', 'keyword');
      const zeppelinIdf = idf(4);
      const expected = [
        { id: ids[2], bm25: zeppelinIdf * termWeight(8, 100) },
        { id: ids[1], bm25: zeppelinIdf * termWeight(2, 100) },
        { id: ids[0], bm25: zeppelinIdf * termWeight(1, 100) },
        { id: ids[3], bm25: zeppelinIdf * termWeight(1, 400) },
      ];
      expect(result.chunks.map((chunk) => chunk.chunkId)).toEqual(expected.map((e) => e.id));
      result.chunks.forEach((chunk, i) => expect(chunk.score).toBeCloseTo(expected[i].bm25 / ((k1 + 1) * zeppelinIdf), 9));
      expect(result.totalChunksSearched).toBe(n);
    });

    it.each(RAG_STRATEGIES)('should report the scope’s counts of the query’s lexemes with %s search, for the answerer to weigh them', async (strategy) => {
      const result = await search(scope, 'zeppelins and balloons over the dirigible', strategy);
      expect(result.termStatistics?.chunks).toBe(n);
      expect(Object.fromEntries(result.termStatistics?.documentFrequency ?? [])).toEqual({ zeppelin: 4, balloon: 1, dirig: 0 });
    });

    it('should weigh a rare term more than a common one', async () => {
      const result = await search(scope, 'zeppelin balloon', 'keyword');
      // balloon (df 1) once in a 100-token chunk beats zeppelin (df 4) once in a chunk of the same length.
      const order = result.chunks.map((chunk) => chunk.chunkId);
      expect(order.indexOf(ids[4])).toBeLessThan(order.indexOf(ids[0]));
      const max = (k1 + 1) * (idf(4) + idf(1));
      expect(result.chunks.find((chunk) => chunk.chunkId === ids[4])!.score).toBeCloseTo((idf(1) * termWeight(1, 100)) / max, 9);
      expect(result.chunks.find((chunk) => chunk.chunkId === ids[0])!.score).toBeCloseTo((idf(4) * termWeight(1, 100)) / max, 9);
    });

    it('should saturate term frequency: each repetition adds less, and the score stays below (k1 + 1) idf', async () => {
      const scores = new Map((await search(scope, 'zeppelin', 'keyword')).chunks.map((chunk) => [chunk.chunkId, chunk.score]));
      const [one, two, eight] = [scores.get(ids[0])!, scores.get(ids[1])!, scores.get(ids[2])!];
      expect(two).toBeGreaterThan(one);
      expect(eight).toBeGreaterThan(two);
      expect(two - one).toBeGreaterThan((eight - two) / 6);
      expect(eight).toBeLessThan(1);
      expect(eight / one).toBeLessThan(k1 + 1);
    });

    it('should normalise by length: the same count in a longer chunk scores lower', async () => {
      const scores = new Map((await search(scope, 'zeppelin', 'keyword')).chunks.map((chunk) => [chunk.chunkId, chunk.score]));
      expect(scores.get(ids[3])!).toBeLessThan(scores.get(ids[0])!);
    });

    it('should rank exactly as BM25 over every chunk, for queries of common terms and of rare ones', async () => {
      // 3,000 chunks of words w0..w11 drawn at random, the lower ones more often: every query term but
      // 'rareword' (in 4 chunks) is in hundreds or thousands of chunks, past the first pass's budget.
      // Half the chunks hold 'evenword', the other half 'oddword'.
      let state = 7;
      const random = (): number => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31), state / 2 ** 31);
      const texts = Array.from({ length: 3_000 }, (_, i) => {
        const words = Array.from({ length: 3 + Math.floor(random() * 10) }, () => `w${Math.floor(random() * random() * 12)}`);
        // 'evenword' and 'oddword' never meet: their conjunction holds no chunk.
        return [...words, i % 2 === 0 ? 'evenword' : 'oddword', ...(i % 750 === 0 ? ['rareword'] : [])].join(' ');
      });
      const lengths = texts.map((_, i) => 20 + (i % 13) * 7);
      const owner = (await createOrg(t.app)).orgId;
      const seeded = { dataSourceId: newId('dataSource'), chunkIds: texts.map(() => newId('chunk')) };
      const documentId = newId('document');
      await db().query(`INSERT INTO data_source (id, org_id, type, name, status) VALUES ($1, $2, 'file', 'Common words', 'active')`, [
        seeded.dataSourceId,
        owner,
      ]);
      await db().query(
        `INSERT INTO document (id, org_id, data_source_id, key, url, title, status, chunk_count, token_count, last_seen_run_id)
         VALUES ($1, $2, $3, 'all', 'https://example.test/all', 'Note', 'indexed', $4, 0, 'seed')`,
        [documentId, owner, seeded.dataSourceId, texts.length],
      );
      await db().query(
        `INSERT INTO chunk (id, org_id, data_source_id, document_id, chunk_index, document_title, document_url, heading_path, section, text, token_count, embedding, embedding_model)
         SELECT u.id, $1, $2, $3, u.n, 'Note', 'https://example.test/all', '{}', '', u.text, u.length, array_fill(0.1, ARRAY[${DIMENSIONS}])::vector, 'stub-embedding'
         FROM unnest($4::varchar[], $5::text[], $6::int[]) WITH ORDINALITY AS u(id, text, length, n)`,
        [owner, seeded.dataSourceId, documentId, seeded.chunkIds, texts, lengths],
      );
      if (statistics === 'stored') {
        await searchStats().refresh({ orgId: owner, scope: seeded.dataSourceId });
      }
      const avg = lengths.reduce((sum, value) => sum + value, 0) / texts.length;
      const tokens = texts.map((text) => text.split(' '));
      const idfs = new Map<string, number>();
      const idf = (term: string): number => {
        if (!idfs.has(term)) {
          const df = tokens.filter((words) => words.includes(term)).length;
          idfs.set(term, Math.log(1 + (texts.length - df + 0.5) / (df + 0.5)));
        }
        return idfs.get(term)!;
      };
      const bruteForce = (query: string[], k: number): string[] => {
        const scores = tokens.map((words, i) =>
          query.reduce((sum, term) => {
            const tf = words.filter((word) => word === term).length;
            if (tf === 0) {
              return sum;
            }
            return sum + (idf(term) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * lengths[i]) / avg));
          }, 0),
        );
        return scores
          .map((value, i) => ({ value, id: seeded.chunkIds[i] }))
          .filter((entry) => entry.value > 0)
          .sort((x, y) => y.value - x.value || (x.id < y.id ? -1 : 1))
          .slice(0, k)
          .map((entry) => entry.id);
      };
      const ownScope = scopeOf(owner, [seeded.dataSourceId]);
      for (const query of [
        ['w0', 'w1', 'w2'],
        ['w0', 'w1', 'w2', 'w3', 'w4'],
        ['w5', 'w6'],
        ['w9', 'w10', 'w11', 'w0'],
        ['rareword', 'w0', 'w1'],
        ['w3'],
        ['evenword', 'oddword', 'w2'],
      ]) {
        for (const k of [3, 10, 100]) {
          const found = await search(ownScope, query.join(' '), 'keyword', k);
          expect(
            found.chunks.map((chunk) => chunk.chunkId),
            `${query.join(' ')} top ${k}`,
          ).toEqual(bruteForce(query, k));
        }
      }
    }, 120_000); // 3,000 chunks written and ranked on the embedded store: well past the default on a loaded machine.

    it('should count a query term in the title or heading path BM25_PARAMS.headingWeight times', async () => {
      const owner = (await createOrg(t.app)).orgId;
      const seeded = await seedSource(owner, [
        { text: `zeppelin ${filler(20)}`, tokenCount: 100, title: 'Note' },
        { text: `zeppelin ${filler(20)}`, tokenCount: 100, title: 'Zeppelin' },
      ]);
      const found = await search(scopeOf(owner, [seeded.dataSourceId]), 'zeppelin', 'keyword');
      // Once in the text; the titled chunk also once in its title, which counts headingWeight times.
      const tf = [1, 1 + BM25_PARAMS.headingWeight];
      const weight = (count: number): number => (count * (k1 + 1)) / (count + k1);
      expect(found.chunks.map((chunk) => chunk.chunkId)).toEqual([seeded.chunkIds[1], seeded.chunkIds[0]]);
      expect(found.chunks[0].score).toBeCloseTo(weight(tf[1]) / (k1 + 1), 9);
      expect(found.chunks[1].score).toBeCloseTo(weight(tf[0]) / (k1 + 1), 9);
    });

    it('should find a camel-case identifier by its words, each identifier counted once', async () => {
      const owner = (await createOrg(t.app)).orgId;
      const seeded = await seedSource(owner, [
        { text: 'The KeepAliveTimeout directive, then KeepAliveTimeout again.', tokenCount: 10, title: 'Core features' },
        { text: 'Keep the timeout alive.', tokenCount: 10, title: 'Probes' },
        { text: 'Server tokens: what the Server header shows.', tokenCount: 10, title: 'ServerTokens Directive' },
        { text: 'IgG and mRNA levels, JSONResponse bodies.', tokenCount: 10, title: 'Assays' },
      ]);
      const scope = scopeOf(owner, [seeded.dataSourceId]);
      const found = await search(scope, 'keep alive timeout', 'keyword');
      expect(found.chunks.map((chunk) => chunk.chunkId).sort()).toEqual([seeded.chunkIds[0], seeded.chunkIds[1]].sort());
      // Twice written, once counted: as many occurrences of each word as the chunk that spells them out once.
      expect(found.chunks[0].score).toBeCloseTo(found.chunks[1].score, 9);
      const inHeading = await search(scope, 'server tokens directive', 'keyword');
      expect(inHeading.chunks[0].chunkId).toBe(seeded.chunkIds[2]);
      // Short parts and acronyms are no identifiers' words: nothing matches "ig", "json" or "response" alone.
      expect((await search(scope, 'ig rna json response', 'keyword')).chunks).toEqual([]);
    });

    it('should find an uploaded file by its name, written as a name or as words', async () => {
      const owner = (await createOrg(t.app)).orgId;
      const seeded = await seedSource(owner, [
        { text: 'Revenue grew by four percent in the third quarter.', title: 'Revenue grew', url: 'quarterly-figures.docx' },
        { text: 'The quarterly figures of every region are published in the annual report.', title: 'Annual report' },
      ]);
      const scope = scopeOf(owner, [seeded.dataSourceId]);
      for (const question of ['What does quarterly-figures.docx say?', 'what is in quarterly figures docx']) {
        expect((await search(scope, question, 'keyword')).chunks[0].chunkId, question).toBe(seeded.chunkIds[0]);
      }
    });

    it('should take N, df and the average length from the scope alone', async () => {
      const before = (await search(scope, 'balloon', 'keyword')).chunks[0].score;
      // Another organization's chunks never change this scope's statistics.
      await seedSource((await createOrg(t.app)).orgId, [{ text: 'balloon balloon', tokenCount: 5 }]);
      expect((await search(scope, 'balloon', 'keyword')).chunks[0].score).toBeCloseTo(before, 12);

      // A wider scope has its own: N = 8, df(balloon) = 2, avgdl = (1000 + 5) / 8.
      const extra = await seedSource(orgId, [{ text: 'balloon balloon', tokenCount: 5 }]);
      const wider = await search(scopeOf(orgId, [scope.dataSourceIds[0], extra.dataSourceId]), 'balloon', 'keyword');
      const widerAvgdl = (avgdl * n + 5) / (n + 1);
      const weight = (tf: number, dl: number): number => (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / widerAvgdl));
      // With a single query term, idf cancels out of the normalised score.
      expect(wider.chunks.map((chunk) => chunk.chunkId)).toEqual([extra.chunkIds[0], ids[4]]);
      expect(wider.chunks[0].score).toBeCloseTo(weight(2, 5) / (k1 + 1), 9);
      expect(wider.chunks[1].score).toBeCloseTo(weight(1, 100) / (k1 + 1), 9);
      expect(wider.totalChunksSearched).toBe(n + 1);
      expect((await search(scope, 'balloon', 'keyword')).chunks[0].score).toBeCloseTo(before, 12);
    });
  });

  describe('stored term statistics', () => {
    const total = async (scope: SearchScope, query = 'kite'): Promise<number> => (await search(scope, query, 'keyword')).totalChunksSearched;

    it('should store each scope’s chunk and token counts and each lexeme’s document frequency, as counted in its chunks', async () => {
      const { orgId } = await createOrg(t.app);
      const { dataSourceId } = await seedSource(orgId, [
        { text: 'kites fly over the harbour', tokenCount: 10 },
        { text: 'a kite and a crane', tokenCount: 20 },
        { text: 'the harbour crane lifts containers', tokenCount: 30 },
      ]);
      await seedKbArticle(orgId, { text: 'kite safety rules', tokenCount: 7 });
      await searchStats().refresh({ orgId, scope: dataSourceId });
      await searchStats().refresh({ orgId, scope: KNOWLEDGE_BASE_SCOPE });

      const scopes = await db().query<Array<{ scope: string; chunks: number; tokens: string }>>(
        'SELECT scope, chunks, tokens FROM search_scope_stats WHERE org_id = $1 ORDER BY scope',
        [orgId],
      );
      expect(scopes.map((row) => [row.scope, row.chunks, Number(row.tokens)])).toEqual(
        [
          [dataSourceId, 3, 60],
          [KNOWLEDGE_BASE_SCOPE, 1, 7],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      const lexemes = await db().query<Array<{ scope: string; lexeme: string; df: number }>>(
        `SELECT scope, lexeme, df FROM search_lexeme_stats WHERE org_id = $1 AND lexeme IN ('kite', 'harbour', 'crane', 'safeti') ORDER BY scope, lexeme`,
        [orgId],
      );
      const dfOf = (scope: string): Record<string, number> =>
        Object.fromEntries(lexemes.filter((row) => row.scope === scope).map((row) => [row.lexeme, row.df]));
      expect(dfOf(dataSourceId)).toEqual({ kite: 2, harbour: 2, crane: 2 });
      expect(dfOf(KNOWLEDGE_BASE_SCOPE)).toEqual({ kite: 1, safeti: 1 });
    });

    it('should search with the statistics of the last refresh until the next one', async () => {
      const { orgId } = await createOrg(t.app);
      const { dataSourceId } = await seedSource(orgId, [{ text: 'kite' }, { text: 'crane' }, { text: 'harbour' }]);
      await searchStats().refresh({ orgId, scope: dataSourceId });
      const scope = scopeOf(orgId, [dataSourceId]);
      const before = await search(scope, 'kite crane', 'keyword');

      await insertChunk(orgId, { dataSourceId, key: 'late' }, { text: 'kite kite' });
      const stale = await search(scope, 'kite crane', 'keyword');
      expect(stale.totalChunksSearched).toBe(3);
      // The new chunk is found, scored with the stored N and df.
      expect(stale.chunks).toHaveLength(3);
      const kiteOnce = stale.chunks.find((chunk) => chunk.chunkId === before.chunks.find((hit) => hit.text === 'kite')!.chunkId)!;
      expect(kiteOnce.score).toBeCloseTo(before.chunks.find((hit) => hit.text === 'kite')!.score, 12);

      await searchStats().refresh({ orgId, scope: dataSourceId });
      expect(await total(scope)).toBe(4);
    });

    it('should count live when a part of the scope has no statistics', async () => {
      const { orgId } = await createOrg(t.app);
      const refreshed = await seedSource(orgId, [{ text: 'kite' }, { text: 'crane' }]);
      await searchStats().refresh({ orgId, scope: refreshed.dataSourceId });
      const bare = await seedSource(orgId, [{ text: 'kite' }]);
      await insertChunk(orgId, { dataSourceId: refreshed.dataSourceId, key: 'late' }, { text: 'kite' });

      expect(await total(scopeOf(orgId, [refreshed.dataSourceId]))).toBe(2);
      expect(await total(scopeOf(orgId, [refreshed.dataSourceId, bare.dataSourceId]))).toBe(4);
    });

    it('should need the knowledge base’s statistics only once it holds chunks', async () => {
      const { orgId } = await createOrg(t.app);
      const { dataSourceId } = await seedSource(orgId, [{ text: 'kite' }, { text: 'crane' }]);
      await searchStats().refresh({ orgId, scope: dataSourceId });
      await insertChunk(orgId, { dataSourceId, key: 'late' }, { text: 'kite' });
      const withKb = scopeOf(orgId, [dataSourceId], true);
      // No article: the stored statistics cover the whole scope.
      expect(await total(withKb)).toBe(2);

      await seedKbArticle(orgId, { text: 'kite rules' });
      expect(await total(withKb)).toBe(4);

      await searchStats().refresh({ orgId, scope: KNOWLEDGE_BASE_SCOPE });
      await seedKbArticle(orgId, { text: 'kite repairs' });
      expect(await total(withKb)).toBe(3);
    });

    it('should count live while a scope’s statistics count no chunk', async () => {
      const { orgId } = await createOrg(t.app);
      const { dataSourceId } = await seedSource(orgId, []);
      await searchStats().refresh({ orgId, scope: dataSourceId });
      await insertChunk(orgId, { dataSourceId, key: 'first' }, { text: 'kite' });

      const result = await search(scopeOf(orgId, [dataSourceId]), 'kite', 'keyword');
      expect(result.totalChunksSearched).toBe(1);
      expect(result.chunks).toHaveLength(1);
    });

    it('should let refreshes of one scope take turns, and list the scopes that have no statistics', async () => {
      const { orgId } = await createOrg(t.app);
      const { dataSourceId } = await seedSource(orgId, [{ text: 'kite' }, { text: 'crane kite' }]);
      const bare = await seedSource(orgId, [{ text: 'kite' }]);
      await seedKbArticle(orgId, { text: 'kite rules' });
      const scope = { orgId, scope: dataSourceId };
      await Promise.all([searchStats().refresh(scope), searchStats().refresh(scope), searchStats().refresh(scope)]);

      const [row] = await db().query<Array<{ df: number }>>(`SELECT df FROM search_lexeme_stats WHERE org_id = $1 AND scope = $2 AND lexeme = 'kite'`, [
        orgId,
        dataSourceId,
      ]);
      expect(row.df).toBe(2);
      const missing = (await searchStats().missing()).filter((entry) => entry.orgId === orgId);
      expect(missing).toEqual(
        expect.arrayContaining([
          { orgId, scope: bare.dataSourceId },
          { orgId, scope: KNOWLEDGE_BASE_SCOPE },
        ]),
      );
      expect(missing).toHaveLength(2);
    });
  });

  describe('scope', () => {
    let orgA: string;
    let orgB: string;
    let sourceA1: { dataSourceId: string; chunkIds: string[] };
    let sourceA2: { dataSourceId: string; chunkIds: string[] };
    let sourceB: { dataSourceId: string; chunkIds: string[] };
    let kbA: string;
    let kbB: string;
    const text = 'The quarterly launch checklist lists every release step for the mobile app.';

    beforeAll(async () => {
      orgA = (await createOrg(t.app)).orgId;
      orgB = (await createOrg(t.app)).orgId;
      // The same text, hence the same vector and the same tsvector, in every place.
      sourceA1 = await seedSource(orgA, [{ text }, { text: 'Travel expenses are reimbursed within a month.' }]);
      sourceA2 = await seedSource(orgA, [{ text }]);
      sourceB = await seedSource(orgB, [{ text }, { text }]);
      kbA = await seedKbArticle(orgA, { text, title: 'KB' });
      kbB = await seedKbArticle(orgB, { text, title: 'KB' });
    });

    const found = async (scope: SearchScope, strategy: RagStrategy): Promise<string[]> =>
      (await search(scope, 'quarterly launch checklist release steps', strategy, 50)).chunks.map((chunk) => chunk.chunkId).sort();

    it.each(RAG_STRATEGIES)('should search only the given data sources, and knowledge base chunks only when asked (%s)', async (strategy) => {
      expect(await found(scopeOf(orgA, [sourceA1.dataSourceId]), strategy)).toEqual(
        strategy === 'keyword' ? [sourceA1.chunkIds[0]] : [...sourceA1.chunkIds].sort(),
      );
      const both = await found(scopeOf(orgA, [sourceA1.dataSourceId, sourceA2.dataSourceId]), strategy);
      expect(both).toContain(sourceA2.chunkIds[0]);
      expect(both).not.toContain(kbA);
      expect(await found(scopeOf(orgA, [sourceA2.dataSourceId], true), strategy)).toEqual([sourceA2.chunkIds[0], kbA].sort());
      expect(await found(scopeOf(orgA, [], true), strategy)).toEqual([kbA]);
    });

    it.each(RAG_STRATEGIES)('should never return another organization’s chunks, even with identical text and vectors (%s)', async (strategy) => {
      const foreign = new Set([...sourceB.chunkIds, kbB]);
      const scopes = [
        scopeOf(orgA, [sourceA1.dataSourceId, sourceA2.dataSourceId], true),
        // Another organization's data source id under this organization's id finds nothing.
        scopeOf(orgA, [sourceB.dataSourceId], true),
        scopeOf(orgA, [sourceB.dataSourceId]),
      ];
      for (const scope of scopes) {
        const result = await search(scope, 'quarterly launch checklist release steps', strategy, 50);
        expect(result.chunks.filter((chunk) => foreign.has(chunk.chunkId))).toEqual([]);
      }
      expect((await search(scopeOf(orgA, [sourceB.dataSourceId]), text, strategy)).chunks).toEqual([]);
      expect((await search(scopeOf(orgB, [sourceB.dataSourceId], true), text, strategy, 50)).chunks.map((chunk) => chunk.chunkId).sort()).toEqual(
        [...foreign].sort(),
      );
    });

    it('should count the chunks in scope', async () => {
      for (const strategy of RAG_STRATEGIES) {
        expect((await search(scopeOf(orgA, [sourceA1.dataSourceId]), 'launch', strategy)).totalChunksSearched).toBe(2);
        expect((await search(scopeOf(orgA, [sourceA1.dataSourceId, sourceA2.dataSourceId], true), 'launch', strategy)).totalChunksSearched).toBe(4);
        expect((await search(scopeOf(orgA, [sourceB.dataSourceId]), 'launch', strategy)).totalChunksSearched).toBe(0);
      }
    });

    it('should answer nothing, without touching the index, for an empty scope', async () => {
      for (const strategy of RAG_STRATEGIES) {
        expect(await search(scopeOf(orgA, []), 'launch', strategy)).toMatchObject({ chunks: [], totalChunksSearched: 0, queryEmbedding: null });
      }
    });
  });

  describe('top_k, threshold and scores', () => {
    let orgId: string;
    let scope: SearchScope;
    let bigSource: string;
    const topics = ['glacier', 'volcano', 'desert', 'rainforest', 'tundra', 'savanna', 'reef', 'canyon'];

    beforeAll(async () => {
      orgId = (await createOrg(t.app)).orgId;
      const small = await seedSource(
        orgId,
        topics.flatMap((topic, i) => [
          { text: `${topic} field guide: ${topic} ecology and climate of the ${topic}`, title: `Guide ${i}` },
          { text: `A short note that mentions a ${topic} once among other landforms.`, title: `Note ${i}` },
        ]),
      );
      scope = scopeOf(orgId, [small.dataSourceId]);
      // A larger source of the same organization outside the scope: the filtered nearest-neighbour search
      // must still fill top_k from the scope.
      bigSource = (
        await seedSource(
          orgId,
          Array.from({ length: 120 }, (_, i) => ({ text: `glacier volcano desert report number ${i} with ${topics[i % topics.length]} data` })),
        )
      ).dataSourceId;
    });

    it.each(RAG_STRATEGIES)('should return at most top_k chunks, ordered by a score between 0 and 1 (%s)', async (strategy) => {
      for (const topK of [1, 3, 16, 50]) {
        const result = await search(scope, 'glacier ecology and climate field guide', strategy, topK);
        const expected = strategy === 'keyword' ? Math.min(topK, result.chunks.length) : Math.min(topK, 16);
        expect(result.chunks).toHaveLength(expected);
        for (const [i, chunk] of result.chunks.entries()) {
          expect(chunk.score).toBeGreaterThanOrEqual(0);
          expect(chunk.score).toBeLessThanOrEqual(1);
          if (i > 0) {
            expect(chunk.score).toBeLessThanOrEqual(result.chunks[i - 1].score);
          }
        }
        expect(result.chunks[0].text).toContain('glacier field guide');
      }
    });

    it.each(RAG_STRATEGIES)('should drop chunks scoring below the similarity threshold (%s)', async (strategy) => {
      const all = (await search(scope, 'volcano ecology and climate', strategy, 16)).chunks;
      expect(all.length).toBeGreaterThan(2);
      const threshold = all[1].score;
      const kept = (await search(scope, 'volcano ecology and climate', strategy, 16, threshold)).chunks;
      expect(kept.length).toBeGreaterThanOrEqual(2);
      expect(kept.every((chunk) => chunk.score >= threshold)).toBe(true);
      expect(kept.map((chunk) => chunk.chunkId)).toEqual(all.filter((chunk) => chunk.score >= threshold).map((chunk) => chunk.chunkId));
      expect((await search(scope, 'volcano ecology and climate', strategy, 16, 0)).chunks).toHaveLength(all.length);
    });

    it('should fill top_k from a scope that is a small part of the organization’s chunks', async () => {
      const result = await search(scopeOf(orgId, [scope.dataSourceIds[0]]), 'glacier volcano desert report', 'vector', 16);
      expect(result.chunks).toHaveLength(16);
      const inBig = await search(scopeOf(orgId, [bigSource]), 'glacier volcano desert report', 'vector', 50);
      expect(inBig.chunks).toHaveLength(50);
      expect(inBig.totalChunksSearched).toBe(120);
    });

    it('should fuse as if both lists were read in full, though the keyword list is read only as deep as top_k needs', async () => {
      const chunks = moduleRef.get(ChunkSearchRepository);
      const bigScope = scopeOf(orgId, [bigSource]);
      const query = 'savanna report data';
      const [keyword, vector] = await Promise.all([
        chunks.keyword(bigScope, query, HYBRID_FUSION.keywordDepth, BM25_PARAMS, false),
        chunks.vector(bigScope, stubEmbedding(query, DIMENSIONS), HYBRID_FUSION.vectorDepth, false),
      ]);
      expect(keyword.hits).toHaveLength(HYBRID_FUSION.keywordDepth);
      const fused = reciprocalRankFusion(
        [
          { ids: vector.hits.map((hit) => hit.id), weight: HYBRID_FUSION.vectorWeight },
          { ids: keyword.hits.map((hit) => hit.id), weight: HYBRID_FUSION.keywordWeight },
        ],
        HYBRID_FUSION.k,
      );
      for (const topK of [1, 5, 10, 18, 30]) {
        const found = (await search(bigScope, query, 'hybrid', topK)).chunks;
        expect(found.map((chunk) => [chunk.chunkId, chunk.score])).toEqual(fused.slice(0, topK).map((hit) => [hit.id, hit.score]));
      }
    });

    // Scopes this small are read exactly; the HNSW plan (scopes over EXACT_SCAN_MAX_CHUNKS) is forced here.
    it.each([
      ['exact', { exact: true }],
      ['HNSW', { exact: false, efSearch: 40 }],
    ] as const)('should find the same nearest chunks of a small scope with the %s plan, filling top_k', async (_, plan) => {
      const chunks = moduleRef.get(ChunkSearchRepository);
      const embedding = stubEmbedding('glacier volcano desert report', DIMENSIONS);
      const smallScope = scopeOf(orgId, [scope.dataSourceIds[0]]);
      const found = await chunks.vector(smallScope, embedding, 16, false, plan);
      const exact = await chunks.vector(smallScope, embedding, 16, false, { exact: true });
      expect(found.total).toBe(16);
      expect(found.hits.map((hit) => hit.id).sort()).toEqual(exact.hits.map((hit) => hit.id).sort());
      expect(await chunks.vectorPlan(smallScope, 16)).toEqual({ exact: true });
    });

    it.each(RAG_STRATEGIES)('should answer the same order twice, ties broken by chunk id (%s)', async (strategy) => {
      const twin = await seedSource(orgId, [{ text: 'identical twin passage about fjords' }, { text: 'identical twin passage about fjords' }]);
      const twinScope = scopeOf(orgId, [twin.dataSourceId]);
      const first = await search(twinScope, 'fjords passage', strategy);
      const second = await search(twinScope, 'fjords passage', strategy);
      expect(first.chunks.map((chunk) => chunk.chunkId)).toEqual(second.chunks.map((chunk) => chunk.chunkId));
      expect(first.chunks.map((chunk) => chunk.chunkId)).toEqual([...twin.chunkIds].sort());
    });

    it('should refuse a top_k or threshold out of range', async () => {
      await expect(search(scope, 'glacier', 'hybrid', 0)).rejects.toThrow(RangeError);
      await expect(search(scope, 'glacier', 'hybrid', 2.5)).rejects.toThrow(RangeError);
      await expect(search(scope, 'glacier', 'hybrid', 10, 1.5)).rejects.toThrow(RangeError);
      await expect(retrieval.search({ query: 'glacier', scope, strategy: 'bogus' as RagStrategy, topK: 5 })).rejects.toThrow(RangeError);
    });
  });

  describe('query text', () => {
    let scope: SearchScope;

    beforeAll(async () => {
      const orgId = (await createOrg(t.app)).orgId;
      const seeded = await seedSource(orgId, [
        { text: "O'Neil's zeppelin & balloon guide: (ascent) | descent! 50% off: * <-> ok" },
        { text: 'Harbour cranes unload containers at night.' },
        { text: 'Дирижабль летит над городом, а воздушный шар поднимается выше.' },
        { text: '東京 の 飛行船 ガイド' },
      ]);
      scope = scopeOf(orgId, [seeded.dataSourceId]);
    });

    it.each(RAG_STRATEGIES)('should treat tsquery operators in the query as plain text (%s)', async (strategy) => {
      for (const query of ["zeppelin & balloon | !(ascent) :* 'x' <-> descent", "'", "'':*", "&|!():*'<->", "O'Neil's \\' zeppelin", 'a\\b:c & (d'] as const) {
        const result = await search(scope, query, strategy);
        expect(result.chunks.every((chunk) => chunk.score >= 0 && chunk.score <= 1)).toBe(true);
        if (query.includes('zeppelin')) {
          expect(result.chunks[0].text, query).toContain('zeppelin');
        }
      }
    });

    it('should find nothing by keyword for a query of stop words only, while vector and hybrid still answer', async () => {
      const query = 'the and of it is to be';
      expect((await search(scope, query, 'keyword')).chunks).toEqual([]);
      expect((await search(scope, query, 'keyword')).totalChunksSearched).toBe(4);
      expect((await search(scope, query, 'vector')).chunks).toHaveLength(4);
      expect((await search(scope, query, 'hybrid')).chunks).toHaveLength(4);
    });

    it.each(RAG_STRATEGIES)('should search with a very long query (%s)', async (strategy) => {
      const pasted = `Some noise first. ${'At night the harbour cranes unload containers from the ships. '.repeat(200)}`.slice(0, 8_000);
      const result = await search(scope, pasted, strategy, 3);
      expect(result.chunks[0].text).toContain('Harbour');
      // Past MAX_QUERY_LEXEMES distinct lexemes the rest of a query is not used by keyword search, which must not fail.
      const noisy = `${Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ')} harbour cranes containers`.slice(-8_000);
      const scores = (await search(scope, noisy, strategy, 3)).chunks.map((chunk) => chunk.score);
      expect(scores.every((score) => score >= 0 && score <= 1)).toBe(true);
    });

    it.each(RAG_STRATEGIES)('should match non-Latin text (%s)', async (strategy) => {
      const russian = await search(scope, 'дирижабль над городом', strategy, 1);
      expect(russian.chunks[0].text).toContain('Дирижабль');
      const japanese = await search(scope, '飛行船', strategy, 4);
      expect(japanese.chunks.some((chunk) => chunk.text.includes('飛行船'))).toBe(true);
    });

    it.each(RAG_STRATEGIES)('should answer no chunk for an empty query (%s)', async (strategy) => {
      expect(await search(scope, '   ', strategy)).toMatchObject({ chunks: [], totalChunksSearched: 4 });
    });
  });
});
