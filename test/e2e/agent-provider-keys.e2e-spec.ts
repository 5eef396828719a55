import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

describe('agents with provider keys', () => {
  const t = useTestApp({ env: { ALLOW_PRIVATE_TARGETS: 'true' } });
  let org: TestOrg;
  let other: TestOrg;
  const keys: Record<string, string> = {};

  const api = () => request(t.http);
  const createKey = async (owner: TestOrg, provider: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await api()
      .post('/api/v1/provider-keys')
      .set(...bearer(owner.adminKey))
      .send({ provider, api_key: `${provider}-secret-value-1234`, ...extra })
      .expect(201);
    return response.body.id as string;
  };

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    keys.openai = await createKey(org, 'openai');
    keys.anthropic = await createKey(org, 'anthropic');
    keys.custom = await createKey(org, 'custom', { base_url: 'http://127.0.0.1:9/v1' });
    keys.foreign = await createKey(other, 'openai');
  });

  it('should attach a key of the model\u2019s provider, show it, and detach it with null', async () => {
    const created = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'GPT', data_source_ids: [], model: 'gpt-4o-mini', provider_key_id: keys.openai })
      .expect(201);
    expect(created.body.provider_key_id).toBe(keys.openai);
    const switched = await api()
      .put(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ model: 'claude-haiku-4-5', provider_key_id: keys.anthropic })
      .expect(200);
    expect(switched.body).toMatchObject({ model: 'claude-haiku-4-5', provider_key_id: keys.anthropic });
    const detached = await api()
      .put(`/api/v1/agents/${created.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ provider_key_id: null })
      .expect(200);
    expect(detached.body.provider_key_id).toBeNull();
    const custom = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Custom', data_source_ids: [], model: 'custom:llama-3', provider_key_id: keys.custom })
      .expect(201);
    expect(custom.body.provider_key_id).toBe(keys.custom);
  });

  it('should refuse a key of another provider, a key for the built-in model, and a model change that no longer fits', async () => {
    for (const body of [
      { model: 'gpt-4o', provider_key_id: keys.anthropic },
      { model: 'extractive', provider_key_id: keys.openai },
      { model: 'custom:llama-3', provider_key_id: keys.openai },
    ]) {
      const response = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Mismatch', data_source_ids: [], ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.details).toHaveProperty('provider_key_id');
    }
    const agent = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'GPT', data_source_ids: [], model: 'gpt-4o', provider_key_id: keys.openai })
      .expect(201);
    await api()
      .put(`/api/v1/agents/${agent.body.id}`)
      .set(...bearer(org.adminKey))
      .send({ model: 'claude-haiku-4-5' })
      .expect(400);
  });

  it('should answer 404 for an unknown or foreign key and 400 for a malformed one', async () => {
    const base = { name: 'x', data_source_ids: [], model: 'gpt-4o' };
    await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ ...base, provider_key_id: keys.foreign })
      .expect(404);
    await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ ...base, provider_key_id: 'pk_01JD8X0Q5W3V7N2K4M6P8R9T1A' })
      .expect(404);
    await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ ...base, provider_key_id: 'key-1' })
      .expect(400);
  });

  it('should not let a key in use be deleted', async () => {
    const agent = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Holds it', data_source_ids: [], model: 'gpt-4o', provider_key_id: keys.openai })
      .expect(201);
    const refused = await api()
      .delete(`/api/v1/provider-keys/${keys.openai}`)
      .set(...bearer(org.adminKey));
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(agent.body.id as string);
  });

  it('should end a key given to an agent as it is deleted in one of the two serial outcomes, never with the agent holding a deleted key', async () => {
    const agent = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Races', data_source_ids: [], model: 'gpt-4o' })
      .expect(201);
    for (let round = 0; round < 5; round++) {
      const key = await createKey(org, 'openai');
      const [given, deleted] = await Promise.all([
        api()
          .put(`/api/v1/agents/${agent.body.id}`)
          .set(...bearer(org.adminKey))
          .send({ provider_key_id: key }),
        api()
          .delete(`/api/v1/provider-keys/${key}`)
          .set(...bearer(org.adminKey)),
      ]);
      // Either the agent took the key first (and the delete is refused), or the delete came first (and the key is unknown).
      expect([`${given.status} ${deleted.status}`]).toEqual([expect.stringMatching(/^(200 409|404 204)$/)]);
      if (given.status === 200) {
        await api()
          .put(`/api/v1/agents/${agent.body.id}`)
          .set(...bearer(org.adminKey))
          .send({ provider_key_id: null })
          .expect(200);
      }
    }
  });
});
