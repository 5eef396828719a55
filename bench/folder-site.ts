import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { marked } from 'marked';
import { forkServer } from '#bench/child-server.js';

/**
 * Serves a folder of HTML or Markdown as a website on loopback, the way a documentation site would be:
 * `/x.html` also answers `x.html.en` (the Apache manual's file names), a directory answers its index,
 * Markdown is rendered to HTML, and `/` and `/sitemap.xml` list every page so a crawl can reach all of them
 * (from the index, or from any start page through the sitemap, as a crawler of a real site would). The site runs
 * in a child process from pages read once at start, so serving them costs the measured process nothing,
 * as a remote site would.
 */
export async function serveFolder(folder: string): Promise<{ url: string; pages: number; close: () => Promise<void> }> {
  const { ready, close } = await forkServer(import.meta.url, ['--serve', resolve(folder)]);
  return { url: `http://127.0.0.1:${ready.port}/`, pages: Number(ready.pages), close };
}

async function serve(root: string): Promise<void> {
  const pages = await readPages(root);
  const server = createServer((request, response) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (path === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap(pages.keys(), `http://${request.headers.host}`));
      return;
    }
    const page = pages.get(path) ?? pages.get(path.endsWith('/') ? `${path}index.html` : path);
    if (page === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port, pages: pages.size - 1 }));
}

/** Every page by the path it is served at, and `/`, the index linking them all. */
async function readPages(root: string): Promise<Map<string, Buffer | string>> {
  const files = (await listFiles(root)).filter((file) => /\.(html?|html\.en|md|markdown)$/i.test(file));
  const pages = new Map<string, Buffer | string>();
  for (const file of files) {
    const body = await readFile(file);
    const path = `/${relative(root, file).replace(/\.html\.en$/, '.html')}`;
    pages.set(path, /\.(md|markdown)$/i.test(file) ? await renderMarkdown(body.toString('utf8')) : body);
  }
  const links = [...pages.keys()].map((path) => `<li><a href="${encodeURI(path)}">${path}</a></li>`).join('');
  pages.set('/', `<html><head><title>Index</title></head><body><main><h1>Index</h1><ul>${links}</ul></main></body></html>`);
  return pages;
}

/** Markdown as a documentation generator would publish it, without the heading anchors of its source (`## Install { #install }`). */
async function renderMarkdown(markdown: string): Promise<string> {
  return marked.parse(markdown.replace(/^(#{1,6}[ \t].*?)[ \t]*\{[ \t]*#[\w-]+[ \t]*\}[ \t]*$/gm, '$1'));
}

function sitemap(paths: Iterable<string>, origin: string): string {
  const urls = [...paths].filter((path) => path !== '/').map((path) => `<url><loc>${origin}${encodeURI(path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`;
}

/** Every file under a folder, sorted. */
export async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(entries.map(async (entry) => (entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)])));
  return nested.flat().sort();
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]);
}
