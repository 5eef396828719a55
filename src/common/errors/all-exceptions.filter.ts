import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { bearerChallenge, WWW_AUTHENTICATE } from '#src/common/auth/bearer-challenge.js';
import { isDatabaseUnreachable } from '#src/common/database/connection-failure.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode, legacyCode } from '#src/common/errors/error-code.enum.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';
import { requestIdOf } from '#src/common/http/request-id.middleware.js';
import { INVALID_UTF8 } from '#src/common/http/utf8-bodies.js';

/** What a client is told of a fault of the service: nothing of the fault's own words. */
export const INTERNAL_FAILURE = 'Internal server error';

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.InvalidRequest,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.MethodNotAllowed,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.RateLimitExceeded,
  503: ErrorCode.ServiceUnavailable,
};

/** body-parser and raw-body failures carry a `type`; their messages are safe but terse. */
const BODY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: ErrorCode.InvalidRequest, message: 'Malformed JSON in request body' },
  'entity.too.large': { code: ErrorCode.PayloadTooLarge, message: 'Request body exceeds the 1 MiB limit' },
  'entity.verify.failed': { code: ErrorCode.InvalidRequest, message: 'Request body could not be verified' },
  [INVALID_UTF8]: { code: ErrorCode.InvalidRequest, message: 'The request body is not valid UTF-8' },
  'encoding.unsupported': { code: ErrorCode.UnsupportedMediaType, message: 'Unsupported content encoding' },
  'charset.unsupported': { code: ErrorCode.UnsupportedMediaType, message: 'Unsupported charset' },
  'request.aborted': { code: ErrorCode.InvalidRequest, message: 'Request aborted by the client' },
  'request.size.invalid': { code: ErrorCode.InvalidRequest, message: 'Request size did not match Content-Length' },
  'stream.encoding.set': { code: ErrorCode.InvalidRequest, message: 'Request body could not be read' },
  'parameters.too.many': { code: ErrorCode.InvalidRequest, message: 'Too many parameters' },
};

/** PostgreSQL errors a client's input can still reach after validation; everything else is a server fault. */
const PG_CLIENT_ERRORS: Record<string, ErrorCode> = {
  '22P02': ErrorCode.InvalidRequest,
  '22021': ErrorCode.InvalidRequest,
  '22001': ErrorCode.InvalidRequest,
  '22003': ErrorCode.InvalidRequest,
  '22007': ErrorCode.InvalidRequest,
  '22008': ErrorCode.InvalidRequest,
  '23505': ErrorCode.Conflict,
};

/**
 * A request whose client hung up before its body was read (an upload cut off): a parser's failure then is
 * the client's doing, not a fault of the server, and nobody is left to read the answer.
 */
function clientWentAway(): AppError {
  return new AppError(ErrorCode.InvalidRequest, 'Request aborted by the client', { details: { body: ['Request aborted by the client'] } });
}

const MALFORMED_URL = 'Malformed percent-encoding in the request URL';

/**
 * The router's and the body decoder's own refusals, whose messages are a library's ("Failed to decode
 * param '%E0'", zlib's "incorrect header check"): said in the service's words.
 */
function lowLevelRefusal(exception: HttpException): AppError | undefined {
  const cause: unknown = exception.cause;
  if (cause instanceof URIError || exception.message.startsWith('Failed to decode param')) {
    return AppError.invalid(MALFORMED_URL);
  }
  const code = (cause as { code?: unknown } | null)?.code;
  if (
    (typeof code === 'string' && code.startsWith('Z_')) ||
    /^(incorrect header check|unexpected end of file|invalid (stored )?block|invalid distance)/i.test(exception.message)
  ) {
    const message = 'The request body could not be decompressed as its Content-Encoding says';
    return new AppError(ErrorCode.InvalidRequest, message, { details: { body: [message] } });
  }
  return undefined;
}

/** Long enough for a database restart or failover to finish; a client retrying sooner is likely to be refused again. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A full disk waits for its operator: the contract's advice for a 503 (a few minutes). */
const STORAGE_RETRY_AFTER_SECONDS = 300;

