import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { SearchScope, TermStatistics } from '#src/modules/retrieval/retrieval.types.js';
import {
  MAX_CACHED_LEXEMES_PER_SCOPE,
  MAX_QUERY_LEXEMES,
  MAXSCORE_FIRST_PASS_POSTINGS,
  SCOPE_STATS_TTL_MS,
  VECTOR_PLAN_TTL_MS,
  type Bm25Params,
} from '#src/modules/retrieval/retrieval-settings.js';
import { KNOWLEDGE_BASE_SCOPE } from '#src/modules/retrieval/search-stats.repository.js';
import { firstPass, secondPass, widenedFirstPass, type Clauses } from '#src/modules/retrieval/keyword-plan.js';
import { SearchSessions } from '#src/modules/retrieval/search-session.js';
import { planVectorSearch, type VectorPlan } from '#src/modules/retrieval/vector-plan.js';
import { compareIds } from '#src/modules/retrieval/id-order.js';

/** A chunk as a search returns it. */
export interface ChunkRow {
  id: string;
  document_id: string;
  document_title: string;
  document_url: string;
  heading_path: string[];
  text: string;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
  chunk?: ChunkRow;
}

export interface KeywordHit {
  id: string;
  bm25: number;
  /** bm25 / the query's highest attainable BM25, 0..1. */
  score: number;
  chunk?: ChunkRow;
}

export interface ListResult<T> {
  /** Chunks in scope. */
  total: number;
  hits: T[];
}

/** A keyword list, with the statistics of the query's lexemes it was scored with. */
export interface KeywordList extends ListResult<KeywordHit> {
  statistics: TermStatistics;
}

/**
 * `$1` org id, `$2` data source ids, `$3` whether published knowledge base chunks are in scope. An article's
 * chunks count only while it is published: an indexing job finishing after the article went back to draft
 * (or one of its chunks not yet removed) never puts a draft in front of an agent.
 */
const IN_SCOPE = `c.org_id = $1 AND (c.data_source_id = ANY($2::varchar[]) OR ($3::boolean AND c.kb_article_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM kb_article a WHERE a.org_id = c.org_id AND a.id = c.kb_article_id AND a.status = 'published')))`;

/**
 * The scope's size as two counts each answerable from one index (index-only once the table is
 * vacuumed); a chunk has a data source or a knowledge base article, never both, so they add up.
 */
const SCOPE_SIZE = `SELECT (SELECT count(*) FROM chunk c WHERE c.org_id = $1 AND c.data_source_id = ANY($2::varchar[]))
       + (SELECT count(*) FROM chunk c WHERE $3::boolean AND c.org_id = $1 AND c.kb_article_id IS NOT NULL) AS n`;

const CHUNK_COLUMNS = 'c.document_id, c.document_title, c.document_url, c.heading_path, c.text';

/**
 * Nearest chunks by cosine distance, filtered to the scope (`$4` the query vector, `$5` how many): through
 * the HNSW index, or exactly with index scans off (the scope's rows through its btree index, then a sort).
 * Under `hnsw.iterative_scan = relaxed_order` the index yields candidates until the LIMIT is filled by
 * chunks that pass the filter, in roughly ascending distance: the caller sorts.
 */
function vectorSql(details: boolean): string {
  return `WITH scope_size AS (${SCOPE_SIZE}),
nearest AS MATERIALIZED (
  SELECT c.id, c.embedding <=> $4::vector AS distance
  FROM chunk c
  WHERE ${IN_SCOPE}
  ORDER BY c.embedding <=> $4::vector
  LIMIT $5
)
SELECT s.n AS total, r.*
FROM scope_size s
LEFT JOIN LATERAL (
  SELECT nearest.id, 1 - nearest.distance AS similarity${details ? `, ${CHUNK_COLUMNS}` : ''}
  FROM nearest${details ? ' JOIN chunk c ON c.id = nearest.id' : ''}
) r ON true`;
}

