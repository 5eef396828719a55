import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = new URL('..', import.meta.url).pathname;
const recorded = JSON.parse(readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8')) as Record<string, number>;

/**
 * Starts the files that take longest first, so the last minutes of a run are not one long file on one worker
 * while the others sit idle. A clean checkout (CI) has no results cache, and vitest would order by file size;
 * the seconds each file took are recorded in file-durations.json (`npm run test:durations` rewrites it).
 * A file not recorded yet runs first, as vitest runs unknown files first.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification): number => recorded[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a));
  }
}
