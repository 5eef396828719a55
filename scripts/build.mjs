#!/usr/bin/env node
// Builds dist/ (server with swc, console with Vite) so that processes started together from one checkout
// never see it half-built: one build at a time under a lock, into a staging folder swapped in by rename,
// and none at all when dist/ already matches the sources.
//
//   node scripts/build.mjs           build only if the sources changed since the last build
//   node scripts/build.mjs --force   always build
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import lockfile from 'proper-lockfile';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const stampFile = join(dist, '.build-stamp');
const SOURCES = ['src', 'bench', 'web', 'ormconfig.ts', 'package.json', 'package-lock.json', '.swcrc', 'tsconfig.json'];

function* files(path) {
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') {
        yield* files(child);
      }
    } else if (entry.isFile()) {
      yield child;
    }
  }
}

/** A hash of every source file's path and content: equal hashes mean dist/ needs no rebuild. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    const path = join(root, source);
    const paths = existsSync(path) && statSync(path).isDirectory() ? files(path) : [path];
    for (const file of paths) {
      hash
        .update(relative(root, file))
        .update('\0')
        .update(readFileSafe(file) ?? '')
        .update('\0');
    }
  }
  return hash.digest('hex');
}

function readFileSafe(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

// Asynchronous, so that the lock's heartbeat keeps running while a slow machine builds.
async function run(command, args) {
  const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules', '.bin', command), args, { cwd: root });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

async function build(stamp) {
  const staging = join(root, `.build-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    await run('swc', ['src', 'bench', 'ormconfig.ts', '-d', staging, '--config-file', '.swcrc', '--quiet']);
    await run('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', join(staging, 'web'), '--emptyOutDir']);
    writeFileSync(join(staging, '.build-stamp'), stamp);
    const previous = join(root, `.dist-old-${process.pid}`);
    if (existsSync(dist)) {
      renameSync(dist, previous);
    }
    renameSync(staging, dist);
    rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const force = process.argv.includes('--force');
// The lock is taken on the checkout itself (a `.lock` folder beside it), so it exists before dist/ does.
const release = await lockfile.lock(root, {
  lockfilePath: join(root, '.build.lock'),
  stale: 60_000,
  retries: { retries: 600, minTimeout: 200, maxTimeout: 1_000 },
});
try {
  const stamp = fingerprint();
  if (force || readFileSafe(stampFile)?.toString() !== stamp) {
    const started = Date.now();
    await build(stamp);
    console.error(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    console.error('dist/ is up to date');
  }
} finally {
  await release();
}
