import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDocument } from '#src/modules/sso/connections/outbound.js';

describe('fetchDocument (an identity provider metadata document by URL)', () => {
  const metadata = '<EntityDescriptor entityID="https://idp.example.test"/>';
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/metadata.xml') {
        response.writeHead(200, { 'content-type': 'application/xml' }).end(metadata);
      } else if (request.url === '/huge.xml') {
        // Two MiB in chunks, the length unannounced: the reader must stop on its own.
        response.writeHead(200, { 'content-type': 'application/xml' });
        for (let index = 0; index < 32; index++) {
          response.write('x'.repeat(64 * 1024));
        }
        response.end();
      } else if (request.url === '/moved') {
        response.writeHead(302, { location: '/metadata.xml' }).end();
      } else {
        response.writeHead(404).end();
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  it('should read the document when private targets are allowed', async () => {
    expect(await fetchDocument(`${origin}/metadata.xml`, true)).toBe(metadata);
  });

  it('should refuse a loopback address when private targets are not allowed', async () => {
    await expect(fetchDocument(`${origin}/metadata.xml`, false)).rejects.toThrow(/not a public address/);
  });

  it('should refuse a document larger than 1 MiB, an error status and a redirect', async () => {
    await expect(fetchDocument(`${origin}/huge.xml`, true)).rejects.toThrow('answered more than 1 MiB');
    await expect(fetchDocument(`${origin}/missing.xml`, true)).rejects.toThrow('answered 404');
    await expect(fetchDocument(`${origin}/moved`, true)).rejects.toThrow();
  });
});
