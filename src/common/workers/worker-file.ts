import { existsSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled JavaScript of a worker-thread script that sits next to the module at `moduleUrl`.
 *
 * A worker thread is started by Node's own loader, which runs JavaScript only: it does not go through the
 * TypeScript transform that vitest applies to the files a test imports. So:
 * - compiled (`npm run build`, production): the module is dist/src/.../x.js and the worker is its sibling
 *   dist/src/.../`fileName`;
 * - from TypeScript sources (vitest): the module is src/.../x.ts and the worker is the same relative path
 *   under the project's dist/ (tsconfig and SWC both map `<root>/x` to `<root>/dist/x`). The test global
 *   setup (test/global-setup.ts) builds dist/ before any test runs, so it is current.
 * The worker, like every module in dist/, imports its siblings through `#src/*`, which package.json maps to
 * dist/src/*.
 */
export function compiledWorkerFile(moduleUrl: string, fileName: string): string {
  const modulePath = fileURLToPath(moduleUrl);
  const moduleDir = dirname(modulePath);
  if (extname(modulePath) !== '.ts') {
    return join(moduleDir, fileName);
  }
  const root = projectRoot(moduleDir);
  return join(root, 'dist', relative(root, moduleDir), fileName);
}

/** The nearest directory at or above `dir` with a package.json. */
function projectRoot(dir: string): string {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, 'package.json'))) {
      return current;
    }
    if (dirname(current) === current) {
      throw new Error(`No package.json found above ${dir}`);
    }
  }
}
