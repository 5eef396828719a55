import { QueryFailedError } from 'typeorm';

/** Socket failures reaching the server, and PostgreSQL's own "shutting down / starting up" refusals (class 57P). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03']);

/** What node-postgres and its pool say when a connection ends or cannot be had, without a code. */
const CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * True when `error` says the database could not be reached or dropped the connection (a restart, a
 * failover, a network cut), as opposed to refusing a statement: nothing the client sent caused it, and
 * the same request may succeed a moment later.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const candidate = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  if (!(candidate instanceof Error)) {
    return false;
  }
  const code = (candidate as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code))) {
    return true;
  }
  return CONNECTION_MESSAGES.test(candidate.message);
}
