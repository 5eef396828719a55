import { ErrorCode, STATUS_OF_CODE } from '#src/common/errors/error-code.enum.js';

export interface AppErrorOptions {
  status?: number;
  details?: Record<string, unknown>;
  /** Fields rendered at the top level of the body next to `error` (e.g. `required_scope`, `limit`). */
  extra?: Record<string, unknown>;
  /** Top-level fields for the legacy envelope when they differ from `extra` (e.g. `retryAfter`). */
  legacyExtra?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A failure the client caused or may act on; rendered by the global filter in the path form's envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly legacyExtra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? STATUS_OF_CODE[code];
    this.details = options.details;
    this.extra = options.extra;
    this.legacyExtra = options.legacyExtra ?? options.extra;
    this.headers = options.headers;
  }

  static invalid(message: string, details?: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.InvalidRequest, message, { details });
  }

  static unauthorized(message: string): AppError {
    return new AppError(ErrorCode.Unauthorized, message);
  }

  static notFound(resource: string, id?: string): AppError {
    return new AppError(ErrorCode.NotFound, id ? `${resource} ${id} not found` : `${resource} not found`);
  }

  static conflict(message: string, details?: Record<string, unknown>): AppError {
    return new AppError(ErrorCode.Conflict, message, { details });
  }
}
