import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * A question set for `npm run eval:answers`: the documents to ingest and the questions to ask of them.
 *
 * - A `website` source is a folder served on loopback and crawled from `start` (default: the folder's
 *   index page); a `files` source is a folder whose files are uploaded.
 * - A page is named `<source name>/<path in the folder>`, e.g. `fastapi/tutorial/query-params.md`.
 * - `pages` lists the pages that answer a question; `facts` the short strings a correct answer holds. A
 *   question with no pages is one the documents do not answer: the right answer is a refusal.
 */
export interface AnswerSet {
  name: string;
  description?: string;
  sources: SetSource[];
  questions: SetQuestion[];
}

export interface SetSource {
  name: string;
  type: 'website' | 'files';
  /** Relative to the working directory, as the set's paths are given. */
  dir: string;
  /** website: the page the crawl starts at, relative to the folder. */
  start?: string;
}

export interface SetQuestion {
  id: string;
  question: string;
  pages: string[];
  facts: string[];
}

export async function loadAnswerSet(file: string): Promise<AnswerSet> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const problems: string[] = [];
  const set = parsed as AnswerSet;
  if (typeof set !== 'object' || set === null || typeof set.name !== 'string' || !Array.isArray(set.sources) || !Array.isArray(set.questions)) {
    throw new Error(`${file}: expected {name, sources: [...], questions: [...]}`);
  }
  const sourceNames = new Set<string>();
  for (const source of set.sources) {
    if (typeof source.name !== 'string' || !/^[\w-]+$/.test(source.name) || sourceNames.has(source.name)) {
      problems.push(`source name ${JSON.stringify(source.name)} must be a unique word`);
    }
    sourceNames.add(source.name);
    if (source.type !== 'website' && source.type !== 'files') {
      problems.push(`source ${source.name}: type must be website or files`);
    }
    if (typeof source.dir !== 'string') {
      problems.push(`source ${source.name}: dir is required`);
    }
  }
  const ids = new Set<string>();
  for (const question of set.questions) {
    const where = `question ${JSON.stringify(question.id)}`;
    if (typeof question.id !== 'string' || ids.has(question.id)) {
      problems.push(`${where}: id must be a unique string`);
    }
    ids.add(question.id);
    if (typeof question.question !== 'string' || question.question.trim() === '') {
      problems.push(`${where}: question is required`);
    }
    if (!Array.isArray(question.pages) || !Array.isArray(question.facts)) {
      problems.push(`${where}: pages and facts must be arrays`);
      continue;
    }
    for (const page of question.pages) {
      if (!sourceNames.has(page.split('/')[0])) {
        problems.push(`${where}: page ${page} names no source of the set`);
      }
    }
    if (question.pages.length === 0 && question.facts.length > 0) {
      problems.push(`${where}: a question without pages cannot have facts`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  }
  return { ...set, sources: set.sources.map((source) => ({ ...source, dir: resolve(source.dir) })) };
}

export function isAnswerable(question: SetQuestion): boolean {
  return question.pages.length > 0;
}
