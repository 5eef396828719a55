import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const testDir = fileURLToPath(new URL('./test/', import.meta.url));
const webDir = fileURLToPath(new URL('./web/src/', import.meta.url));

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
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
