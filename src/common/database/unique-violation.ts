import { QueryFailedError } from 'typeorm';

/** PostgreSQL's unique_violation: another transaction committed the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: unknown } | undefined)?.code === '23505';
}