/** A lexeme quoted as a tsquery operand: backslashes and quotes escaped, so no lexeme is read as syntax. */
const quoted = (expression: string): string => `'''' || replace(replace(${expression}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * The query's lexemes in order of first appearance. PostgreSQL's parser reads a file name such as
 * "q3-report.docx" as one token; a question naming a file also gets the words of its name ("q3",
 * "report", "docx"), which uploaded files are indexed with (the chunk's file name, see ChunkEntity).
 */
const QUERY_TERMS = `SELECT t.lexeme, t.positions[1] AS first
FROM unnest(to_tsvector('english', $4::text) || to_tsvector('english', regexp_replace($4::text, '([[:alnum:]_-]{2,})[.]([[:alpha:]][[:alnum:]]{1,5})(?![[:alnum:]])', '\\1 \\2', 'g'))) AS t
ORDER BY t.positions[1] LIMIT $5`;

/**
 * The statistics keyword search needs, from the stored ones (SearchStatsRepository), in one round trip:
 * the query's lexemes (as below), the scope's chunk count and average length summed over its parts (its
 * data sources, and the knowledge base when `$3`), and each lexeme's document frequency, one index probe
 * per part. `parts` counts the parts that have statistics; a knowledge base without chunks needs none
 * (`kb_empty`).
 */
const STORED_KEYWORD_STATS_SQL = `WITH query_terms AS MATERIALIZED (${QUERY_TERMS}),
parts AS MATERIALIZED (
  SELECT s.scope, s.chunks, s.tokens FROM search_scope_stats s
  WHERE s.org_id = $1 AND (s.scope = ANY($2::varchar[]) OR ($3::boolean AND s.scope = '${KNOWLEDGE_BASE_SCOPE}'))
),
stats AS MATERIALIZED (
  SELECT count(*)::int AS parts, coalesce(sum(p.chunks), 0)::bigint AS n, coalesce(sum(p.tokens), 0)::float8 AS tokens,
         $3::boolean AND NOT coalesce(bool_or(p.scope = '${KNOWLEDGE_BASE_SCOPE}'), false)
           AND NOT EXISTS (SELECT 1 FROM chunk c WHERE c.org_id = $1 AND c.kb_article_id IS NOT NULL) AS kb_empty
  FROM parts p
)
SELECT st.parts, st.kb_empty, st.n AS total, st.tokens / greatest(st.n, 1) AS avgdl, q.lexeme,
       (SELECT coalesce(sum(l.df), 0) FROM search_lexeme_stats l
        WHERE l.org_id = $1 AND l.scope IN (SELECT p.scope FROM parts p) AND l.lexeme = q.lexeme) AS df
FROM stats st LEFT JOIN query_terms q ON true
ORDER BY q.first`;

/**
 * The statistics keyword search needs, in one round trip:
 * - the query's lexemes, from to_tsvector('english', $4): the very normalisation of the indexed text
 *   (stemming, stop words), so no user text is ever parsed as tsquery syntax; at most `$5`, in order of
 *   first appearance;
 * - N, the scope's chunk count, and the average chunk length (`$6`/`$7` are a cached count and average:
 *   the average is recomputed whenever the count differs);
 * - each lexeme's document frequency in the scope, counted through the GIN index, except for the
 *   lexemes in `$8` whose count is cached for this very N.
 */
const KEYWORD_STATS_SQL = `WITH query_terms AS MATERIALIZED (${QUERY_TERMS}),
scope_size AS MATERIALIZED (${SCOPE_SIZE}),
stats AS MATERIALIZED (
  SELECT s.n, CASE WHEN s.n = $6::bigint THEN $7::float8
                   ELSE (SELECT avg(c.token_count)::float8 FROM chunk c WHERE ${IN_SCOPE}) END AS avgdl
  FROM scope_size s
)
SELECT st.n AS total, st.avgdl, q.lexeme,
       CASE WHEN q.lexeme IS NULL OR (st.n = $6::bigint AND q.lexeme = ANY($8::text[])) THEN NULL
            ELSE (SELECT count(*) FROM chunk c WHERE ${IN_SCOPE} AND c.tsv @@ (${quoted('q.lexeme')})::tsquery) END AS df
