import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrossOrganizationWriteError } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { ConnectorCredentialEntity } from '#src/modules/connectors/oauth/connector-credential.entity.js';
import { ConnectorCredentialsRepository } from '#src/modules/connectors/oauth/connector-credentials.repository.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { createOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

// A table keyed by another column than `id`: connector credentials, one row per data source.
describe('an organization-scoped repository keyed by another column', () => {
  let t: TestApp;
  let dropDatabase: () => Promise<void>;
  let credentials: ConnectorCredentialsRepository;
  let transactions: TransactionRunner;
  let orgA: string;
  let orgB: string;
  let sourceA1: string;
  let sourceA2: string;
  let sourceB: string;

  const connectorSource = async (orgId: string): Promise<string> => {
    const source = Object.assign(new DataSourceEntity(), {
      id: newId('dataSource'),
      orgId,
      type: 'slack',
      name: 'Workspace',
      config: {},
      syncFrequency: 'manual',
      status: 'Connected',
      error: null,
      lastSyncedAt: null,
    });
    await t.app.get(DataSourcesRepository).insert(orgId, source);
    return source.id;
  };

  const credential = (orgId: string, dataSourceId: string, account: string): ConnectorCredentialEntity =>
    Object.assign(new ConnectorCredentialEntity(), {
      dataSourceId,
      orgId,
      accessToken: { ciphertext: `sealed-${account}`, keyId: 'k1' },
      refreshToken: null,
      expiresAt: new Date('2030-01-01T00:00:00.000Z'),
      scope: 'read',
      account,
    });

  /** Every credential row as stored, whichever organization it belongs to. */
  const stored = async (): Promise<Record<string, { orgId: string; account: string | null; scope: string | null }>> => {
    const rows = await t.app
      .get(DataSource)
      .query<Array<{ data_source_id: string; org_id: string; account: string | null; scope: string | null }>>(
        'SELECT data_source_id, org_id, account, scope FROM connector_credential',
      );
    return Object.fromEntries(rows.map((row) => [row.data_source_id, { orgId: row.org_id, account: row.account, scope: row.scope }]));
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    t = await createTestApp({ databaseUrl: database.url });
    credentials = t.app.get(ConnectorCredentialsRepository);
    transactions = t.app.get(TransactionRunner);
    [orgA, orgB] = [(await createOrg(t.app)).orgId, (await createOrg(t.app)).orgId];
    [sourceA1, sourceA2, sourceB] = [await connectorSource(orgA), await connectorSource(orgA), await connectorSource(orgB)];
    await credentials.insert(orgA, credential(orgA, sourceA1, 'a1'));
    await credentials.insert(orgA, credential(orgA, sourceA2, 'a2'));
    await credentials.insert(orgB, credential(orgB, sourceB, 'b'));
  });

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
  });

  it('should find and lock a row by its key, and only in its own organization', async () => {
    expect((await credentials.findById(orgA, sourceA1))?.account).toBe('a1');
    expect(await credentials.findById(orgB, sourceA1)).toBeNull();
    await transactions.run(async (tx) => {
      expect((await credentials.lockById(orgA, sourceA2, tx))?.account).toBe('a2');
      expect(await credentials.lockById(orgA, sourceB, tx)).toBeNull();
    });
  });

  it('should save and update exactly the row of that key, never another organization\u2019s', async () => {
    const before = await stored();
    const row = (await credentials.findById(orgA, sourceA1))!;
    row.account = 'a1 renamed';
    await transactions.run((tx) => credentials.save(orgA, row, tx));
    expect(await credentials.update(orgB, sourceA2, { account: 'taken over' })).toBe(false);
    await expect(transactions.run((tx) => credentials.save(orgB, row, tx))).rejects.toThrow(CrossOrganizationWriteError);
    expect(await stored()).toEqual({ ...before, [sourceA1]: { ...before[sourceA1], account: 'a1 renamed' } });

    expect(await credentials.updateWhere(orgA, EVERY_ROW, { scope: 'write' })).toBe(2);
    expect(await credentials.updateWhere(orgA, sql`account = ${'a2'}`, { scope: 'admin' })).toBe(1);
    expect(Object.values(await stored()).map(({ orgId, scope }) => [orgId === orgA ? 'A' : 'B', scope])).toEqual(
      expect.arrayContaining([
        ['A', 'write'],
        ['A', 'admin'],
        ['B', 'read'],
      ]),
    );
  });

  it('should delete by key only within the organization', async () => {
    expect(await credentials.delete(orgB, sourceA1)).toBe(false);
    expect(await credentials.delete(orgA, sourceA1)).toBe(true);
    expect(Object.keys(await stored()).sort()).toEqual([sourceA2, sourceB].sort());
    expect(await credentials.count(orgA)).toBe(1);
  });
});
