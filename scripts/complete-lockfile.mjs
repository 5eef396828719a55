#!/usr/bin/env node
// Run after `npm install`: node scripts/complete-lockfile.mjs
//
// The registry mirror this project is developed against serves only the Linux builds of packages that
// ship per-platform binaries as optional dependencies (@swc/core-*, @msgpackr-extract/*). npm then leaves
// the other platforms out of package-lock.json, and `npm ci` refuses the lockfile as out of sync. This
// records each missing optional dependency as an optional entry restricted to its platform, which is what
// npm writes itself when it can see the package, so `npm ci` accepts the lockfile and skips them.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = { darwin: 'darwin', linux: 'linux', win32: 'win32', freebsd: 'freebsd', android: 'android' };
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS[part]);
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const added = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location === '' ? '' : `${location}/`}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) {
      continue;
    }
    if (!/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version)) {
      process.stderr.write(`skipped ${name}@${version}: not an exact version, record it by hand\n`);
      continue;
    }
    packages[`node_modules/${name}`] = { version, optional: true, ...platformOf(name) };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(added.length ? `recorded ${added.length} optional platform packages: ${added.join(', ')}\n` : 'lockfile already complete\n');
