import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forkServer } from '#bench/child-server.js';

/**
 * An OpenAI-compatible /v1/embeddings that answers at once with deterministic vectors (hashed words),
 * so a benchmark measures everything but the model. It runs in a child process, as a remote provider
 * would, so its work does not land on the event loop being measured.
 */
export async function startStubEmbeddings(dimensions: number): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const { ready, close } = await forkServer(import.meta.url, ['--serve', String(dimensions)]);
  return { baseUrl: `http://127.0.0.1:${ready.port}/v1`, close };
}

/** Words hashed (FNV-1a) into buckets: similar texts get similar vectors, at next to no cost. */
function vectorOf(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().split(/\W+/)) {
    if (word !== '') {
      vector[fnv1a(word) % dimensions] += 1;
    }
  }
  vector[0] += 1e-6;
  return vector;
}

function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

function serve(dimensions: number): void {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { input, model } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] | string; model: string };
      const texts = Array.isArray(input) ? input : [input];
      const data = texts.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, dimensions) }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

if (process.argv[2] === '--serve') {
  serve(Number(process.argv[3]));
}
