import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { startPeer } from '#test/utils/redis-subscribers.js';
import { createTestApp, sameDatabaseAs, type TestApp, useTestApp } from '#test/utils/test-app.js';
import { REDIS_URL } from '#test/utils/test-database.js';

/**
 * Agents are cached per instance (AgentCache). Each test first shows that an instance answers from its
 * cache (a change made straight in the database, behind the service, does not reach it), then that a
 * change made through the api reaches every instance before it is acknowledged.
 */
describe('agent cache', () => {
  const t = useTestApp();
  let org: TestOrg;

  const sameDatabase = (): ReturnType<typeof sameDatabaseAs> => sameDatabaseAs(t);
  const db = (): DataSource => t.app.get(DataSource, { strict: false });

  beforeAll(async () => {
    org = await createOrg(t.app);
  });

  const api = (app: TestApp) => ({
    get: (id: string) =>
      request(app.http)
        .get(`/api/v1/agents/${id}`)
        .set(...bearer(org.adminKey)),
    list: (query = '') =>
      request(app.http)
        .get(`/api/v1/agents${query}`)
        .set(...bearer(org.adminKey)),
    legacyList: () =>
      request(app.http)
        .get('/api/agents')
        .set(...bearer(org.adminKey)),
    create: (body: Record<string, unknown>) =>
      request(app.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send(body),
    update: (id: string, body: Record<string, unknown>) =>
      request(app.http)
        .put(`/api/v1/agents/${id}`)
        .set(...bearer(org.adminKey))
        .send(body),
    remove: (id: string) =>
      request(app.http)
        .delete(`/api/v1/agents/${id}`)
        .set(...bearer(org.adminKey)),
  });
  const createFileSource = async (): Promise<string> =>
    (
      await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ name: 'Uploads', type: 'file' })
        .expect(201)
    ).body.id as string;
  const deleteSource = (id: string): request.Test =>
    request(t.http)
      .delete(`/api/v1/data-sources/${id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
  const names = (body: { agents: Array<{ name: string }> }): string[] => body.agents.map((agent) => agent.name).sort();

  /** A rename behind the service's back, which only a read that goes to the database sees. */
  const renameInDatabase = (id: string, name: string): Promise<unknown> => db().query('UPDATE agent SET name = $1 WHERE id = $2', [name, id]);

  it('should answer reads from its cache, and every change made through the api at once', async () => {
    const a = api(t);
    const agent = (await a.create({ name: 'Cached', data_source_ids: [] }).expect(201)).body as { id: string };
    expect((await a.get(agent.id).expect(200)).body.name).toBe('Cached');
    expect(names((await a.list().expect(200)).body)).toContain('Cached');

    await renameInDatabase(agent.id, 'Renamed behind the api');
    expect((await a.get(agent.id).expect(200)).body.name).toBe('Cached');
    expect(names((await a.list().expect(200)).body)).toContain('Cached');

    await a.update(agent.id, { name: 'Renamed' }).expect(200);
    expect((await a.get(agent.id).expect(200)).body.name).toBe('Renamed');
    expect(names((await a.list().expect(200)).body)).toContain('Renamed');
    expect(names((await a.legacyList().expect(200)).body)).toContain('Renamed');

    const second = (await a.create({ name: 'Second', data_source_ids: [] }).expect(201)).body as { id: string };
    const listed = (await a.list().expect(200)).body as { total: number; agents: unknown[] };
    expect(names(listed as never)).toEqual(['Renamed', 'Second']);
    expect(listed.total).toBe(2);

    await a.remove(second.id).expect(204);
    await a.get(second.id).expect(404);
    expect((await a.list().expect(200)).body.total).toBe(1);
  });

  it('should cache each page by its limit and offset', async () => {
    const a = api(t);
    const page = async (query: string): Promise<string[]> => names((await a.list(query).expect(200)).body);
    const before = await page('?limit=1&offset=0');
    expect(await page('?limit=50&offset=1')).toEqual([]);
    const added = (await a.create({ name: 'Another', data_source_ids: [] }).expect(201)).body as { id: string };
    expect(await page('?limit=1&offset=0')).toEqual(['Another']);
    expect(await page('?limit=50&offset=1')).toEqual(before);
    await a.remove(added.id).expect(204);
  });

  it('should not remember an id that does not exist', async () => {
    const a = api(t);
    const agent = (await a.create({ name: 'Soon', data_source_ids: [] }).expect(201)).body as { id: string };
    await a.remove(agent.id).expect(204);
    await a.get(agent.id).expect(404);
    await db().query(
      `INSERT INTO agent (id, org_id, name, rag_strategy, model, temperature, max_tokens) VALUES ($1, $2, 'Back', 'hybrid', 'extractive', 0.7, 1000)`,
      [agent.id, org.orgId],
    );
    expect((await a.get(agent.id).expect(200)).body.name).toBe('Back');
    await a.remove(agent.id).expect(204);
  });

  it('should drop a deleted data source from the agents it serves from its cache', async () => {
    const a = api(t);
    const sourceId = await createFileSource();
    const agent = (await a.create({ name: 'Reads uploads', data_source_ids: [sourceId] }).expect(201)).body as { id: string };
    expect((await a.get(agent.id).expect(200)).body.data_source_ids).toEqual([sourceId]);
    await deleteSource(sourceId);
    expect((await a.get(agent.id).expect(200)).body.data_source_ids).toEqual([]);
    await a.remove(agent.id).expect(204);
  });

  it('should query with the agent as last changed through the api', async () => {
    const a = api(t);
    const query = (agentId: string): request.Test =>
      request(t.http)
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'What changed?' });
    const agent = (await a.create({ name: 'Answers', data_source_ids: [] }).expect(201)).body as { id: string };
    await query(agent.id).expect(200);
    await a.update(agent.id, { status: 'disabled' }).expect(200);
    expect((await query(agent.id).expect(409)).body.error.code).toBe('conflict');
    await a.update(agent.id, { status: 'active' }).expect(200);
    await query(agent.id).expect(200);
    await a.remove(agent.id).expect(204);
    expect((await query(agent.id).expect(404)).body.error.code).toBe('not_found');
  });

  it('should keep an entry no longer than AGENT_CACHE_TTL_MS, and none at 0', async () => {
    const agent = (await api(t).create({ name: 'Short-lived', data_source_ids: [] }).expect(201)).body as { id: string };
    // Long enough that a loaded machine reads the entry again within its life; the steps in between are few.
    const brief = await createTestApp({ ...sameDatabase(), redisPrefix: false, env: { AGENT_CACHE_TTL_MS: '2000' } });
    const uncached = await createTestApp({ ...sameDatabase(), redisPrefix: false, env: { AGENT_CACHE_TTL_MS: '0' } });
    try {
      expect((await api(uncached).get(agent.id).expect(200)).body.name).toBe('Short-lived');
      expect((await api(brief).get(agent.id).expect(200)).body.name).toBe('Short-lived');
      await renameInDatabase(agent.id, 'Renamed behind the api');
      expect((await api(brief).get(agent.id).expect(200)).body.name).toBe('Short-lived');
      expect((await api(uncached).get(agent.id).expect(200)).body.name).toBe('Renamed behind the api');
      await sleep(2_100);
      expect((await api(brief).get(agent.id).expect(200)).body.name).toBe('Renamed behind the api');
    } finally {
      await brief.close();
      await uncached.close();
      await api(t).remove(agent.id);
    }
  });

  describe('several instances', () => {
    it.skipIf(!REDIS_URL)('should make a change through one instance visible at once on another that cached the agents', async () => {
      const b = await startPeer(t, 'agents:invalidate');
      try {
        const [onA, onB] = [api(t), api(b)];
        const agent = (await onA.create({ name: 'Shared', data_source_ids: [] }).expect(201)).body as { id: string };
        expect((await onB.get(agent.id).expect(200)).body.name).toBe('Shared');
        const total = (await onB.list().expect(200)).body.total as number;

        await renameInDatabase(agent.id, 'Renamed behind the api');
        expect((await onB.get(agent.id).expect(200)).body.name).toBe('Shared');

        await onA.update(agent.id, { name: 'Renamed on A' }).expect(200);
        expect((await onB.get(agent.id).expect(200)).body.name).toBe('Renamed on A');

        const added = (await onA.create({ name: 'Added on A', data_source_ids: [] }).expect(201)).body as { id: string };
        expect((await onB.list().expect(200)).body.total).toBe(total + 1);

        const sourceId = await createFileSource();
        await onA.update(agent.id, { data_source_ids: [sourceId] }).expect(200);
        expect((await onB.get(agent.id).expect(200)).body.data_source_ids).toEqual([sourceId]);
        await deleteSource(sourceId);
        expect((await onB.get(agent.id).expect(200)).body.data_source_ids).toEqual([]);

        await onA.remove(added.id).expect(204);
        await onA.remove(agent.id).expect(204);
        await onB.get(agent.id).expect(404);
        expect((await onB.list().expect(200)).body.total).toBe(total - 1);
      } finally {
        await b.close();
      }
    });
  });
});
