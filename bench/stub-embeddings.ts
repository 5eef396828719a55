import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * An OpenAI-compatible /v1/embeddings that answers at once with deterministic vectors (hashed words),
 * so a benchmark measures everything but the model. It runs in a child process, as a remote provider
 * would, so its work does not land on the event loop being measured.
 */
export async function startStubEmbeddings(dimensions: number): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(dimensions)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [port] = (await once(child, 'message')) as [number];
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

function vectorOf(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
    vector[createHash('md5').update(word).digest().readUInt32LE(0) % dimensions] += 1;
  }
  vector[0] += 1e-6;
  return vector;
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
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
}

if (process.argv[2] === '--serve') {
  serve(Number(process.argv[3]));
}
