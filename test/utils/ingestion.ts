import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { expect } from 'vitest';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';

/** Environment for an app that ingests from loopback fixtures and embeds through the OpenAI-compatible stub. */
export function ingestionEnv(stub: OpenAIStub, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALLOW_PRIVATE_TARGETS: 'true',
    EMBEDDED_WORKER: 'true',
    EMBEDDING_PROVIDER: 'openai',
    EMBEDDING_BASE_URL: stub.baseUrl,
    EMBEDDING_MODEL: 'stub-embedding',
    EMBEDDING_DIMENSIONS: '512',
    CRAWL_DELAY_MS: '0',
    CRAWL_TIMEOUT_MS: '3000',
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'aqs-uploads-')),
    ...extra,
  };
}

export interface StatusBody {
  status: string;
  chunks_indexed: number;
  progress_pct: number;
  estimated_completion: string | null;
  error: string | null;
  last_synced_at: string | null;
}

/** Polls the status endpoint until `done` holds; returns every status seen on the way. */
export async function waitForStatus(
  http: ReturnType<INestApplication['getHttpServer']>,
  key: string,
  id: string,
  done: (status: StatusBody) => boolean,
  timeoutMs = 30_000,
): Promise<StatusBody[]> {
  const seen: StatusBody[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(http).get(`/api/v1/data-sources/${id}/status`).set('Authorization', `Bearer ${key}`);
    expect(response.status).toBe(200);
    seen.push(response.body as StatusBody);
    if (done(response.body as StatusBody)) {
      return seen;
    }
    if (Date.now() > deadline) {
      throw new Error(`Data source ${id} did not reach the expected status; last: ${JSON.stringify(response.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const settled = (status: StatusBody): boolean => status.status === 'active' || status.status === 'failed';

/** A small documentation site: an index linking to `pages`, each with a couple of sections. */
export function docsSite(site: FixtureSite, pages: Record<string, string>): void {
  const links = Object.keys(pages)
    .map((slug) => `<li><a href="/docs/${slug}">${slug}</a></li>`)
    .join('');
  site.html(
    '/docs/',
    `<html><head><title>Docs home</title></head><body><main><h1>Documentation</h1><p>Welcome to the documentation of the Acme widget.</p><ul>${links}</ul></main></body></html>`,
  );
  for (const [slug, text] of Object.entries(pages)) {
    site.html(`/docs/${slug}`, page(slug, text));
  }
}

export function page(title: string, text: string): string {
  return `<html><head><title>${title}</title></head><body><nav><a href="/docs/">Home</a></nav><main><h1>${title}</h1><h2>Overview</h2><p>${text}</p><h2>Details</h2><p>More about ${title}: ${text}</p></main></body></html>`;
}
