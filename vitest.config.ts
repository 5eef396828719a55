import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const testDir = fileURLToPath(new URL('./test/', import.meta.url));
const webDir = fileURLToPath(new URL('./web/src/', import.meta.url));

/**
 * Files that take minutes on one store or the other, longest first. Vitest runs the files it has timed
 * longest first and, on a clean checkout, the largest: that started the fuzz (a short file that runs for
 * minutes) last, and the run waited on it alone; the PostgreSQL pass, timed by the embedded one, started
 * its fault and recovery files (quick on the embedded store) last. These start first; every other file
 * follows in Vitest's own order.
 */
const LONGEST = [
  'test/e2e/processes.e2e-spec.ts',
  'test/e2e/fuzz.part-1.e2e-spec.ts',
  'test/e2e/fuzz.part-2.e2e-spec.ts',
  'test/e2e/connectors.e2e-spec.ts',
  'test/e2e/faults.e2e-spec.ts',
  'test/e2e/connectors-recovery.e2e-spec.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = LONGEST.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  // SWC, not esbuild: NestJS dependency injection needs emitted decorator metadata.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    alias: [
      { find: /^#src\/(.*)\.js$/, replacement: `${srcDir}$1.ts` },
      { find: /^#test\/(.*)\.js$/, replacement: `${testDir}$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${webDir}$1` },
    ],
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.int-spec.ts', 'test/**/*.e2e-spec.ts', 'test/**/*.browser-spec.ts', 'web/src/**/*.spec.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup/close-leftover-apps.ts'],
    pool: 'forks',
    // Files share each worker's module cache: importing the whole application once per file took some 600 s
    // of a 1,000 s embedded run. Every file builds its own application, database and servers, and what a
    // file leaves open is closed after it (test/setup/close-leftover-apps.ts).
    isolate: false,
    // Most files wait on sockets, timers and child processes rather than on a core: three at a time keep
    // a 2-core machine busy (the default, one fewer than the cores, ran them one by one).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
