import type { Logger } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { outageLog } from '#src/common/redis/outage-log.js';

describe('outageLog', () => {
  it('should log the first error, then at most one a minute with the number left unsaid', () => {
    const lines: Array<[Record<string, unknown>, string]> = [];
    const logger = { warn: (fields: Record<string, unknown>, message: string) => lines.push([fields, message]) } as unknown as Logger;
    let now = 0;
    const log = outageLog(logger, 'Redis connection error', () => now);
    for (let attempt = 0; attempt < 120; attempt++) {
      log(new Error('connect ECONNREFUSED'));
      now += 1_000;
    }
    expect(lines).toEqual([
      [{ err: 'connect ECONNREFUSED' }, 'Redis connection error'],
      [{ err: 'connect ECONNREFUSED', repeated: 59 }, 'Redis connection error'],
    ]);
  });
});
