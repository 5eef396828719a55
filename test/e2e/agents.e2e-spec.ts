import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

describe('agents', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  it('should create, read, update, list and delete an agent', async () => {
    const created = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Support', data_source_ids: [] })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Support',
      rag_strategy: 'hybrid',
      model: 'extractive',
      status: 'active',
      data_source_ids: [],
      system_prompt: null,
    });
    expect(created.body.id).toMatch(/^agt_[0-9A-HJKMNP-TV-Z]{26}$/);

    const fetched = await request(t.http)
      .get(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(fetched.body).toEqual(created.body);

    const updated = await request(t.http)
      .put(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ temperature: 1.5, system_prompt: 'Be brief.' })
      .expect(200);
    expect(updated.body).toMatchObject({ temperature: 1.5, system_prompt: 'Be brief.', name: 'Support' });

    const list = await request(t.http)
      .get('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(list.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.body.agents[0].id).toBe(created.body.id);

    await request(t.http)
      .delete(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    await request(t.http)
      .get(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(404);
  });

  it('should keep updated_at when an update changes nothing, and move it when one does', async () => {
    const created = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Steady', data_source_ids: [], temperature: 0.5 })
      .expect(201);
    await sleep(20);
    const same = await request(t.http)
      .put(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ name: 'Steady', data_source_ids: [], temperature: 0.5, system_prompt: null })
      .expect(200);
    expect(same.body).toEqual(created.body);
    const changed = await request(t.http)
      .put(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ temperature: 0.7 })
      .expect(200);
    expect(changed.body.temperature).toBe(0.7);
    expect(Date.parse(changed.body.updated_at)).toBeGreaterThan(Date.parse(created.body.updated_at));
  });

  it('should page the list newest first, 50 at a time unless limit (at most 200) says otherwise', async () => {
    const own = await createOrg(t.app);
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const created = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(own.adminKey))
        .send({ name, data_source_ids: [] })
        .expect(201);
      ids.push(created.body.id as string);
    }
    const all = await request(t.http)
      .get('/api/v1/agents')
      .set(...bearer(own.adminKey))
      .expect(200);
    expect(all.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(all.body.agents.map((agent: { id: string }) => agent.id)).toEqual([...ids].reverse());
    const page = await request(t.http)
      .get('/api/v1/agents?limit=2&offset=1')
      .set(...bearer(own.adminKey))
      .expect(200);
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.body.agents.map((agent: { id: string }) => agent.id)).toEqual([ids[1], ids[0]]);
    await request(t.http)
      .get('/api/v1/agents?limit=200')
      .set(...bearer(own.adminKey))
      .expect(200);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
    ]) {
      const refused = await request(t.http)
        .get(`/api/v1/agents?${query}`)
        .set(...bearer(own.adminKey));
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.details).toHaveProperty([field]);
    }
  });

  it('should keep a deleted agent\u2019s interactions, listed under its id', async () => {
    const agent = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Short-lived', data_source_ids: [] })
      .expect(201);
    const asked = await request(t.http)
      .post('/api/v1/query')
      .set(...bearer(org.adminKey))
      .send({ agent_id: agent.body.id, query: 'Is anyone there?' })
      .expect(200);
    await request(t.http)
      .delete(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    const listed = await request(t.http)
      .get(`/api/v1/interactions?agent_id=${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(listed.body.total).toBe(1);
    expect(listed.body.interactions[0]).toMatchObject({ id: asked.body.metadata.interaction_id, agent_id: agent.body.id });
  });

  it('should never leave an agent naming a data source deleted at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const source = await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: `Racing ${round}` })
        .expect(201);
      const [agent, deleted] = await Promise.all([
        request(t.http)
          .post('/api/v1/agents')
          .set(...bearer(org.adminKey))
          .send({ name: `Racer ${round}`, data_source_ids: [source.body.id] }),
        request(t.http)
          .delete(`/api/v1/data-sources/${source.body.id}`)
          .set(...bearer(org.adminKey)),
      ]);
      expect(deleted.status).toBe(204);
      // The agent came first and lost the id with the delete, or the delete came first and the agent was refused.
      if (agent.status === 201) {
        const read = await request(t.http)
          .get(`/api/v1/agents/${agent.body.id}`)
          .set(...bearer(org.adminKey))
          .expect(200);
        expect(read.body.data_source_ids).toEqual([]);
      } else {
        expect(agent.status).toBe(404);
      }
    }
  });

  it('should hide another organization\u2019s agent behind 404', async () => {
    const created = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Mine', data_source_ids: [] })
      .expect(201);
    for (const call of [
      request(t.http).get(`/api/v1/agents/${created.body.id}`),
      request(t.http).put(`/api/v1/agents/${created.body.id}`).send({ name: 'Stolen' }),
      request(t.http).delete(`/api/v1/agents/${created.body.id}`),
    ]) {
      const response = await call.set(...bearer(other.adminKey));
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    const list = await request(t.http)
      .get('/api/v1/agents')
      .set(...bearer(other.adminKey))
      .expect(200);
    expect(list.body.agents.map((agent: { id: string }) => agent.id)).not.toContain(created.body.id);
  });

  it('should serve the legacy list in camelCase with deprecation headers', async () => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy' });
    const response = await request(t.http)
      .get('/api/agents')
      .set(...bearer(key))
      .expect(200);
    expect(response.headers.deprecation).toBe('true');
    expect(response.headers.link).toBe('</api/v1/agents>; rel="successor-version"');
    expect(response.body.agents[0]).toHaveProperty('ragStrategy');
    expect(response.body.agents[0]).toHaveProperty('dataSourceIds');
    // Paths the legacy API never had answer 404, deprecated like every legacy path, with no successor to name.
    const never = [() => request(t.http).post('/api/agents').send({}), () => request(t.http).get(`/api/agents/${String(response.body.agents[0].id)}`)];
    for (const [index, send] of never.entries()) {
      const absent = await send().set(...bearer(key));
      const path = `request ${index}`;
      expect(absent.status, path).toBe(404);
      expect(absent.headers.deprecation).toBe('true');
      expect(absent.headers.link, path).toBeUndefined();
    }
  });
});