/** The disk (or the quota) is full: uploads and anything else written to disk cannot be stored. */
function isOutOfSpace(exception: unknown): boolean {
  const code = (exception as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

interface BodyParserError {
  type: string;
  status?: number;
}

/** multer's errors keep the multipart field they are about (`field`), when there is one. */
interface MultipartError extends Error {
  code: string;
  field?: string;
}

function isMultipartError(error: unknown): error is MultipartError {
  return error instanceof Error && error.name === 'MulterError' && typeof (error as { code?: unknown }).code === 'string';
}

/** What a multipart refusal names: the field it is about, else the body as a whole. */
function multipartDetails(exception: HttpException): Record<string, string[]> | undefined {
  if (!isMultipartError(exception.cause)) {
    return undefined;
  }
  const message = exception.cause.message;
  return exception.cause.field ? { [exception.cause.field]: [message] } : { body: [message] };
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && typeof (error as BodyParserError).type === 'string' && (error as BodyParserError).type in BODY_ERRORS;
}

export function toAppError(exception: unknown): AppError | undefined {
  if (exception instanceof AppError) {
    return exception;
  }
  const bodyError = exception instanceof HttpException ? exception.cause : exception;
  if (isBodyParserError(bodyError)) {
    const { code, message } = BODY_ERRORS[bodyError.type];
    return new AppError(code, message, { details: { body: [message] } });
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) {
      return undefined;
    }
    const lowLevel = lowLevelRefusal(exception);
    if (lowLevel) {
      return lowLevel;
    }
    return new AppError(CODE_OF_STATUS[status] ?? ErrorCode.InvalidRequest, status === 404 ? 'Resource not found' : exception.message, {
      status,
      details: multipartDetails(exception),
    });
  }
  if (exception instanceof QueryFailedError) {
    const code = PG_CLIENT_ERRORS[(exception.driverError as { code?: string } | undefined)?.code ?? ''];
    if (code) {
      return new AppError(
        code,
        code === ErrorCode.Conflict ? 'The resource conflicts with an existing one' : 'A value in the request is out of range or malformed',
      );
    }
  }
  if (isDatabaseUnreachable(exception)) {
    return new AppError(ErrorCode.ServiceUnavailable, 'The service is temporarily unavailable; try again shortly', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      cause: exception,
    });
  }
  if (isOutOfSpace(exception)) {
    return new AppError(ErrorCode.ServiceUnavailable, 'The server has no storage space left: nothing was stored. Try again later', {
      headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) },
      cause: exception,
    });
  }
  if (exception instanceof URIError) {
    return AppError.invalid(MALFORMED_URL);
  }
  return undefined;
}

/** Renders every error in the envelope of the route the request is for (RoutePolicies: legacy or current). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly policies: RoutePolicies) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const requestId = requestIdOf(request);

    let error = toAppError(exception);
    if (!error && request.readableAborted) {
      this.logger.log({ request_id: requestId, err: exception }, 'The client went away before its request was read');
      error = clientWentAway();
    }
    if (!error) {
      this.logger.error({ err: exception, request_id: requestId }, 'Unhandled error');
      error = new AppError(ErrorCode.InternalError, INTERNAL_FAILURE, { status: 500 });
    } else if (error.status >= 500) {
      this.logger.error({ err: error.cause ?? error, request_id: requestId }, error.message);
    }

    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) {
      response.setHeader(name, value);
    }
    if (error.status === 401 && error.headers?.[WWW_AUTHENTICATE] === undefined) {
      response.setHeader(WWW_AUTHENTICATE, bearerChallenge());
    }
    response.status(error.status).json(renderError(error, this.policies.formOf(request.path), requestId));
  }
}

export function renderError(error: AppError, form: 'versioned' | 'legacy', requestId: string): Record<string, unknown> {
  if (form === 'legacy') {
    // The legacy shape is `{code, message}`; a validation failure alone adds the fields it names.
    const details = error.code === ErrorCode.InvalidRequest && error.details && Object.keys(error.details).length > 0 ? { details: error.details } : {};
    return {
      error: { code: legacyCode(error.code), message: error.message, ...details },
      status: error.status,
      ...error.legacyExtra,
    };
  }
  return {
    error: { code: error.code, message: error.message, details: error.details ?? {} },
    request_id: requestId,
    ...error.extra,
  };
}
