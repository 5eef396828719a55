import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import type { RoutePolicies } from '#src/common/http/route-policy.js';

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
const HOST_PATTERN = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * In production, plain HTTP is redirected to HTTPS: 301 for GET and HEAD, 308 otherwise so a client
 * re-sends its body. Behind a proxy, `X-Forwarded-Proto` decides (Express's `req.secure` under
 * TRUST_PROXY). Health probes are answered over plain HTTP, as load balancers send them.
 */
export function httpsRedirect(request: Request, response: Response, next: NextFunction): void {
  if (request.secure || HEALTH_PATHS.has(request.path)) {
    next();
    return;
  }
  const host = request.headers.host ?? '';
  if (!HOST_PATTERN.test(host)) {
    next(AppError.invalid('HTTPS is required, and the Host header is not a valid host name to redirect to'));
    return;
  }
  response.redirect(request.method === 'GET' || request.method === 'HEAD' ? 301 : 308, `https://${host}${request.originalUrl}`);
}

const apiHeaders = helmet({
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
});

/** Swagger UI needs its own scripts, styles and inline images. */
const docsHeaders = helmet({
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
});

export function securityHeaders(request: Request, response: Response, next: NextFunction): void {
  const handler = request.path === '/docs' || request.path.startsWith('/docs/') ? docsHeaders : apiHeaders;
  handler(request, response, next);
}

/** Legacy routes say so, and point at their versioned successor where they name one (see Legacy()). */
export function legacyDeprecationHeaders(policies: RoutePolicies) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (policies.formOf(request.path) === 'legacy') {
      response.setHeader('Deprecation', 'true');
      const successor = policies.successorOf(request.path);
      if (successor) {
        response.setHeader('Link', `<${successor}>; rel="successor-version"`);
      }
    }
    next();
  };
}

const BODY_TYPES = /^(application\/(?:[\w.+-]+\+)?json|multipart\/form-data)\b/i;

/** A request body must be JSON (or a multipart upload); anything else is refused before parsing. */
export function requireJsonBody(request: Request, _response: Response, next: NextFunction): void {
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (hasBody && !BODY_TYPES.test(request.headers['content-type'] ?? '')) {
    next(new AppError(ErrorCode.UnsupportedMediaType, 'Send the request body as application/json'));
    return;
  }
  next();
}
