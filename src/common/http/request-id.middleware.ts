import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { loggableUrl } from '#src/common/logging/loggable-url.js';
import { newId } from '#src/common/ids/ids.js';
import type { AppLogger } from '#src/common/logging/logger.js';

const REQUEST_ID = Symbol('requestId');
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

type RequestWithId = Request & { [REQUEST_ID]?: string };

/**
 * Gives every request an id, sent back as `X-Request-Id` and repeated in error bodies, and logs one line
 * per completed request with it: info below 400, warn for 4xx, error for 5xx (health probes only when
 * they fail). Nothing is allocated for the log line unless its level is enabled.
 */
export function requestContext(logger: AppLogger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const id = newId('request');
    (request as RequestWithId)[REQUEST_ID] = id;
    response.setHeader('X-Request-Id', id);
    const started = performance.now();
    response.once('finish', () => {
      const status = response.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if ((level === 'info' && QUIET_PATHS.has(request.path)) || !logger.isLevelEnabled(level)) {
        return;
      }
      logger[level](
        {
          request_id: id,
          method: request.method,
          url: loggableUrl(request.originalUrl),
          status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          remote_address: request.ip,
        },
        'request completed',
      );
    });
    next();
  };
}

export function requestIdOf(request: Request): string {
  return (request as RequestWithId)[REQUEST_ID] ?? 'req_unknown';
}
