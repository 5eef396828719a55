import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve } from 'node:path';
import { marked } from 'marked';

/**
 * Serves a folder of HTML or Markdown as a website on loopback, the way a documentation site would be:
 * `/x.html` also answers `x.html.en` (the Apache manual's file names), a directory answers its index,
 * Markdown is rendered to HTML, and `/` lists every page so a crawl can reach all of them.
 */
export async function serveFolder(folder: string): Promise<{ url: string; pages: number; close: () => Promise<void> }> {
  const root = resolve(folder);
  const files = (await listFiles(root)).filter((file) => /\.(html?|html\.en|md|markdown)$/i.test(file));
  const pagePath = (file: string): string => `/${relative(root, file).replace(/\.html\.en$/, '.html')}`;
  const index = `<html><head><title>Index</title></head><body><main><h1>Index</h1><ul>${files
    .map((file) => `<li><a href="${encodeURI(pagePath(file))}">${pagePath(file)}</a></li>`)
    .join('')}</ul></main></body></html>`;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (path === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(index);
        return;
      }
      const file = await findFile(root, path);
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      const body = await readFile(file);
      const markdown = /\.(md|markdown)$/i.test(file);
      const html = markdown ? await marked.parse(body.toString('utf8')) : body;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, pages: files.length, close: () => new Promise((done) => server.close(() => done())) };
}

async function findFile(root: string, path: string): Promise<string | undefined> {
  const base = resolve(root, `.${path}`);
  if (!base.startsWith(root)) {
    return undefined;
  }
  const candidates = path.endsWith('/') ? [join(base, 'index.html.en'), join(base, 'index.html')] : [base, `${base}.en`];
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile() && extname(candidate) !== '') {
      return candidate;
    }
  }
  return undefined;
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(entries.map(async (entry) => (entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)])));
  return nested.flat().sort();
}
