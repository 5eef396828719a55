import { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationKeyContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { KbIndexer } from '#src/modules/data-sources/sync/kb-indexer.js';
import { longestAnswerMs } from '#src/modules/generation/answer-limits.js';
import { InteractionLifecycle } from '#src/modules/interactions/interaction-lifecycle.js';
import { ABANDONED_ANSWER_ERROR, AbandonedAnswers } from '#src/modules/query/abandoned-answers.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { postSse } from '#test/utils/sse.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const DOCUMENTS: Record<string, string> = {
  'widget.md': '# Widget 3000\n\nThe Widget 3000 is our flagship widget. It costs 49 dollars and ships in two days.',
  'gadget.md': '# Gadget Pro\n\nThe Gadget Pro is a premium gadget for professionals. It costs 99 dollars and ships in a week.',
  'password.md': '# Resetting your password\n\nTo reset your password, open Settings, choose Security, then click Reset password. A link arrives by email.',
  'holidays.md': '# Holidays\n\nThe office is closed on public holidays. Support answers email within one business day.',
};

const CITATION = /\[(\d+)\]/g;

describe('query and search', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;
  let sourceId: string;
  let otherSourceId: string;
  let agentId: string;

  const api = () => request(t.http);

  async function fileSource(owner: TestOrg): Promise<string> {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(owner.adminKey))
      .send({ type: 'file', name: 'Docs' })
      .expect(201);
    await waitForStatus(t.http, owner.adminKey, created.body.id, settled);
    let upload = api()
      .post(`/api/v1/data-sources/${created.body.id}/files`)
      .set(...bearer(owner.adminKey));
    for (const [name, text] of Object.entries(DOCUMENTS)) {
      upload = upload.attach('file', Buffer.from(text), name);
    }
    await upload.expect(202);
    const final = (await waitForStatus(t.http, owner.adminKey, created.body.id, settled)).at(-1)!;
    expect(final.status).toBe('active');
    return created.body.id as string;
  }

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub) });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    sourceId = await fileSource(org);
    otherSourceId = await fileSource(other);
    const agent = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Support', data_source_ids: [sourceId] })
      .expect(201);
    agentId = agent.body.id as string;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  describe('POST /api/v1/query', () => {
    it('should answer from the sources, citing them, and record the interaction', async () => {
      const response = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'How do I reset my password?' })
        .expect(200);
      const { response: text, sources, metadata, session_id: sessionId } = response.body;
      expect(sources.length).toBeGreaterThan(0);
      expect(sources[0]).toEqual({
        chunk_id: expect.stringMatching(/^chk_/),
        document_title: 'Resetting your password',
        document_url: 'password.md',
        similarity_score: expect.any(Number),
        chunk_text: expect.stringContaining('Reset password'),
      });
      for (const source of sources) {
        expect(source.similarity_score).toBeGreaterThanOrEqual(0);
        expect(source.similarity_score).toBeLessThanOrEqual(1);
      }
      expect(text).toMatch(/Settings/);
      const cited = [...text.matchAll(CITATION)].map((match) => Number(match[1]));
      expect(cited.length).toBeGreaterThan(0);
      expect(cited.every((n) => n >= 1 && n <= sources.length)).toBe(true);
      expect(sessionId).toMatch(/^ses_/);
      expect(metadata).toEqual({
        interaction_id: expect.stringMatching(/^int_/),
        session_id: sessionId,
        latency_ms: expect.any(Number),
        tokens_input: expect.any(Number),
        tokens_output: expect.any(Number),
        cost_usd: 0,
        rag_strategy: 'hybrid',
        model: 'extractive',
      });
      expect(metadata.tokens_input).toBeGreaterThan(0);
      expect(metadata.tokens_output).toBeGreaterThan(0);

      const stored = await api()
        .get(`/api/v1/interactions/${metadata.interaction_id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(stored.body).toMatchObject({
        query: 'How do I reset my password?',
        response: text,
        agent_id: agentId,
        session_id: sessionId,
      });
      expect(stored.body.sources).toEqual(sources);

      const events = await t.app
        .get(DataSource)
        .query<Array<{ type: string; data: { interaction: Record<string, unknown> } }>>(
          `SELECT type, data FROM event WHERE type LIKE 'interaction.%' AND data->'interaction'->>'id' = $1 ORDER BY created_at, id`,
          [metadata.interaction_id],
        );
      expect(events.map((event) => event.type)).toEqual(['interaction.created', 'interaction.completed']);
      expect(events[1].data.interaction).toMatchObject({
        id: metadata.interaction_id,
        prompt: 'How do I reset my password?',
        response: text,
        agentId,
        userId: null,
      });
      expect((events[1].data.interaction.sources as unknown[]).length).toBe(sources.length);
    });

    it('should carry a session across turns so a follow-up keeps its subject', async () => {
      const first = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Tell me about the Widget 3000' })
        .expect(200);
      const followUp = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'How much does it cost?', session_id: first.body.session_id })
        .expect(200);
      expect(followUp.body.session_id).toBe(first.body.session_id);
      expect(followUp.body.sources[0].document_title).toBe('Widget 3000');
      expect(followUp.body.response).toMatch(/49 dollars/);

      const stranger = await api()
        .post('/api/v1/query')
        .set(...bearer(other.adminKey))
        .send({ agent_id: agentId, query: 'How much does it cost?', session_id: first.body.session_id });
      expect(stranger.status).toBe(404);
    });

    it('should keep a session’s turns with one agent out of another agent’s context', async () => {
      const otherAgent = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Second desk', data_source_ids: [sourceId] })
        .expect(201);
      const ask = async (agent: string, query: string, sessionId?: string) =>
        (
          await api()
            .post('/api/v1/query')
            .set(...bearer(org.adminKey))
            .send({ agent_id: agent, query, ...(sessionId ? { session_id: sessionId } : {}) })
            .expect(200)
        ).body as { response: string; sources: unknown[]; session_id: string };
      const started = await ask(agentId, 'Tell me about the Widget 3000');
      // What a follow-up finds with that turn as its context: the same source, asked by its own agent.
      const withContext = await ask(agentId, 'Tell me more.', (await ask(agentId, 'Tell me about the Widget 3000')).session_id);
      const alone = await ask(otherAgent.body.id as string, 'Tell me more.');
      expect(withContext.sources).not.toEqual(alone.sources);

      const sameSession = await ask(otherAgent.body.id as string, 'Tell me more.', started.session_id);
      expect(sameSession.session_id).toBe(started.session_id);
      expect(sameSession.sources).toEqual(alone.sources);
      expect(sameSession.response).toBe(alone.response);
    });

    it('should use the agent\u2019s temperature and max_tokens unless the request sets them, within bounds', async () => {
      for (const body of [{ temperature: 3 }, { temperature: -1 }, { max_tokens: 0 }, { max_tokens: 1.5 }, { temperature: '1' }]) {
        const response = await api()
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: agentId, query: 'Hello', ...body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.error.code).toBe('invalid_request');
      }
      await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Holidays?', temperature: 0, max_tokens: 50 })
        .expect(200);
    });

    it('should build the answer from top_k sources when the request sets it, 1 to 50', async () => {
      const ask = (body: object) =>
        api()
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: agentId, query: 'How much does the widget or the gadget cost?', ...body });
      const byDefault = await ask({}).expect(200);
      expect(byDefault.body.sources).toHaveLength(Object.keys(DOCUMENTS).length);
      const two = await ask({ top_k: 2 }).expect(200);
      expect(two.body.sources.map((source: { chunk_id: string }) => source.chunk_id)).toEqual(
        byDefault.body.sources.slice(0, 2).map((source: { chunk_id: string }) => source.chunk_id),
      );
      expect(Math.max(...[...two.body.response.matchAll(CITATION)].map((match) => Number(match[1])))).toBeLessThanOrEqual(2);
      await ask({ top_k: 50 }).expect(200);
      for (const top_k of [0, 51, 2.5, '2', null]) {
        const refused = await ask({ top_k });
        expect(refused.status, JSON.stringify(top_k)).toBe(400);
        expect(refused.body.error.details).toHaveProperty(['top_k']);
      }
    });

    it.each([
      ['no agent', { query: 'x' }, 400, 'agent_id'],
      ['a malformed agent id', { agent_id: 'agent-1', query: 'x' }, 400, 'agent_id'],
      ['no query', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A' }, 400, 'query'],
      ['an empty query', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: '' }, 400, 'query'],
      ['a query of spaces and line breaks', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: '  \n\t ' }, 400, 'query'],
      ['a query over 8,000 characters', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x'.repeat(8_001) }, 400, 'query'],
      ['a malformed session id', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x', session_id: 'abc' }, 400, 'session_id'],
      ['a stream flag that is not a boolean', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x', stream: 'yes' }, 400, 'stream'],
      ['an unknown field', { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x', extra: 1 }, 400, 'extra'],
    ])('should refuse %s', async (_label, body, status, field) => {
      const response = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send(body);
      expect(response.status).toBe(status);
      expect(response.body.error.details).toHaveProperty([field]);
    });

    it('should answer 404 for an unknown or foreign agent and 409 for a disabled one', async () => {
      await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x' })
        .expect(404);
      await api()
        .post('/api/v1/query')
        .set(...bearer(other.adminKey))
        .send({ agent_id: agentId, query: 'x' })
        .expect(404);
      const disabled = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Off', data_source_ids: [sourceId], status: 'disabled' })
        .expect(201);
      const response = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: disabled.body.id, query: 'x' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('conflict');
    });

    it('should answer 409 before recording or streaming anything when the agent\u2019s model has no endpoint configured', async () => {
      const unrunnable = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Unconfigured model', data_source_ids: [sourceId], model: 'custom:llama' })
        .expect(201);
      const interactions = async (): Promise<number> =>
        (
          await api()
            .get(`/api/v1/interactions?agent_id=${unrunnable.body.id}`)
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body.total as number;
      for (const stream of [false, true]) {
        const response = await api()
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: unrunnable.body.id, query: 'How long is the warranty?', stream });
        expect(response.status, `stream: ${stream}`).toBe(409);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('CUSTOM_MODEL_BASE_URL') });
      }
      expect(await interactions()).toBe(0);
    });

    it('should say so, citing nothing, when the sources hold no answer', async () => {
      const empty = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Empty', data_source_ids: [] })
        .expect(201);
      const response = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: empty.body.id, query: 'What is the meaning of life?' })
        .expect(200);
      expect(response.body.sources).toEqual([]);
      expect(response.body.response).not.toMatch(CITATION);
    });

    it('should need the execute scope', async () => {
      const { key } = await createKey(t.app, org.orgId, { scopes: ['read'] });
      const response = await api()
        .post('/api/v1/query')
        .set(...bearer(key))
        .send({ agent_id: agentId, query: 'x' });
      expect(response.status).toBe(403);
      expect(response.body.required_scope).toBe('execute');
    });
  });

  describe('streaming', () => {
    it('should send sources, deltas and done as server-sent events that add up to the stored answer', async () => {
      const exchange = await postSse(t.app, '/api/v1/query', org.adminKey, { agent_id: agentId, query: 'How do I reset my password?', stream: true });
      expect(exchange.status).toBe(200);
      expect(exchange.headers['content-type']).toMatch(/^text\/event-stream/);
      const names = exchange.events.map((event) => event.event);
      expect(names[0]).toBe('sources');
      expect(names.at(-1)).toBe('done');
      expect(names.slice(1, -1).every((name) => name === 'delta')).toBe(true);
      expect(names.length).toBeGreaterThan(2);
      const sources = exchange.events[0].data as Array<{ chunk_id: string }>;
      const text = exchange.events
        .filter((event) => event.event === 'delta')
        .map((event) => (event.data as { text: string }).text)
        .join('');
      const done = exchange.events.at(-1)!.data as { interaction_id: string; session_id: string };
      const stored = await api()
        .get(`/api/v1/interactions/${done.interaction_id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(stored.body.response).toBe(text);
      expect(stored.body.sources.map((source: { chunk_id: string }) => source.chunk_id)).toEqual(sources.map((source) => source.chunk_id));
      expect([...text.matchAll(CITATION)].every((match) => Number(match[1]) <= sources.length)).toBe(true);
    });

    it('should end with an error event when the provider fails mid-answer, logged as a plain query\u2019s failure is, and log nothing when the client leaves', async () => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          callback();
        },
      });
      const provided = await createTestApp({
        ...sameDatabaseAs(t),
        env: ingestionEnv(stub, { CUSTOM_MODEL_BASE_URL: stub.baseUrl, PROVIDER_MAX_RETRIES: '0', LOG_LEVEL: 'info' }),
        logStream,
      });
      try {
        const agent = await request(provided.http)
          .post('/api/v1/agents')
          .set(...bearer(org.adminKey))
          .send({ name: 'On a custom model', data_source_ids: [sourceId], model: 'custom:stub' })
          .expect(201);
        const errorsLogged = (requestId: string): number =>
          lines.map((line) => JSON.parse(line) as { level: number; request_id?: string }).filter((entry) => entry.level >= 50 && entry.request_id === requestId)
            .length;
        stub.chat.answer = 'The Widget 3000 costs 49 dollars and ships in two days [1].';
        stub.chat.cutAfterChunks = 3;
        const cut = await postSse(provided.app, '/api/v1/query', org.adminKey, {
          agent_id: agent.body.id,
          query: 'How much is the Widget 3000?',
          stream: true,
        });
        const names = cut.events.map((event) => event.event);
        expect(names[0]).toBe('sources');
        expect(names.at(-1)).toBe('error');
        expect(names).not.toContain('done');
        const failure = cut.events.at(-1)!.data as { error: { code: string }; request_id: string };
        expect(failure.error.code).toBe('service_unavailable');
        expect(errorsLogged(failure.request_id)).toBe(1);

        stub.chat.cutAfterChunks = undefined;
        stub.chat.chunkDelayMs = 100;
        const left = await postSse(
          provided.app,
          '/api/v1/query',
          org.adminKey,
          { agent_id: agent.body.id, query: 'How much is the Widget 3000?', stream: true },
          { stopAfter: 'delta' },
        );
        expect(left.events.map((event) => event.event)).toEqual(['sources', 'delta']);
        const statuses = async (): Promise<string[]> =>
          (
            await t.app
              .get(DataSource)
              .query<Array<{ status: string }>>('SELECT status FROM interaction WHERE agent_id = $1 ORDER BY created_at', [agent.body.id])
          ).map((row) => row.status);
        await until(async () => ((await statuses()).join() === 'failed,failed' ? true : undefined), 10_000, 'the abandoned answer to be recorded failed');
        expect(lines.some((line) => (JSON.parse(line) as { level: number }).level >= 50 && !line.includes(failure.request_id))).toBe(false);
      } finally {
        stub.chat.reset();
        await provided.close();
      }
    });

    it('should answer errors found before the stream starts as ordinary JSON errors', async () => {
      const exchange = await postSse(t.app, '/api/v1/query', org.adminKey, { agent_id: 'agt_01JD8X0Q5W3V7N2K4M6P8R9T1A', query: 'x', stream: true });
      expect(exchange.status).toBe(404);
      expect(exchange.headers['content-type']).toMatch(/application\/json/);
    });
  });

  describe('POST /api/chat (legacy)', () => {
    it('should answer the abbreviated form', async () => {
      const response = await api()
        .post('/api/chat')
        .set(...bearer(org.adminKey))
        .send({ prompt: 'How do I reset my password?', agentId })
        .expect(200);
      expect(Object.keys(response.body).sort()).toEqual(['latency_ms', 'response', 'sources']);
      expect(response.body.sources[0]).toEqual({ chunk_id: expect.stringMatching(/^chk_/), similarity: expect.any(Number) });
      expect(response.headers.deprecation).toBe('true');
      expect(response.headers.link).toBe('</api/v1/query>; rel="successor-version"');
      const bad = await api()
        .post('/api/chat')
        .set(...bearer(org.adminKey))
        .send({ prompt: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { code: 'invalid_request' }, status: 400 });
    });

    it('should continue the session named by sessionId, so a follow-up keeps its subject', async () => {
      const first = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Tell me about the Gadget Pro' })
        .expect(200);
      const followUp = await api()
        .post('/api/chat')
        .set(...bearer(org.adminKey))
        .send({ prompt: 'How much does it cost?', agentId, sessionId: first.body.session_id })
        .expect(200);
      expect(followUp.body.response).toMatch(/99 dollars/);
      const recorded = await api()
        .get(`/api/v1/interactions?agent_id=${agentId}&limit=1`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(recorded.body.interactions[0]).toMatchObject({ query: 'How much does it cost?', session_id: first.body.session_id });
    });
  });

  describe('feedback', () => {
    it('should record, change and report feedback, emitting an event for each change and none for the same feedback again', async () => {
      const asked = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'When is the office closed?' })
        .expect(200);
      const id = asked.body.metadata.interaction_id as string;
      const positive = await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'positive' })
        .expect(200);
      expect(positive.body).toMatchObject({ id, feedback: 'positive', comment: null });
      const negative = await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'negative', comment: 'Missing the weekend hours.' })
        .expect(200);
      expect(negative.body).toMatchObject({ id, feedback: 'negative', comment: 'Missing the weekend hours.' });
      const again = await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'negative' })
        .expect(200);
      expect(again.body).toMatchObject({ feedback: 'negative', comment: 'Missing the weekend hours.' });
      const changed = await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'positive' })
        .expect(200);
      // The comment was about the answer being wrong: it does not stay on a thumbs up.
      expect(changed.body).toMatchObject({ feedback: 'positive', comment: null });
      await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'negative', comment: 'Missing the weekend hours.' })
        .expect(200);
      const blank = await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(org.adminKey))
        .send({ feedback: 'negative', comment: '   ' })
        .expect(200);
      expect(blank.body).toMatchObject({ feedback: 'negative', comment: null });
      const filtered = await api()
        .get('/api/v1/interactions?feedback=negative')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(filtered.body.interactions.map((interaction: { id: string }) => interaction.id)).toContain(id);
      const events = await t.app
        .get(DataSource)
        .query<Array<{ data: { interaction: { feedback: string } } }>>(
          `SELECT data FROM event WHERE type = 'interaction.feedback' AND data->'interaction'->>'id' = $1 ORDER BY created_at, id`,
          [id],
        );
      expect(events.map((event) => event.data.interaction.feedback)).toEqual(['positive', 'negative', 'positive', 'negative', 'negative']);
    });

    it('should refuse bad feedback, unknown interactions and other organizations\u2019', async () => {
      const asked = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Gadget price?' })
        .expect(200);
      const id = asked.body.metadata.interaction_id as string;
      for (const body of [{}, { feedback: 'meh' }, { feedback: null }, { feedback: 'positive', comment: 5 }, { feedback: 'positive', extra: true }]) {
        await api()
          .post(`/api/v1/interactions/${id}/feedback`)
          .set(...bearer(org.adminKey))
          .send(body)
          .expect(400);
      }
      await api()
        .post('/api/v1/interactions/int_01JD8X0Q5W3V7N2K4M6P8R9T1A/feedback')
        .set(...bearer(org.adminKey))
        .send({ feedback: 'positive' })
        .expect(404);
      await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(other.adminKey))
        .send({ feedback: 'positive' })
        .expect(404);
      await api()
        .post('/api/v1/interactions/nope/feedback')
        .set(...bearer(org.adminKey))
        .send({ feedback: 'positive' })
        .expect(400);
      const { key } = await createKey(t.app, org.orgId, { scopes: ['execute'] });
      await api()
        .post(`/api/v1/interactions/${id}/feedback`)
        .set(...bearer(key))
        .send({ feedback: 'positive' })
        .expect(200);
    });
  });

  describe('POST /api/v1/semantic-search', () => {
    it('should return chunks, the query embedding and metadata, only from the caller\u2019s organization', async () => {
      const response = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'reset password', org_id: org.orgId, top_k: 3 })
        .expect(200);
      expect(response.body.chunks.length).toBeGreaterThan(0);
      expect(response.body.chunks.length).toBeLessThanOrEqual(3);
      expect(response.body.chunks[0]).toMatchObject({
        chunk_id: expect.stringMatching(/^chk_/),
        document_id: expect.stringMatching(/^doc_/),
        document_title: 'Resetting your password',
        text: expect.any(String),
      });
      expect(response.body.query_embedding).toHaveLength(512);
      expect(response.body.metadata).toMatchObject({ total_chunks_searched: expect.any(Number), latency_ms: expect.any(Number) });
      const own = await t.app.get(DataSource).query<Array<{ id: string }>>('SELECT id FROM chunk WHERE org_id = $1', [org.orgId]);
      const ownIds = new Set(own.map((row) => row.id));
      expect(response.body.chunks.every((chunk: { chunk_id: string }) => ownIds.has(chunk.chunk_id))).toBe(true);
      expect(response.body.metadata.total_chunks_searched).toBe(own.length);
    });

    it('should keep to the data sources asked for, and refuse another organization\u2019s', async () => {
      const scoped = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'widget', org_id: org.orgId, data_source_ids: [sourceId], similarity_threshold: 0 })
        .expect(200);
      expect(scoped.body.chunks.length).toBeGreaterThan(0);
      const foreign = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'widget', org_id: org.orgId, data_source_ids: [otherSourceId] });
      expect(foreign.status).toBe(404);
      const none = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'widget', org_id: org.orgId, data_source_ids: [] })
        .expect(200);
      expect(none.body.chunks).toEqual([]);
      expect(none.body.query_embedding).toHaveLength(512);
    });

    it.each([
      [{ query: 'x', org_id: 'ORG' }, 400],
      [{ query: 'x', top_k: 5 }, 400],
      [{ query: '', org_id: 'SELF' }, 400],
      [{ query: '   ', org_id: 'SELF' }, 400],
      [{ query: 'x', org_id: 'SELF', top_k: 0 }, 400],
      [{ query: 'x', org_id: 'SELF', top_k: 1000 }, 400],
      [{ query: 'x', org_id: 'SELF', similarity_threshold: 1.5 }, 400],
      [{ query: 'x', org_id: 'SELF', data_source_ids: 'ds_01JD8X0Q5W3V7N2K4M6P8R9T1A' }, 400],
      [{ query: 'x', org_id: 'SELF', rag_strategy: 'magic' }, 400],
      [{ query: 'x', org_id: 'OTHER' }, 403],
    ])('should refuse %j with %i', async (body: Record<string, unknown>, status) => {
      const resolved = { ...body, ...(body.org_id === 'SELF' ? { org_id: org.orgId } : body.org_id === 'OTHER' ? { org_id: other.orgId } : {}) };
      const response = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send(resolved);
      expect(response.status).toBe(status);
    });

    it('should filter by similarity threshold', async () => {
      const all = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'password', org_id: org.orgId, top_k: 50 })
        .expect(200);
      const threshold = all.body.chunks[0].similarity_score as number;
      const strict = await api()
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'password', org_id: org.orgId, top_k: 50, similarity_threshold: threshold })
        .expect(200);
      expect(strict.body.chunks.length).toBeGreaterThan(0);
      expect(strict.body.chunks.every((chunk: { similarity_score: number }) => chunk.similarity_score >= threshold)).toBe(true);
    });
  });

  describe('the knowledge base', () => {
    it('should retrieve published articles and never drafts, an unpublished one from the moment it is', async () => {
      const draft = await api()
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send({ title: 'Parking policy', content: 'Parking is free in the north garage for all employees.', status: 'draft' })
        .expect(201);
      const search = (): Promise<request.Response> =>
        api()
          .post('/api/v1/semantic-search')
          .set(...bearer(org.adminKey))
          .send({ query: 'north garage parking', org_id: org.orgId, top_k: 5 })
          .expect(200);
      const titles = async (): Promise<string[]> => (await search()).body.chunks.map((chunk: { document_title: string }) => chunk.document_title);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await titles()).not.toContain('Parking policy');

      await api()
        .put(`/api/v1/kb/${draft.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ status: 'published' })
        .expect(200);
      await expect.poll(titles, { timeout: 10_000 }).toContain('Parking policy');
      const knowledgeBaseChunks = async (): Promise<number | undefined> => {
        const [row] = await t.app
          .get(DataSource)
          .query<Array<{ chunks: number }>>(`SELECT chunks FROM search_scope_stats WHERE org_id = $1 AND scope = 'kb'`, [org.orgId]);
        return row?.chunks;
      };
      await expect.poll(knowledgeBaseChunks, { timeout: 10_000 }).toBe(1);
      const asked = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Where is parking free?' })
        .expect(200);
      expect(asked.body.sources.map((source: { document_title: string }) => source.document_title)).toContain('Parking policy');

      // Chunks an indexing job wrote just after the article went back to draft are not retrieved either.
      await t.app.get(DataSource).query(`UPDATE kb_article SET status = 'draft' WHERE id = $1`, [draft.body.id]);
      expect(await titles()).not.toContain('Parking policy');
      await t.app.get(DataSource).query(`UPDATE kb_article SET status = 'published' WHERE id = $1`, [draft.body.id]);
      expect(await titles()).toContain('Parking policy');

      await api()
        .put(`/api/v1/kb/${draft.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ status: 'draft' })
        .expect(200);
      // Gone as the answer to the change arrives, not once a job has run.
      expect(await titles()).not.toContain('Parking policy');
      await expect.poll(knowledgeBaseChunks, { timeout: 10_000 }).toBe(0);
    });

    it('should quote the brackets of an article as written, none of them read as a citation', async () => {
      const article = await api()
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send({
          title: 'Zorblax tuning',
          content: 'The zorblax ratio lies in the interval [0, 1]. Read the third zorblax with zorblax_list[2], as [ref 3] explains.',
          status: 'published',
        })
        .expect(201);
      const ask = () =>
        api()
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: agentId, query: 'Which interval does the zorblax ratio lie in, and how do I read the third zorblax?' })
          .expect(200);
      await expect.poll(async () => (await ask()).body.sources[0]?.document_title, { timeout: 10_000 }).toBe('Zorblax tuning');
      const asked = await ask();
      expect(asked.body.response).toBe(
        'The zorblax ratio lies in the interval `[0, 1]` [1]. Read the third zorblax with `zorblax_list[2]`, as `[ref 3]` explains [1].',
      );
      await api()
        .delete(`/api/v1/kb/${article.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
    });

    it('should bring the index up to an article whose indexing job was lost, at the next sweep', async () => {
      const article = await api()
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send({ title: 'Bicycle storage', content: 'Bicycles are kept in the west courtyard racks.', status: 'published' })
        .expect(201);
      const search = async (query: string): Promise<string[]> =>
        (
          await api()
            .post('/api/v1/semantic-search')
            .set(...bearer(org.adminKey))
            .send({ query, org_id: org.orgId, top_k: 5 })
            .expect(200)
        ).body.chunks.map((chunk: { text: string }) => chunk.text);
      await expect.poll(() => search('bicycles courtyard racks'), { timeout: 10_000 }).toContainEqual(expect.stringContaining('west courtyard'));
      const db = t.app.get(DataSource);
      await expect
        .poll(
          async () =>
            (await db.query<Array<{ in_step: boolean }>>(`SELECT indexed_at = updated_at AS in_step FROM kb_article WHERE id = $1`, [article.body.id]))[0]
              .in_step,
        )
        .toBe(true);
      const indexer = t.app.get(KbIndexer);
      expect(await indexer.sweep()).toBe(0);

      // Changed with no job queued, as when Redis lost it: the sweep finds the article behind its index once its own job's time is past.
      await db.query(
        `UPDATE kb_article SET content = 'Bicycles are now kept in the underground garage, level two.', updated_at = now() - interval '1 minute' WHERE id = $1`,
        [article.body.id],
      );
      expect(await search('bicycles underground garage level two')).not.toContainEqual(expect.stringContaining('underground garage'));
      expect(await indexer.sweep()).toBe(1);
      await expect
        .poll(() => search('bicycles underground garage level two'), { timeout: 10_000 })
        .toContainEqual(expect.stringContaining('underground garage'));
      await expect.poll(() => indexer.sweep(), { timeout: 10_000 }).toBe(0);

      await api()
        .delete(`/api/v1/kb/${article.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expect(await search('bicycles underground garage level two')).not.toContainEqual(expect.stringContaining('underground garage'));
    });

    it('should end quietly an indexing of an article deleted while it was being indexed', async () => {
      const article = await api()
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send({ title: 'Locker rooms', content: 'Lockers on the second floor take a badge.', status: 'draft' })
        .expect(201);
      await t.app.get(DataSource).query(`UPDATE kb_article SET status = 'published' WHERE id = $1`, [article.body.id]);
      // The embedding of its chunks is held while the article is deleted.
      stub.delayNext(1, 800);
      const indexing = t.app.get(KbIndexer).refresh(org.orgId, article.body.id as string);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await api()
        .delete(`/api/v1/kb/${article.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      await expect(indexing).resolves.toBeUndefined();
      const [{ count }] = await t.app.get(DataSource).query<Array<{ count: string }>>(`SELECT count(*) FROM chunk WHERE kb_article_id = $1`, [article.body.id]);
      expect(Number(count)).toBe(0);
    });
  });

  describe('answers whose process died', () => {
    it('should mark failed, with no event, an interaction pending longer than any answer may run, and no younger one', async () => {
      const db = t.app.get(DataSource);
      const auth = organizationKeyContext(org.orgId, newId('apiKey'));
      // As a process that died mid-answer leaves them: pending, one since before the longest answer (and the time to record it), one not.
      const pendingSince = async (ms: number): Promise<string> => {
        const opened = await t.app
          .get(TransactionRunner)
          .run((tx) =>
            t.app
              .get(InteractionLifecycle)
              .open(auth, { agentId, sessionId: newId('session'), query: 'Is it done?', ragStrategy: 'hybrid', model: 'extractive' }, tx),
          );
        await db.query(`UPDATE interaction SET created_at = now() - ($2 || ' milliseconds')::interval WHERE id = $1`, [opened.id, String(ms)]);
        return opened.id;
      };
      const longest = longestAnswerMs(t.config.generation);
      const abandoned = await pendingSince(longest + 6 * 60_000);
      const answering = await pendingSince(longest);

      const sweep = t.app.get(AbandonedAnswers);
      await sweep.sweep();
      const rows = await db.query<Array<{ id: string; status: string; error: string | null }>>(
        'SELECT id, status, error FROM interaction WHERE id = ANY($1) ORDER BY created_at',
        [[abandoned, answering]],
      );
      expect(rows).toEqual([
        { id: abandoned, status: 'failed', error: ABANDONED_ANSWER_ERROR },
        { id: answering, status: 'pending', error: null },
      ]);
      expect(await sweep.sweep()).toBe(0);
      const events = await db.query<Array<{ type: string }>>(`SELECT type FROM event WHERE data->'interaction'->>'id' = $1`, [abandoned]);
      expect(events.map((event) => event.type)).toEqual(['interaction.created']);
    });
  });
});
