import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import type { ContentSecurityDirectives } from '#src/common/http/route-policy/content-security.js';
import { helmetFor } from '#src/common/http/security.middleware.js';

/**
 * The console's pages load only what the service itself serves: its hashed scripts and styles, and the
 * API on the same origin. No inline script or style, no other origin, never framed.
 */
export const WEB_APP_CONTENT_SECURITY: ContentSecurityDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Paths the console never answers: the API, the authorization server, the reference, the probes. */
const SERVICE_PATHS = /^\/(?:api|oauth|docs|openapi\.(?:json|yaml)|healthz|readyz|\.well-known)(?:\/|$)/i;
/** The authorization server's sign-in and consent step is a page of the console. */
const CONSOLE_OAUTH_PAGE = /^\/oauth\/interaction\/[A-Za-z0-9_-]+\/?$/;

/** dist/web of this installation, found from this file whether it runs compiled (dist/src/…) or from source (src/…). */
export function webAppDir(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) {
    folder = dirname(folder);
  }
  return join(folder, 'dist', 'web');
}

/**
 * Serves the web console built by `npm run build`: hashed assets cached for a year (their names change
 * with their content), and the page itself, never cached, for every address of the console (the
 * browser's router takes it from there). A checkout that was not built answers with a hint instead.
 */
export function mountWebApplication(app: INestApplication, folder: string): void {
  const pageHeaders = helmetFor(WEB_APP_CONTENT_SECURITY);
  const topLevelFiles = express.static(folder, { index: false, maxAge: '1h', fallthrough: true });
  const indexFile = join(folder, 'index.html');
  let index: string | undefined;
  const page = (): string | undefined => (index ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined);

  // A missing asset is the API's JSON 404, never the page: a script tag must not receive HTML.
  app.use('/assets', pageHeaders, express.static(join(folder, 'assets'), { immutable: true, maxAge: '365d', index: false, redirect: false }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && (!SERVICE_PATHS.test(request.path) || CONSOLE_OAUTH_PAGE.test(request.path));
    if (!isPage || request.path.startsWith('/assets/')) {
      next();
      return;
    }
    const sendPage = (): void => {
      const html = page();
      response.setHeader('Cache-Control', 'no-cache');
      if (!html) {
        response.status(503).type('text/plain').send('The web console is not built: run `npm run build` (npm start does it).\n');
        return;
      }
      response.status(200).type('html').send(html);
    };
    pageHeaders(request, response, () => {
      if (/\.[a-z0-9]+$/i.test(request.path) && request.path !== '/index.html') {
        // Files at the top of the build (favicon.svg), cached briefly since their names do not change; any
        // other address is one of the console's (an article's id may hold a dot).
        void topLevelFiles(request, response, (error?: unknown) => (error ? next(error) : sendPage()));
        return;
      }
      sendPage();
    });
  });
}
