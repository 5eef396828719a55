import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/common/ids/ids.js';
import { InteractionEntity, type Feedback, type InteractionSource, type InteractionStatus } from '#src/modules/interactions/interaction.entity.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';
import { expectPaginationBounds, expectVersionedError, idOf } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

const INTERACTION_FIELDS = [
  'agent_id',
  'comment',
  'cost_usd',
  'created_at',
  'error',
  'feedback',
  'id',
  'latency_ms',
  'model',
  'query',
  'rag_strategy',
  'response',
  'session_id',
  'sources',
  'status',
  'tokens_input',
  'tokens_output',
];

interface Seed {
  label: string;
  agentId: string;
  at: string;
  feedback: Feedback | null;
}

describe('interactions', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  const agentA = newId('agent');
  const agentB = newId('agent');
  const otherAgent = newId('agent');
  /** label → interaction id */
  const ids = new Map<string, string>();

  const source: InteractionSource = {
    chunkId: newId('chunk'),
    documentTitle: 'Resetting your password',
    documentUrl: 'https://docs.example.test/account/password',
    similarityScore: 0.8125,
    chunkText: 'Open Settings, then Security, then click "Reset password".',
  };

  // Newest first, as the API lists them. 2026-01-11 ends at 23:59:59.999; 2026-01-12 starts at 00:00.
  const seeds: Seed[] = [
    { label: 'i7', agentId: agentA, at: '2026-01-13T10:00:00.000Z', feedback: 'positive' },
    { label: 'i6', agentId: agentB, at: '2026-01-12T15:00:00.000Z', feedback: null },
    { label: 'i5', agentId: agentB, at: '2026-01-12T00:00:00.000Z', feedback: 'positive' },
    { label: 'i4', agentId: agentA, at: '2026-01-11T23:59:59.999Z', feedback: 'negative' },
    { label: 'i3', agentId: agentB, at: '2026-01-11T08:00:00.000Z', feedback: 'negative' },
    { label: 'i2', agentId: agentA, at: '2026-01-10T12:00:00.000Z', feedback: null },
    { label: 'i1', agentId: agentA, at: '2026-01-10T00:00:00.000Z', feedback: 'positive' },
  ];
  // Another organization, on the same days, one of them with org's agent id.
  const otherSeeds: Seed[] = [
    { label: 'o2', agentId: agentA, at: '2026-01-11T12:00:00.000Z', feedback: 'negative' },
    { label: 'o1', agentId: otherAgent, at: '2026-01-10T06:00:00.000Z', feedback: 'positive' },
  ];

  const seed = async (orgId: string, entry: Seed, index: number): Promise<void> => {
    const interaction = Object.assign(new InteractionEntity(), {
      id: newId('interaction'),
      orgId,
      agentId: entry.agentId,
      sessionId: index % 2 === 0 ? newId('session') : null,
      userId: null,
      apiKeyId: null,
      query: `Question ${entry.label}?`,
      response: `Answer ${entry.label}.`,
      sources: index % 2 === 0 ? [source] : [],
      feedback: entry.feedback,
      comment: entry.feedback === 'negative' ? `Wrong for ${entry.label}` : null,
      feedbackAt: entry.feedback ? new Date(entry.at) : null,
      latencyMs: 100 + index,
      tokensInput: 900 + index,
      tokensOutput: 140 + index,
      costUsd: 0.000224,
      ragStrategy: 'hybrid',
      model: 'extractive',
      createdAt: new Date(entry.at),
    });
    const saved = await t.app.get(InteractionsRepository).insert(orgId, interaction);
    expect(saved.createdAt.toISOString()).toBe(entry.at);
    ids.set(entry.label, saved.id);
  };

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    for (const [index, entry] of seeds.entries()) {
      await seed(org.orgId, entry, index);
    }
    for (const [index, entry] of otherSeeds.entries()) {
      await seed(other.orgId, entry, index);
    }
  });

  /** The labels listed for `query`, in the order the API gave them, after checking the total. */
  const listed = async (query: string, key = org.adminKey): Promise<string[]> => {
    const response = await request(t.http)
      .get(`/api/v1/interactions${query}`)
      .set(...bearer(key));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.total).toBe(response.body.interactions.length);
    const labels = new Map([...ids].map(([label, id]) => [id, label]));
    return response.body.interactions.map((interaction: { id: string }) => labels.get(interaction.id) ?? interaction.id);
  };

  it('should list every interaction of the organization, newest first, with its total', async () => {
    const response = await request(t.http)
      .get('/api/v1/interactions')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['interactions', 'limit', 'offset', 'total']);
    expect(response.body).toMatchObject({ total: 7, limit: 50, offset: 0 });
    expect(await listed('')).toEqual(['i7', 'i6', 'i5', 'i4', 'i3', 'i2', 'i1']);
  });

  it('should answer each interaction in snake_case, with its sources mapped', async () => {
    const response = await request(t.http)
      .get('/api/v1/interactions')
      .set(...bearer(org.adminKey))
      .expect(200);
    for (const interaction of response.body.interactions) {
      expect(Object.keys(interaction).sort()).toEqual(INTERACTION_FIELDS);
      expect(interaction.id).toMatch(idOf('int'));
    }
    const newest = response.body.interactions[0];
    expect(newest).toEqual({
      id: ids.get('i7'),
      agent_id: agentA,
      session_id: expect.stringMatching(idOf('ses')),
      query: 'Question i7?',
      response: 'Answer i7.',
      status: 'completed',
      error: null,
      sources: [
        {
          chunk_id: source.chunkId,
          document_title: 'Resetting your password',
          document_url: 'https://docs.example.test/account/password',
          similarity_score: 0.8125,
          chunk_text: 'Open Settings, then Security, then click "Reset password".',
        },
      ],
      feedback: 'positive',
      comment: null,
      latency_ms: 100,
      tokens_input: 900,
      tokens_output: 140,
      cost_usd: 0.000224,
      rag_strategy: 'hybrid',
      model: 'extractive',
      created_at: '2026-01-13T10:00:00.000Z',
    });
    const withoutSources = response.body.interactions[1];
    expect(withoutSources).toMatchObject({ id: ids.get('i6'), session_id: null, sources: [], feedback: null, comment: null });
    expect(response.body.interactions[3]).toMatchObject({
      id: ids.get('i4'),
      feedback: 'negative',
      comment: 'Wrong for i4',
      created_at: '2026-01-11T23:59:59.999Z',
    });
  });

  it('should filter by agent_id', async () => {
    expect(await listed(`?agent_id=${agentA}`)).toEqual(['i7', 'i4', 'i2', 'i1']);
    expect(await listed(`?agent_id=${agentB}`)).toEqual(['i6', 'i5', 'i3']);
    expect(await listed(`?agent_id=${newId('agent')}`)).toEqual([]);
  });

  it('should filter by start_date from 00:00 UTC of that day', async () => {
    expect(await listed('?start_date=2026-01-11')).toEqual(['i7', 'i6', 'i5', 'i4', 'i3']);
    expect(await listed('?start_date=2026-01-12')).toEqual(['i7', 'i6', 'i5']);
    expect(await listed('?start_date=2026-01-14')).toEqual([]);
    expect(await listed('?start_date=2025-12-31')).toHaveLength(7);
  });

  it('should filter by end_date up to 23:59:59.999 UTC of that day, inclusive', async () => {
    expect(await listed('?end_date=2026-01-11')).toEqual(['i4', 'i3', 'i2', 'i1']);
    expect(await listed('?end_date=2026-01-10')).toEqual(['i2', 'i1']);
    expect(await listed('?end_date=2026-01-09')).toEqual([]);
    expect(await listed('?end_date=2026-01-13')).toHaveLength(7);
  });

  it('should include both ends of a date range, and a single day when start and end are equal', async () => {
    expect(await listed('?start_date=2026-01-11&end_date=2026-01-11')).toEqual(['i4', 'i3']);
    expect(await listed('?start_date=2026-01-12&end_date=2026-01-12')).toEqual(['i6', 'i5']);
    expect(await listed('?start_date=2026-01-10&end_date=2026-01-12')).toEqual(['i6', 'i5', 'i4', 'i3', 'i2', 'i1']);
  });

  it('should filter by feedback positive, negative or null', async () => {
    expect(await listed('?feedback=positive')).toEqual(['i7', 'i5', 'i1']);
    expect(await listed('?feedback=negative')).toEqual(['i4', 'i3']);
    expect(await listed('?feedback=null')).toEqual(['i6', 'i2']);
  });

  it('should combine the filters', async () => {
    expect(await listed(`?agent_id=${agentA}&start_date=2026-01-11&end_date=2026-01-12&feedback=negative`)).toEqual(['i4']);
    expect(await listed(`?agent_id=${agentA}&feedback=positive`)).toEqual(['i7', 'i1']);
    expect(await listed(`?agent_id=${agentB}&feedback=null&end_date=2026-01-12`)).toEqual(['i6']);
    expect(await listed(`?agent_id=${agentB}&start_date=2026-01-12`)).toEqual(['i6', 'i5']);
    expect(await listed('?start_date=2026-01-10&end_date=2026-01-11&feedback=positive')).toEqual(['i1']);
    expect(await listed(`?agent_id=${agentB}&start_date=2026-01-10&end_date=2026-01-10`)).toEqual([]);
  });

  it('should paginate a filtered list and report the filter\u2019s total', async () => {
    const page = await request(t.http)
      .get(`/api/v1/interactions?agent_id=${agentA}&limit=2&offset=1`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.interactions.map((interaction: { id: string }) => interaction.id)).toEqual([ids.get('i4'), ids.get('i2')]);

    const past = await request(t.http)
      .get('/api/v1/interactions?feedback=negative&offset=5')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(past.body).toMatchObject({ interactions: [], total: 2, offset: 5 });
  });

  it('should refuse malformed dates, a start after the end and a bad agent_id or feedback with 400', async () => {
    const cases: Array<[string, string]> = [
      ['start_date=2026-02-30', 'start_date'],
      ['start_date=2026-1-5', 'start_date'],
      ['start_date=2026-01-05T00:00:00Z', 'start_date'],
      ['start_date=2026/01/05', 'start_date'],
      ['start_date=20260105', 'start_date'],
      ['start_date=yesterday', 'start_date'],
      ['start_date=', 'start_date'],
      ['start_date=2026-13-01', 'start_date'],
      ['end_date=2025-02-29', 'end_date'],
      ['end_date=2026-1-5', 'end_date'],
      ['end_date=2026-01-32', 'end_date'],
      ['start_date=2026-01-12&end_date=2026-01-11', 'start_date'],
      ['agent_id=agent-1', 'agent_id'],
      [`agent_id=${agentA.toLowerCase()}`, 'agent_id'],
      [`agent_id=${newId('user')}`, 'agent_id'],
      [`agent_id=${agentA}x`, 'agent_id'],
      [`agent_id=${agentA}&agent_id=${agentB}`, 'agent_id'],
      ['agent_id=', 'agent_id'],
      ['feedback=neutral', 'feedback'],
      ['feedback=NULL', 'feedback'],
      ['feedback=', 'feedback'],
      ['feedback=positive&feedback=negative', 'feedback'],
      ['session_id=ses_1', 'session_id'],
    ];
    for (const [query, field] of cases) {
      const response = await request(t.http)
        .get(`/api/v1/interactions?${query}`)
        .set(...bearer(org.adminKey));
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
    // A leap day is a real date.
    expect(await listed('?start_date=2024-02-29&end_date=2024-02-29')).toEqual([]);
  });

  it('should never show another organization\u2019s interactions', async () => {
    const foreign = [ids.get('o1'), ids.get('o2')];
    for (const query of [
      '',
      `?agent_id=${agentA}`,
      `?agent_id=${otherAgent}`,
      '?start_date=2026-01-10&end_date=2026-01-11',
      '?feedback=negative',
      '?limit=200',
    ]) {
      const labels = await listed(query);
      expect(labels).not.toContain('o1');
      expect(labels).not.toContain('o2');
      for (const id of foreign) {
        expect(labels).not.toContain(id);
      }
    }
    expect(await listed(`?agent_id=${otherAgent}`)).toEqual([]);
    expect(await listed('', other.adminKey)).toEqual(['o2', 'o1']);
    expect(await listed(`?agent_id=${agentA}`, other.adminKey)).toEqual(['o2']);

    for (const id of foreign) {
      expectVersionedError(
        await request(t.http)
          .get(`/api/v1/interactions/${id}`)
          .set(...bearer(org.adminKey)),
        404,
        'not_found',
      );
    }
    expectVersionedError(
      await request(t.http)
        .get(`/api/v1/interactions/${ids.get('i7')}`)
        .set(...bearer(other.adminKey)),
      404,
      'not_found',
    );
  });

  it('should get one interaction by id, as the list shows it', async () => {
    const list = await request(t.http)
      .get('/api/v1/interactions')
      .set(...bearer(org.adminKey))
      .expect(200);
    for (const interaction of list.body.interactions) {
      const response = await request(t.http)
        .get(`/api/v1/interactions/${interaction.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toEqual(interaction);
    }
  });

  it('should tell an answer still being written and one that failed, with its reason, from a completed one', async () => {
    const outcomes = await createOrg(t.app);
    const recorded = async (status: InteractionStatus, error: string | null, at: string): Promise<string> => {
      const interaction = Object.assign(new InteractionEntity(), {
        id: newId('interaction'),
        orgId: outcomes.orgId,
        agentId: agentA,
        sessionId: null,
        userId: null,
        apiKeyId: null,
        query: `Question ${status}?`,
        response: status === 'completed' ? 'Answer.' : '',
        status,
        error,
        sources: status === 'failed' ? [source] : [],
        latencyMs: status === 'pending' ? 0 : 1500,
        ragStrategy: 'hybrid',
        model: 'custom:llama',
        createdAt: new Date(at),
      });
      return (await t.app.get(InteractionsRepository).insert(outcomes.orgId, interaction)).id;
    };
    const completed = await recorded('completed', null, '2026-02-01T10:00:00.000Z');
    const failed = await recorded('failed', 'The custom model endpoint did not answer within 30000 ms', '2026-02-01T11:00:00.000Z');
    const pending = await recorded('pending', null, '2026-02-01T12:00:00.000Z');

    const list = await request(t.http)
      .get('/api/v1/interactions')
      .set(...bearer(outcomes.adminKey))
      .expect(200);
    expect(list.body.interactions).toMatchObject([
      { id: pending, status: 'pending', error: null, response: '' },
      {
        id: failed,
        status: 'failed',
        error: 'The custom model endpoint did not answer within 30000 ms',
        response: '',
        sources: [{ chunk_id: source.chunkId }],
      },
      { id: completed, status: 'completed', error: null, response: 'Answer.' },
    ]);
    for (const interaction of list.body.interactions) {
      const one = await request(t.http)
        .get(`/api/v1/interactions/${interaction.id}`)
        .set(...bearer(outcomes.adminKey))
        .expect(200);
      expect(one.body).toEqual(interaction);
    }
    const feedback = await request(t.http)
      .post(`/api/v1/interactions/${failed}/feedback`)
      .set(...bearer(outcomes.adminKey))
      .send({ feedback: 'negative' })
      .expect(200);
    expect(feedback.body).toMatchObject({
      id: failed,
      status: 'failed',
      error: 'The custom model endpoint did not answer within 30000 ms',
      feedback: 'negative',
    });
  });

  it('should answer 404 for an unknown interaction id and 400 for a malformed one', async () => {
    expectVersionedError(
      await request(t.http)
        .get(`/api/v1/interactions/${newId('interaction')}`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    for (const id of ['1', 'int_1', newId('interaction').toLowerCase(), newId('agent'), `${newId('interaction')}0`]) {
      expectVersionedError(
        await request(t.http)
          .get(`/api/v1/interactions/${id}`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
        ['id'],
      );
    }
  });

  it('should need the read scope', async () => {
    const reader = await createKey(t.app, org.orgId, { scopes: ['read'] });
    expect(await listed('', reader.key)).toHaveLength(7);
    const executor = await createKey(t.app, org.orgId, { scopes: ['execute', 'write'] });
    for (const path of ['/api/v1/interactions', `/api/v1/interactions/${ids.get('i1')}`]) {
      const response = await request(t.http)
        .get(path)
        .set(...bearer(executor.key));
      expectVersionedError(response, 403, 'forbidden');
      expect(response.body).toMatchObject({ required_scope: 'read', current_scopes: ['execute', 'write'] });
    }
  });

  it('should keep to the pagination bounds on the interaction list', async () => {
    await expectPaginationBounds({ http: t.http, path: '/api/v1/interactions', key: org.adminKey, field: 'interactions', total: 7 });
    await expectPaginationBounds({ http: t.http, path: '/api/v1/interactions?feedback=positive', key: org.adminKey, field: 'interactions', total: 3 });
  });
});