FROM stats st LEFT JOIN query_terms q ON true
ORDER BY q.first`;

/**
 * Okapi BM25 of the chunks of the scope matching the candidate condition, but those in `$11`, best `$12`
 * first:
 * - the condition is a disjunction of conjunctions of lexemes (keyword-plan.ts): `$10` the lexemes, `$9`
 *   the clause each belongs to;
 * - `$4` the query's lexemes and `$5` their idf (from the statistics above);
 * - term frequency is the number of positions of the lexeme in the chunk's tsvector, read from the
 *   tsvector narrowed to the query's lexemes (setweight marks them, ts_filter keeps them), plus `$13`
 *   (the heading weight less one) times its positions in the title and heading path;
 * - chunk length is its token count, against the scope's average `$8`; `$6` k1, `$7` b.
 */
function keywordScoreSql(details: boolean): string {
  return `WITH weights AS MATERIALIZED (
  SELECT w.lexeme, w.idf FROM unnest($4::text[], $5::float8[]) AS w(lexeme, idf)
),
wanted AS MATERIALIZED (
  SELECT string_agg('(' || d.conjunction || ')', ' | ')::tsquery AS include
  FROM (SELECT string_agg(${quoted('e.lexeme')}, ' & ') AS conjunction FROM unnest($9::int[], $10::text[]) AS e(clause, lexeme) GROUP BY e.clause) d
),
matches AS MATERIALIZED (
  SELECT c.id, c.token_count::float8 AS dl, ts_filter(setweight(c.tsv, 'A', $4::text[]), '{a}') AS hits,
         CASE WHEN $13::float8 = 0 THEN NULL ELSE ts_filter(setweight(c.heading_tsv, 'A', $4::text[]), '{a}') END AS heading_hits
  FROM chunk c
  WHERE ${IN_SCOPE} AND c.tsv @@ (SELECT include FROM wanted) AND NOT (c.id = ANY($11::varchar[]))
),
term_hits AS (
  SELECT m.id, m.dl, w.idf,
         greatest(cardinality(h.positions), 1)::float8
           + $13::float8 * coalesce((SELECT greatest(cardinality(g.positions), 1) FROM unnest(m.heading_hits) AS g WHERE g.lexeme = h.lexeme), 0) AS tf
  FROM matches m CROSS JOIN LATERAL unnest(m.hits) AS h JOIN weights w ON w.lexeme = h.lexeme
),
ranked AS (
  SELECT th.id, sum(th.idf * th.tf * ($6::float8 + 1) / (th.tf + $6::float8 * (1 - $7::float8 + $7::float8 * th.dl / greatest($8::float8, 1)))) AS bm25
  FROM term_hits th
  GROUP BY th.id
  ORDER BY bm25 DESC, th.id
  LIMIT $12
)
SELECT ranked.id, ranked.bm25${details ? `, ${CHUNK_COLUMNS}` : ''}
FROM ranked${details ? ' JOIN chunk c ON c.id = ranked.id' : ''}`;
}

const FETCH_SQL = `SELECT c.id, ${CHUNK_COLUMNS} FROM chunk c WHERE c.org_id = $1 AND c.id = ANY($2::varchar[])`;

type VectorRow = { total: number | string; id: string | null; similarity: number | null } & Partial<ChunkRow>;
type KeywordStatsRow = { total: number | string; avgdl: number | null; lexeme: string | null; df: number | string | null };
type StoredKeywordStatsRow = KeywordStatsRow & { parts: number; kb_empty: boolean };
type KeywordRow = { id: string; bm25: number } & Partial<ChunkRow>;

interface KeywordStats {
  total: number;
  avgdl: number;
  terms: Array<{ lexeme: string; df: number }>;
}

/** A scope's statistics, valid while its chunk count is `n`. */
interface ScopeStats {
  n: number;
  avgdl: number;
  /** lexeme -> document frequency in the scope */
  df: Map<string, number>;
}

/**
 * The search statements over `chunk`, as plain SQL: one round trip per list (the vector one inside a
 * short transaction for its HNSW settings), every statement filtered to the organization and scope.
 */
@Injectable()
export class ChunkSearchRepository {
  private readonly logger = new Logger('ChunkSearch');
  private readonly stats = new LRUCache<string, ScopeStats>({ max: 1_000, ttl: SCOPE_STATS_TTL_MS });
  private readonly scopeSizes = new LRUCache<string, number>({ max: 10_000, ttl: VECTOR_PLAN_TTL_MS });
  private indexSize: { value: Promise<number>; expiresAt: number } | undefined;
  private iterativeScan: Promise<boolean> | undefined;

  constructor(
    private readonly sessions: SearchSessions,
    private readonly sql: SqlClient,
  ) {}

  /**
   * The `limit` chunks of the scope nearest to `embedding` (cosine), every one of them if the scope holds
   * fewer; `plan` overrides the one the scope's size calls for.
   */
  async vector(scope: SearchScope, embedding: number[], limit: number, details: boolean, plan?: VectorPlan): Promise<ListResult<VectorHit>> {
    const text = vectorSql(details);
    const values = [scope.orgId, [...scope.dataSourceIds], scope.includeKnowledgeBase, `[${embedding.join(',')}]`, limit];
    const exactScan = async (): Promise<ListResult<VectorHit>> =>
      toVectorResult(await this.sessions.inTransaction(['SET LOCAL enable_indexscan = off'], (connection) => connection.query<VectorRow>(text, values)));
    plan ??= await this.vectorPlan(scope, limit);
    let result: ListResult<VectorHit>;
    if (plan.exact) {
      result = await exactScan();
    } else {
      // The planner underestimates what reading every embedding (TOASTed, 2 KiB each) costs, and on a few
      // thousand chunks prefers a sequential scan and sort (about 10x slower than the index here): without
      // sequential scans it picks the HNSW index.
      const settings = [`SET LOCAL hnsw.ef_search = ${plan.efSearch}`, 'SET LOCAL enable_seqscan = off'];
      if (await this.supportsIterativeScan()) {
        settings.push('SET LOCAL hnsw.iterative_scan = relaxed_order');
      }
      result = toVectorResult(await this.sessions.inTransaction(settings, (connection) => connection.query<VectorRow>(text, values)));
      if (result.hits.length < Math.min(limit, result.total)) {
        // The filtered index scan ran dry (a scope that is a small part of a large table, or pgvector
        // without iterative scans): the exact scan answers in full.
        result = await exactScan();
      }
    }
    this.scopeSizes.set(scopeKey(scope), result.total);
    return result;
  }

  /** How a vector search of `limit` chunks reads this scope, from its last known size and the index's. */
  async vectorPlan(scope: SearchScope, limit: number): Promise<VectorPlan> {
    const key = scopeKey(scope);
    let scopeChunks = this.scopeSizes.get(key);
    if (scopeChunks === undefined) {
      scopeChunks = await this.count(scope);
      this.scopeSizes.set(key, scopeChunks);
    }
    return planVectorSearch(scopeChunks, await this.indexedChunks(), limit);
  }

  /** The planner's estimate of the chunk table's rows (kept by autovacuum and ANALYZE; -1 before the first). */
  private indexedChunks(): Promise<number> {
    if (!this.indexSize || this.indexSize.expiresAt <= Date.now()) {
      const value = this.sql
        .query<{ n: number | string }>(`SELECT reltuples AS n FROM pg_class WHERE oid = 'chunk'::regclass`, [])
        .then(([row]) => Number(row?.n ?? -1))
        .catch((error: unknown) => {
          this.indexSize = undefined;
          throw error;
        });
      this.indexSize = { value, expiresAt: Date.now() + VECTOR_PLAN_TTL_MS };
    }
    return this.indexSize.value;
  }

  /**
   * The `limit` best chunks of the scope by BM25; none when the query has no lexeme (only stop words, say).
   * Exact, in two passes that spare scoring most chunks holding only common terms (keyword-plan.ts).
   */
  async keyword(scope: SearchScope, query: string, limit: number, params: Bm25Params, details: boolean): Promise<KeywordList> {
    const { total, avgdl, terms } = await this.keywordStats(scope, query);
    const statistics = toTermStatistics(total, terms);
    if (terms.length === 0 || total === 0) {
      return { total, hits: [], statistics };
    }
    const lexemes = terms.map((term) => term.lexeme);
    const idf = terms.map((term) => Math.log(1 + (total - term.df + 0.5) / (term.df + 0.5)));
    const bound = idf.map((value) => value * (params.k1 + 1));
    const maxBm25 = bound.reduce((sum, value) => sum + value, 0);
    const score = (clauses: Clauses, scored: KeywordRow[]): Promise<KeywordRow[]> =>
      this.sql.query<KeywordRow>(keywordScoreSql(details), [
        scope.orgId,
        [...scope.dataSourceIds],
        scope.includeKnowledgeBase,
        lexemes,
        idf,
        params.k1,
        params.b,
        avgdl,
        clauses.flatMap((clause, i) => clause.map(() => i)),
        clauses.flatMap((clause) => clause.map((term) => lexemes[term])),
        scored.map((row) => row.id),
        limit,
        params.headingWeight - 1,
      ]);

    const budget = Math.max(MAXSCORE_FIRST_PASS_POSTINGS, limit * 10);
    // Every chunk a pass finds is returned while it finds fewer than `limit`: the next pass skips them.
    let first = firstPass(
      terms.map((term) => term.df),
      bound,
      total,
      budget,
    );
    let rows = await score(first, []);
    for (let wider = widenedFirstPass(first); rows.length < limit && wider; wider = widenedFirstPass(first)) {
      first = wider;
      rows = best([...rows, ...(await score(first, rows))], limit);
    }
    const second = secondPass(bound, rows.length >= limit ? rows[limit - 1].bm25 : 0, first);
    if (second.length > 0) {
      rows = best([...rows, ...(await score(second, rows))], limit);
    }
    return {
      total,
      statistics,
      hits: rows.map((row) => ({
        id: row.id,
        bm25: row.bm25,
        score: maxBm25 > 0 ? Math.min(1, row.bm25 / maxBm25) : 0,
        chunk: details ? chunkOf(row) : undefined,
      })),
    };
  }

  /** The scope's chunk count and each query lexeme's document frequency, as keyword search counts them. */
  async termStatistics(scope: SearchScope, query: string): Promise<TermStatistics> {
    const { total, terms } = await this.keywordStats(scope, query);
    return toTermStatistics(total, terms);
  }

  /**
   * N, the average length and each query lexeme's df in the scope: from the stored statistics when every
   * part of the scope has them (and they count a chunk), otherwise counted (countedKeywordStats).
   */
  private async keywordStats(scope: SearchScope, query: string): Promise<KeywordStats> {
    const rows = await this.sql.query<StoredKeywordStatsRow>(STORED_KEYWORD_STATS_SQL, [
      scope.orgId,
      [...scope.dataSourceIds],
      scope.includeKnowledgeBase,
      query,
      MAX_QUERY_LEXEMES,
    ]);
    const first = rows[0];
    const parts = new Set(scope.dataSourceIds).size + (scope.includeKnowledgeBase ? 1 : 0);
    const total = Number(first?.total ?? 0);
    if (!first || first.parts + (first.kb_empty ? 1 : 0) < parts || total === 0) {
      return this.countedKeywordStats(scope, query);
    }
    const terms = rows.filter((row) => row.lexeme !== null).map((row) => ({ lexeme: row.lexeme!, df: Math.min(Number(row.df), total) }));
    return { total, avgdl: first.avgdl ?? 0, terms };
  }

  /** As keywordStats, counted in the chunks themselves; df and the average are cached for an unchanged N. */
  private async countedKeywordStats(scope: SearchScope, query: string): Promise<KeywordStats> {
    const key = scopeKey(scope);
    const cached = this.stats.get(key);
    const known = cached ? [...cached.df.keys()] : [];
    const rows = await this.sql.query<KeywordStatsRow>(KEYWORD_STATS_SQL, [
      scope.orgId,
      [...scope.dataSourceIds],
      scope.includeKnowledgeBase,
      query,
      MAX_QUERY_LEXEMES,
      cached?.n ?? -1,
      cached?.avgdl ?? 0,
      known,
    ]);
    const total = Number(rows[0]?.total ?? 0);
    const avgdl = rows[0]?.avgdl ?? 0;
    const entry = cached && cached.n === total ? cached : { n: total, avgdl, df: new Map<string, number>() };
    const terms: Array<{ lexeme: string; df: number }> = [];
    for (const row of rows) {
      if (row.lexeme === null) {
        continue;
      }
      const df = row.df === null ? entry.df.get(row.lexeme) : Number(row.df);
      if (df === undefined) {
        throw new Error(`No document frequency for ${JSON.stringify(row.lexeme)}`);
      }
      entry.df.set(row.lexeme, df);
      terms.push({ lexeme: row.lexeme, df });
    }
    if (total > 0) {
      if (entry.df.size > MAX_CACHED_LEXEMES_PER_SCOPE) {
        entry.df.clear();
      }
      this.stats.set(key, entry);
    }
    return { total, avgdl, terms };
  }

  /** The chunks with these ids in the organization, in no particular order. */
  async fetch(orgId: string, ids: string[]): Promise<ChunkRow[]> {
    if (ids.length === 0) {
      return [];
    }
    return this.sql.query<ChunkRow>(FETCH_SQL, [orgId, ids]);
  }

  /** Chunks in scope. */
  async count(scope: SearchScope): Promise<number> {
    const [row] = await this.sql.query<{ n: number | string }>(SCOPE_SIZE, [scope.orgId, [...scope.dataSourceIds], scope.includeKnowledgeBase]);
    return Number(row?.n ?? 0);
  }

  /** pgvector 0.8 added iterative index scans; older versions get the exact-scan fallback instead. */
  private supportsIterativeScan(): Promise<boolean> {
    this.iterativeScan ??= this.sql
      .query<{ version: string }>(`SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'`, [])
      .then(([row]) => {
        const [major = 0, minor = 0] = (row?.version ?? '0.0').split('.').map(Number);
        const supported = major > 0 || minor >= 8;
        if (!supported) {
          this.logger.warn(
            { pgvector: row?.version },
            'pgvector before 0.8 has no iterative index scans: filtered searches that run dry fall back to exact scans',
          );
        }
        return supported;
      })
      .catch(() => {
        this.iterativeScan = undefined;
        return false;
      });
    return this.iterativeScan;
  }
}

