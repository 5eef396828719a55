// Rewrites test/file-durations.json, the order the test sequencer starts files in, from a run's JSON report.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const [report = 'test-results.json'] = process.argv.slice(2);
const root = new URL('..', import.meta.url).pathname;
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((file) => [relative(root, file.name), Math.round((file.endTime - file.startTime) / 1000)])
    .sort(([a, secondsA], [b, secondsB]) => secondsB - secondsA || a.localeCompare(b)),
);
writeFileSync(new URL('../test/file-durations.json', import.meta.url), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`recorded ${Object.keys(durations).length} files from ${report}`);
