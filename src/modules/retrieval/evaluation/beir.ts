import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Qrels } from '#src/modules/retrieval/evaluation/metrics.js';

/** A document of a BEIR corpus.jsonl. */
export interface CorpusEntry {
  id: string;
  title: string;
  text: string;
}

/** The JSON objects of a .jsonl file, one a line (blank lines skipped). */
async function* jsonLines(path: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim() === '') {
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${number}: not a JSON line`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error(`${path}:${number}: not a JSON object`);
    }
    yield value as Record<string, unknown>;
  }
}

const asId = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** corpus.jsonl: `{"_id", "title", "text"}` per line. */
export async function* readCorpus(dataset: string): AsyncGenerator<CorpusEntry> {
  const path = join(dataset, 'corpus.jsonl');
  for await (const entry of jsonLines(path)) {
    const id = asId(entry._id);
    if (id === undefined) {
      throw new Error(`${path}: an entry has no _id`);
    }
    yield { id, title: asText(entry.title), text: asText(entry.text) };
  }
}

/** queries.jsonl: only each query's `text` is kept (BEIR queries may carry metadata the system must not see). */
export async function readQueries(dataset: string): Promise<Map<string, string>> {
  const queries = new Map<string, string>();
  for await (const entry of jsonLines(join(dataset, 'queries.jsonl'))) {
    const id = asId(entry._id);
    if (id !== undefined) {
      queries.set(id, asText(entry.text));
    }
  }
  return queries;
}

/** The splits a dataset has judgements for (qrels/<split>.tsv). */
export function availableSplits(dataset: string): string[] {
  const folder = join(dataset, 'qrels');
  if (!existsSync(folder)) {
    return [];
  }
  return readdirSync(folder)
    .filter((name) => name.endsWith('.tsv'))
    .map((name) => name.slice(0, -'.tsv'.length))
    .sort();
}

/** qrels/<split>.tsv: `query-id  corpus-id  score`, with or without a header line. */
export async function readQrels(dataset: string, split: string): Promise<Qrels> {
  const path = join(dataset, 'qrels', `${split}.tsv`);
  const qrels: Qrels = new Map();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    const fields = line.trim().split('\t');
    if (fields.length < 3 || fields[0] === '') {
      continue;
    }
    const grade = Number(fields[2]);
    if (!Number.isFinite(grade)) {
      if (number === 1) {
        continue;
      }
      throw new Error(`${path}:${number}: the score ${JSON.stringify(fields[2])} is not a number`);
    }
    let judgements = qrels.get(fields[0]);
    if (!judgements) {
      judgements = new Map();
      qrels.set(fields[0], judgements);
    }
    judgements.set(fields[1], grade);
  }
  return qrels;
}
