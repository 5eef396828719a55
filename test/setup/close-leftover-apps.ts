import { afterAll, expect } from 'vitest';
import { closeLeftoverApps } from '#test/utils/open-apps.js';

// Registered before the file's own hooks, so it runs after them: nothing a file opened outlives it.
afterAll(async () => {
  const count = await closeLeftoverApps();
  if (count > 0) {
    process.stderr.write(`${count} application(s) left open by ${expect.getState().testPath ?? 'a test file'} were closed\n`);
  }
});
