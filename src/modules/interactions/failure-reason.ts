import { INTERNAL_FAILURE, toAppError } from '#src/common/errors/all-exceptions.filter.js';

/**
 * Why an answer failed, as its interaction records and shows it: the message its client was given. An
 * unexpected error (a driver's, a bug's) was answered as a 500 without its words, and so is recorded.
 */
export function failureReason(error: unknown): string {
  return toAppError(error)?.message ?? INTERNAL_FAILURE;
}
