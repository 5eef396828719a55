import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationKeyContext, type AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { InteractionLifecycle, type InteractionOpening } from '#src/modules/interactions/interaction-lifecycle.js';
import { InteractionsService } from '#src/modules/interactions/interactions.service.js';
import { createOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

describe('the interaction lifecycle', () => {
  let t: TestApp;
  let dropDatabase: () => Promise<void>;
  let lifecycle: InteractionLifecycle;
  let auth: AuthContext;

  const opening = (query: string): InteractionOpening => ({
    agentId: newId('agent'),
    sessionId: newId('session'),
    query,
    ragStrategy: 'hybrid',
    model: 'extractive',
  });
  const open = (query: string) => t.app.get(TransactionRunner).run((tx) => lifecycle.open(auth, opening(query), tx));

  /** The events recorded for an interaction, oldest first, with the status each carried. */
  const eventsOf = async (interactionId: string): Promise<Array<[string, unknown]>> => {
    const rows = await t.app
      .get(DataSource)
      .query<Array<{ type: string; status: unknown }>>(
        `SELECT type, data->'interaction'->>'status' AS status FROM event WHERE org_id = $1 AND data->'interaction'->>'id' = $2 ORDER BY created_at, id`,
        [auth.orgId, interactionId],
      );
    return rows.map((row) => [row.type, row.status]);
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    t = await createTestApp({ databaseUrl: database.url });
    lifecycle = t.app.get(InteractionLifecycle);
    auth = organizationKeyContext((await createOrg(t.app)).orgId, newId('apiKey'));
  });

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
  });

  it('should open a pending interaction with interaction.created in the caller\u2019s transaction, and neither when it rolls back', async () => {
    const opened = await open('Where is the invoice?');
    expect(await t.app.get(InteractionsService).get(auth, opened.id)).toMatchObject({
      status: 'pending',
      query: 'Where is the invoice?',
      apiKeyId: auth.credential.id,
    });
    expect(await eventsOf(opened.id)).toEqual([['interaction.created', 'PENDING']]);

    let rolledBack = '';
    await expect(
      t.app.get(TransactionRunner).run(async (tx) => {
        rolledBack = (await lifecycle.open(auth, opening('Never asked'), tx)).id;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(t.app.get(InteractionsService).get(auth, rolledBack)).rejects.toThrow(/not found/);
    expect(await eventsOf(rolledBack)).toEqual([]);
  });

  it('should record an answer with interaction.completed, and a failure with its reason and no event', async () => {
    const answered = await open('How do I reset my password?');
    const startedAt = performance.now() - 250;
    const completed = await lifecycle.complete(
      answered,
      { response: 'Use the reset link [1].', sources: [], citationCount: 1, tokensInput: 12, tokensOutput: 7, costUsd: 0 },
      startedAt,
    );
    expect(completed.latencyMs).toBeGreaterThanOrEqual(250);
    expect(await t.app.get(InteractionsService).get(auth, answered.id)).toMatchObject({
      status: 'completed',
      response: 'Use the reset link [1].',
      citationCount: 1,
      tokensInput: 12,
      latencyMs: completed.latencyMs,
    });
    expect(await eventsOf(answered.id)).toEqual([
      ['interaction.created', 'PENDING'],
      ['interaction.completed', 'COMPLETED'],
    ]);

    const unanswered = await open('Why is the sky blue?');
    await lifecycle.fail(unanswered, 'The provider could not be reached', performance.now());
    expect(await t.app.get(InteractionsService).get(auth, unanswered.id)).toMatchObject({
      status: 'failed',
      error: 'The provider could not be reached',
      response: '',
    });
    expect(await eventsOf(unanswered.id)).toEqual([['interaction.created', 'PENDING']]);
  });
});