function toTermStatistics(chunks: number, terms: KeywordStats['terms']): TermStatistics {
  return { chunks, documentFrequency: new Map(terms.map((term) => [term.lexeme, term.df])) };
}

/** The `limit` highest scores, ties broken by chunk id. */
function best(rows: KeywordRow[], limit: number): KeywordRow[] {
  return rows.sort((a, b) => b.bm25 - a.bm25 || compareIds(a.id, b.id)).slice(0, limit);
}

function toVectorResult(rows: VectorRow[]): ListResult<VectorHit> {
  const total = Number(rows[0]?.total ?? 0);
  const hits: VectorHit[] = [];
  for (const row of rows) {
    if (row.id !== null && row.similarity !== null) {
      hits.push({ id: row.id, similarity: row.similarity, chunk: row.document_id !== undefined ? chunkOf(row) : undefined });
    }
  }
  return { total, hits };
}

function chunkOf(row: Partial<ChunkRow> & { id: string }): ChunkRow {
  return {
    id: row.id,
    document_id: row.document_id!,
    document_title: row.document_title!,
    document_url: row.document_url!,
    heading_path: row.heading_path ?? [],
    text: row.text!,
  };
}

function scopeKey(scope: SearchScope): string {
  return JSON.stringify([scope.orgId, [...scope.dataSourceIds].sort(), scope.includeKnowledgeBase]);
}
