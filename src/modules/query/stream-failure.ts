import type { Logger } from '@nestjs/common';
import { INTERNAL_FAILURE, toAppError } from '#src/common/errors/all-exceptions.filter.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';

/**
 * The error a failure after the event stream opened is sent as, logged as the exception filter logs the
 * errors it answers (a 5xx at error level, with its cause), since the stream's 200 leaves no other trace of
 * it. A failure caused by the client going away is nobody's error and is not logged.
 */
export function streamFailure(error: unknown, context: { clientGone: AbortSignal; requestId: string; logger: Logger }): AppError {
  const failure = toAppError(error);
  if (context.clientGone.aborted) {
    return failure ?? new AppError(ErrorCode.InternalError, INTERNAL_FAILURE);
  }
  if (!failure) {
    context.logger.error({ err: error, request_id: context.requestId }, 'Unhandled error');
    return new AppError(ErrorCode.InternalError, INTERNAL_FAILURE);
  }
  if (failure.status >= 500) {
    context.logger.error({ err: failure.cause ?? failure, request_id: context.requestId }, failure.message);
  }
  return failure;
}
