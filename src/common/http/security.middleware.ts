import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import helmet from 'helmet';
import { AppError } from '#src/common/errors/app.error.js';
import { isValidHost } from '#src/common/http/host-header.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { MEDIA_TYPES } from '#src/common/http/route-policy/accepts.decorator.js';
import type { ContentSecurityDirectives } from '#src/common/http/route-policy/content-security.js';
import type { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';

/** Probed over plain HTTP by load balancers: never redirected to HTTPS. */
export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Where a plain-HTTP request is sent over HTTPS: the service's own address when PUBLIC_URL is an HTTPS
 * one (so a forged Host header cannot choose the destination), else the host the client asked for,
 * on `httpsPort` when given (the native TLS listener). Undefined for a Host that is no host name.
 */
export function httpsLocation(publicUrl: string | undefined, host: string | undefined, path: string, httpsPort?: number): string | undefined {
  if (publicUrl?.startsWith('https:')) {
    return `${publicUrl}${path}`;
  }
  if (host === undefined || !isValidHost(host)) {
    return undefined;
  }
  const hostname = httpsPort === undefined ? host : (/^\[[^\]]+\]|^[^:]+/.exec(host ?? '')?.[0] ?? '');
  const port = httpsPort === undefined || httpsPort === 443 ? '' : `:${httpsPort}`;
  return `https://${hostname}${port}${path}`;
}

export function redirectStatus(method: string | undefined): 301 | 308 {
  return method === 'GET' || method === 'HEAD' ? 301 : 308;
}

/**
 * In production, plain HTTP is redirected to HTTPS: 301 for GET and HEAD, 308 otherwise so a client
 * re-sends its body. Behind a proxy, `X-Forwarded-Proto` decides (Express's `req.secure` under
 * TRUST_PROXY). Health probes are answered over plain HTTP, as load balancers send them.
 */
export function httpsRedirect(publicUrl: string | undefined) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.secure || HEALTH_PATHS.has(request.path)) {
      next();
      return;
    }
    const location = httpsLocation(publicUrl, request.headers.host, request.originalUrl);
    if (location === undefined) {
      next(AppError.invalid('HTTPS is required, and the Host header is not a valid host name to redirect to'));
      return;
    }
    response.redirect(redirectStatus(request.method), location);
  };
}

/** One helmet per Content-Security-Policy in use (a handful: the API's, the reference's, the pages'). */
const helmets = new WeakMap<ContentSecurityDirectives, ReturnType<typeof helmet>>();

/** The service's security headers with a given Content-Security-Policy (one handler per policy, kept). */
export function helmetFor(directives: ContentSecurityDirectives): ReturnType<typeof helmet> {
  let handler = helmets.get(directives);
  if (!handler) {
    handler = helmet({
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      contentSecurityPolicy: { useDefaults: false, directives: directives },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
    });
    helmets.set(directives, handler);
  }
  return handler;
}

/** Security headers on every answer, with the Content-Security-Policy of the route (RoutePolicies). */
export function securityHeaders(policies: RoutePolicies) {
  return (request: Request, response: Response, next: NextFunction): void => {
    helmetFor(policies.contentSecurityOf(request.method, request.path))(request, response, next);
  };
}

/**
 * API answers belong to one caller and some carry a secret shown once (a new key, a webhook's secret, an
 * OAuth client's): no browser or proxy cache keeps any of them. A route with its own rule (a stream) sets it later.
 */
export function uncachedApiAnswers(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api/')) {
    response.setHeader('Cache-Control', 'no-store');
  }
  next();
}

/**
 * JSON answers carry no validator (ETags are off), so none is ever answered 304: Express would take
 * `If-None-Match: *` as a match for any answer and send an empty 304 in place of it. Static files answer
 * preconditions themselves, by their own validators.
 */
export function noConditionalAnswers(request: Request, _response: Response, next: NextFunction): void {
  Object.defineProperty(request, 'fresh', { value: false });
  next();
}

/** Legacy routes say so, and point at their versioned successor where they name one (see Legacy()). */
export function legacyDeprecationHeaders(policies: RoutePolicies) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (policies.formOf(request.path) === 'legacy') {
      response.setHeader('Deprecation', 'true');
      const successor = policies.successorOf(request.method, request.path);
      if (successor) {
        response.setHeader('Link', `<${successor}>; rel="successor-version"`);
      }
    }
    next();
  };
}

/**
 * A request body must be of a type its route accepts (JSON unless the route says otherwise with
 * Accepts()); anything else is refused before it is parsed or authenticated.
 */
export function acceptedBodies(policies: RoutePolicies) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) {
      next();
      return;
    }
    const accepted = policies.bodyTypesOf(request.method, request.path);
    if (!request.is(accepted.flatMap((type) => MEDIA_TYPES[type]))) {
      const names = accepted.map((type) => MEDIA_TYPES[type][0]);
      next(new AppError(ErrorCode.UnsupportedMediaType, `Send the request body as ${names.join(' or ')}`));
      return;
    }
    next();
  };
}

/**
 * A route that reads no body (DELETE, sync now, key rotation) refuses one with fields, as a route with a body
 * refuses unknown fields: a client sending `{"force": true}` learns it does nothing instead of believing it did.
 */
export function unreadBodies(policies: RoutePolicies) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const body: unknown = request.body;
    const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (empty || policies.readsBodyOf(request.method, request.path)) {
      next();
      return;
    }
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
    const details =
      fields.length > 0 ? Object.fromEntries(fields.map((field) => [field, [`property ${field} should not exist`]])) : { body: ['this request takes no body'] };
    next(AppError.invalid(fields.length > 0 ? `property ${fields[0]} should not exist: this request takes no body` : 'This request takes no body', details));
  };
}

/** Form posts are parsed only for the routes that take them (an identity provider's or an OAuth client's post). */
export function formBodies(policies: RoutePolicies, limitBytes: number) {
  const parse = express.urlencoded({ extended: false, limit: limitBytes, parameterLimit: 100 });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (policies.bodyTypesOf(request.method, request.path).includes('form')) {
      parse(request, response, next);
      return;
    }
    next();
  };
}
