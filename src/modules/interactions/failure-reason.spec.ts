import { BadRequestException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { INTERNAL_FAILURE } from '#src/common/errors/all-exceptions.filter.js';
import { failureReason } from '#src/modules/interactions/failure-reason.js';

describe('failureReason', () => {
  it('should keep the message a client is given for a failure it may act on', () => {
    const unavailable = new AppError(ErrorCode.ServiceUnavailable, 'The custom model endpoint did not answer within 30000 ms');
    expect(failureReason(unavailable)).toBe('The custom model endpoint did not answer within 30000 ms');
    expect(failureReason(new BadRequestException('max_tokens must not be greater than 32768'))).toBe('max_tokens must not be greater than 32768');
  });

  it('should record an unexpected error as the 500 its client saw, never its own words', () => {
    const driver = new QueryFailedError('UPDATE interaction SET response = $1', [], new Error('column "secret_column" does not exist'));
    expect(failureReason(driver)).toBe(INTERNAL_FAILURE);
    expect(failureReason(new TypeError("Cannot read properties of undefined (reading 'text')"))).toBe(INTERNAL_FAILURE);
    expect(failureReason('a thrown string')).toBe(INTERNAL_FAILURE);
  });
});
