import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '#src/common/http/body-shape.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

describe('error envelopes and hostile input', () => {
  const t = useTestApp();
  let org: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
  });

  const agentCount = async (): Promise<number> =>
    t.app
      .get(DataSource)
      .getRepository(AgentEntity)
      .count({ where: { orgId: org.orgId } });

  /** Sends `body` byte for byte as JSON to an agent-creating path. */
  const postRawJson = (body: string, path = '/api/v1/agents') =>
    request(t.http)
      .post(path)
      .set(...bearer(org.adminKey))
      .set('Content-Type', 'application/json')
      .send(body);

  const expectVersionedError = (response: request.Response, status: number, code: string): void => {
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(typeof response.body.error.message).toBe('string');
    expect(typeof response.body.error.details).toBe('object');
    expect(response.body.request_id).toMatch(REQUEST_ID);
    expect(response.headers['x-request-id']).toBe(response.body.request_id);
  };

  it('should put X-Request-Id on every response, success or not', async () => {
    for (const path of ['/healthz', '/api/v1/agents', '/does-not-exist', '/api/agents']) {
      const response = await request(t.http)
        .get(path)
        .set(...bearer(org.adminKey));
      expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
    }
  });

  it('should refuse malformed JSON with 400 and write nothing', async () => {
    const before = await agentCount();
    for (const body of ['{"name": "x",', '{name: "x"}', '{"name": "x"} trailing', '\u0000', 'nul']) {
      const response = await postRawJson(body);
      expectVersionedError(response, 400, 'invalid_request');
      expect(response.body.error.message).toBe('Malformed JSON in request body');
      expect(response.body.error.details).toEqual({ body: ['Malformed JSON in request body'] });
    }
    expect(await agentCount()).toBe(before);
  });

  it('should refuse a body nested thousands of levels deep with 400, on versioned and legacy paths, and write nothing', async () => {
    const before = await agentCount();
    const deepArray = `{"name": "x", "data_source_ids": ${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const deepObject = `{"name": "x", "metadata": ${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    for (const body of [deepArray, deepObject]) {
      const versioned = await postRawJson(body);
      expectVersionedError(versioned, 400, 'invalid_request');
      expect(versioned.body.error.message).toBe(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`);
      const legacy = await postRawJson(body, '/api/agents');
      expect(legacy.status).toBe(400);
      expect(legacy.body.status).toBe(400);
    }
    expect(await agentCount()).toBe(before);
  });

  it('should refuse a string holding an unpaired surrogate, naming its field, and take a whole pair', async () => {
    const before = await agentCount();
    for (const [body, field] of [
      ['{"name": "Warranty \\ud800", "data_source_ids": []}', 'name'],
      ['{"name": "x", "data_source_ids": [], "system_prompt": "a\\udfffb"}', 'system_prompt'],
    ]) {
      const response = await postRawJson(body);
      expectVersionedError(response, 400, 'invalid_request');
      expect(response.body.error.details).toEqual({ [field]: [expect.stringContaining('unpaired surrogate')] });
    }
    expect(await agentCount()).toBe(before);
    const paired = await postRawJson('{"name": "Smile \\ud83d\\ude00", "data_source_ids": []}').expect(201);
    expect(paired.body.name).toBe('Smile \u{1F600}');
  });

  it('should refuse a body that is not a JSON object', async () => {
    for (const body of ['[]', '[{"name":"x"}]', '"x"', '42', 'null', 'true']) {
      const response = await postRawJson(body);
      expectVersionedError(response, 400, 'invalid_request');
    }
  });

  it('should name each offending field in details for wrong types and unknown fields', async () => {
    const response = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 42, data_source_ids: 'ds_1', temperature: '1', max_tokens: 1.5, surprise: true });
    expectVersionedError(response, 400, 'invalid_request');
    expect(Object.keys(response.body.error.details).sort()).toEqual(['data_source_ids', 'max_tokens', 'name', 'surprise', 'temperature']);
    // A field missing or of the wrong type is named as such, not by the length or range rules it also fails.
    expect(response.body.error.details).toMatchObject({
      name: ['name must be a string'],
      data_source_ids: ['data_source_ids must be an array'],
      max_tokens: ['max_tokens must be an integer number'],
      surprise: ['property surprise should not exist'],
    });
    const missing = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ data_source_ids: [] });
    expect(missing.body.error.message).toBe('name must be a string');
  });

  it('should refuse fields sent to a route that reads no body, and do nothing', async () => {
    const agent = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Kept', data_source_ids: [] })
      .expect(201);
    const refused = await request(t.http)
      .delete(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ force: true });
    expectVersionedError(refused, 400, 'invalid_request');
    expect(refused.body.error.details).toEqual({ force: ['property force should not exist'] });
    const notObject = await request(t.http)
      .delete(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .set('Content-Type', 'application/json')
      .send('[1]');
    expectVersionedError(notObject, 400, 'invalid_request');
    expect(notObject.body.error.details).toEqual({ body: ['this request takes no body'] });
    const arrayBody = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .set('Content-Type', 'application/json')
      .send('[1]');
    expectVersionedError(arrayBody, 400, 'invalid_request');
    expect(arrayBody.body.error.details).toEqual({ body: ['must be a JSON object'] });
    await request(t.http)
      .get(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);

    const legacy = await request(t.http)
      .post(`/api/api-keys/${agent.body.id}/rotate`)
      .set(...bearer(org.adminKey))
      .send({ keep_old: true });
    expect(legacy.status).toBe(400);

    // An empty object, or no body at all, is what such a route takes.
    await request(t.http)
      .delete(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .send({})
      .expect(204);
  });

  it('should refuse out-of-range and null values instead of storing them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'a', data_source_ids: [], temperature: 3 }, 'temperature'],
      [{ name: 'a', data_source_ids: [], temperature: -0.1 }, 'temperature'],
      [{ name: 'a', data_source_ids: [], temperature: null }, 'temperature'],
      [{ name: 'a', data_source_ids: [], max_tokens: 0 }, 'max_tokens'],
      [{ name: 'a', data_source_ids: [], rag_strategy: 'magic' }, 'rag_strategy'],
      [{ name: 'a', data_source_ids: [], model: 'gpt-99' }, 'model'],
      [{ name: null, data_source_ids: [] }, 'name'],
      [{ name: '   ', data_source_ids: [] }, 'name'],
      [{ name: 'x'.repeat(201), data_source_ids: [] }, 'name'],
      [{ name: 'a' }, 'data_source_ids'],
      [{ name: 'a', data_source_ids: ['not-an-id'] }, 'data_source_ids'],
      [{ name: 'a', data_source_ids: [], status: 'deleted' }, 'status'],
    ];
    const before = await agentCount();
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request');
      expect(response.body.error.details).toHaveProperty(field);
    }
    expect(await agentCount()).toBe(before);
  });

  it('should refuse NUL characters and prototype keys anywhere in the input, naming where', async () => {
    const nul = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'a\u0000b', data_source_ids: [] });
    expectVersionedError(nul, 400, 'invalid_request');
    expect(nul.body.error.details).toHaveProperty('name');

    // A JSON "__proto__" key is an unknown field like any other: refused, naming it, and nothing is polluted.
    const proto = await postRawJson('{"name":"a","data_source_ids":[],"__proto__":{"polluted":true}}');
    expectVersionedError(proto, 400, 'invalid_request');
    expect(Object.keys(proto.body.error.details)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    for (const query of ['constructor=1', 'prototype=1', 'limit=%00']) {
      expectVersionedError(
        await request(t.http)
          .get(`/api/v1/agents?${query}`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
      );
    }
  });

  it('should answer 413 for a JSON body over 1 MiB, and accept one just under it', async () => {
    const tooBig = JSON.stringify({ name: 'big', data_source_ids: [], system_prompt: 'x'.repeat(1024 * 1024) });
    const refused = await postRawJson(tooBig);
    expectVersionedError(refused, 413, 'payload_too_large');

    const underLimit = JSON.stringify({ name: 'fits', data_source_ids: [], system_prompt: 'x'.repeat(20_000) });
    await postRawJson(underLimit).expect(201);
  });

  it('should answer 415 for a body that is not JSON', async () => {
    const response = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expectVersionedError(response, 415, 'unsupported_media_type');
  });

  it('should take the body types each route accepts, and refuse the others with 415 before authentication', async () => {
    const form = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .type('form')
      .send({ name: 'x' });
    expectVersionedError(form, 415, 'unsupported_media_type');
    const multipart = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .field('name', 'x');
    expectVersionedError(multipart, 415, 'unsupported_media_type');
    expect(multipart.body.error.message).toContain('application/json');

    const jsonUpload = await request(t.http).post('/api/v1/data-sources/ds_01JD8X0Q5W3V7N2K4M6P8R9T1A/files').send({ file: 'x' });
    expectVersionedError(jsonUpload, 415, 'unsupported_media_type');
    expect(jsonUpload.body.error.message).toContain('multipart/form-data');
    const anonymousUpload = await request(t.http)
      .post('/api/v1/data-sources/ds_01JD8X0Q5W3V7N2K4M6P8R9T1A/files')
      .attach('file', Buffer.from('hello'), 'a.txt');
    expectVersionedError(anonymousUpload, 401, 'unauthorized');

    const vendorJson = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .set('Content-Type', 'application/vnd.example+json')
      .send(JSON.stringify({ name: 'vendor json', data_source_ids: [] }));
    expect(vendorJson.status).toBe(201);
  });

  it('should answer 400 for ids of the wrong shape and 404 for well-formed unknown ones', async () => {
    for (const id of [
      '123',
      'agt_123',
      'agt_8ZZZZZZZZZZZZZZZZZZZZZZZZZ',
      'usr_01JD8X0Q5W3V7N2K4M6P8R9T1A',
      "agt_01JD8X0Q5W3V7N2K4M6P8R9T1A' OR 1=1",
      'agt_01jd8x0q5w3v7n2k4m6p8r9t1a',
    ]) {
      const response = await request(t.http)
        .get(`/api/v1/agents/${encodeURIComponent(id)}`)
        .set(...bearer(org.adminKey));
      expectVersionedError(response, 400, 'invalid_request');
    }
    const missing = await request(t.http)
      .get('/api/v1/agents/agt_01JD8X0Q5W3V7N2K4M6P8R9T1A')
      .set(...bearer(org.adminKey));
    expectVersionedError(missing, 404, 'not_found');
  });

  it('should answer 400 for a malformed percent-encoding in the path', async () => {
    const response = await request(t.http)
      .get('/api/v1/agents/%E0%A4%A')
      .set(...bearer(org.adminKey));
    expectVersionedError(response, 400, 'invalid_request');
    expect(response.body.error.message).toBe('Malformed percent-encoding in the request URL');
  });

  it('should answer 400 in its own words for a body that does not decompress as its Content-Encoding says', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      const response = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"name": "not compressed"}');
      expectVersionedError(response, 400, 'invalid_request');
      expect(response.body.error.message).toBe('The request body could not be decompressed as its Content-Encoding says');
      expect(Object.keys(response.body.error.details as object)).toEqual(['body']);
    }
  });

  it('should answer unknown routes with 404 in the envelope of their path form', async () => {
    expectVersionedError(
      await request(t.http)
        .get('/api/v1/nothing-here')
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    const legacy = await request(t.http)
      .get('/api/nothing-here')
      .set(...bearer(org.adminKey));
    expect(legacy.status).toBe(404);
    expect(legacy.body).toEqual({ error: { code: 'not_found', message: expect.any(String) }, status: 404 });
    // A version the service does not have is no legacy path: versioned envelope, no deprecation.
    const unknownVersion = await request(t.http)
      .get('/api/v2/agents')
      .set(...bearer(org.adminKey));
    expectVersionedError(unknownVersion, 404, 'not_found');
    expect(unknownVersion.headers.deprecation).toBeUndefined();
  });

  it('should use the legacy envelope on legacy paths', async () => {
    const unauthorized = await request(t.http).get('/api/agents');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) }, status: 401 });

    const { key } = await createKey(t.app, org.orgId, { scopes: ['chat'], format: 'legacy' });
    const forbidden = await request(t.http)
      .get('/api/agents')
      .set(...bearer(key));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: { code: 'insufficient_scope' }, status: 403, required_scope: 'agents:read', current_scopes: ['chat'] });

    const invalid = await request(t.http)
      .post('/api/api-keys')
      .set(...bearer(org.adminKey))
      .send({ name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: { code: 'invalid_request' }, status: 400 });
  });

  it('should refuse hostile query strings with 400', async () => {
    for (const query of ['limit=1e3', 'limit[]=1', 'limit=1&limit=2', 'offset=%00', 'limit=99999999999999999999']) {
      const response = await request(t.http)
        .get(`/api/v1/agents?${query}`)
        .set(...bearer(org.adminKey));
      expectVersionedError(response, 400, 'invalid_request');
    }
  });

  describe('requests the HTTP parser refuses', () => {
    /** Sends raw bytes and reads the whole answer: these requests never reach Express. */
    const exchange = async (raw: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> => {
      if (!t.http.listening) {
        await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
      }
      const socket = connect((t.http.address() as AddressInfo).port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.write(raw);
      await new Promise((resolve) => socket.once('close', resolve));
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
    };

    it.each([
      ['headers over the limit', `GET /api/v1/agents HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['a URL over the limit', `GET /api/v1/agents?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400],
      ['a malformed header', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400],
    ])('should answer %s in the versioned envelope with a request id', async (_label, raw, status) => {
      const answer = await exchange(raw);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String), details: {} }, request_id: answer.headers['x-request-id'] });
      expect(answer.headers['x-request-id']).toMatch(REQUEST_ID);
    });

    it('should answer headers over the limit on a legacy path in the legacy envelope, deprecated', async () => {
      const answer = await exchange(`GET /api/agents HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(answer.body).toEqual({ error: { code: 'invalid_request', message: expect.any(String) }, status: 431 });
      expect(answer.headers.deprecation).toBe('true');
      expect(answer.headers.link).toBe('</api/v1/agents>; rel="successor-version"');
    });
  });
});
