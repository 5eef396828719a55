import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataSource } from '#src/common/database/data-source.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { OAuthClientEntity } from '#src/modules/oauth/clients/oauth-client.entity.js';
import { UserEntity } from '#src/modules/users/user.entity.js';
import { createTestDatabase, embeddedTemplateData } from '#test/utils/test-database.js';

class Users extends OrgScopedRepository<UserEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, UserEntity);
  }
}

class Clients extends OrgScopedRepository<OAuthClientEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, OAuthClientEntity);
  }
}

describe('OrgScopedRepository.updateWhere', () => {
  let dataSource: DataSource;
  let dropDatabase: () => Promise<void>;
  let sqlClient: SqlClient;
  let users: Users;

  beforeAll(async () => {
    Logger.overrideLogger(['error', 'warn']);
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    dataSource = await openDataSource({
      database: database.url ? { kind: 'postgres', url: database.url, poolSize: 2 } : { kind: 'pglite', dataDir: undefined, startFrom: embeddedTemplateData() },
      migrationsRun: true,
    });
    sqlClient = new SqlClient(dataSource);
    users = new Users(dataSource, sqlClient);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase?.();
  });

  async function organization(): Promise<string> {
    const id = newId('organization');
    await sqlClient.query(`INSERT INTO organization (id, name, plan, settings) VALUES ($1, 'Org', 'free', '{}')`, [id]);
    return id;
  }

  async function user(orgId: string, role: UserEntity['role']): Promise<UserEntity> {
    const email = `${newId('user').toLowerCase()}@example.com`;
    return users.insert(orgId, Object.assign(new UserEntity(), { id: newId('user'), orgId, email, name: null, role, passwordHash: null }));
  }

  it("should change only the organization's rows that match, and count them", async () => {
    const [mine, theirs] = [await organization(), await organization()];
    const [reader, writer, admin] = [await user(mine, 'readonly'), await user(mine, 'train'), await user(mine, 'admin')];
    const other = await user(theirs, 'readonly');

    expect(await users.updateWhere(mine, sql`role <> 'admin'`, { name: 'changed' })).toBe(2);

    expect((await users.findById(mine, reader.id))?.name).toBe('changed');
    expect((await users.findById(mine, writer.id))?.name).toBe('changed');
    expect((await users.findById(mine, admin.id))?.name).toBeNull();
    expect((await users.findById(theirs, other.id))?.name).toBeNull();
    // Another organization's row by its id is no row at all.
    expect(await users.updateWhere(mine, sql`id = ${other.id}`, { name: 'stolen' })).toBe(0);
    expect((await users.findById(theirs, other.id))?.name).toBeNull();
  });

  it('should stamp the update time unless told one, and take SQL expressions as values', async () => {
    const orgId = await organization();
    const created = await user(orgId, 'readonly');
    const chosen = new Date('2001-02-03T04:05:06.789Z');
    await users.updateWhere(orgId, sql`id = ${created.id}`, { updatedAt: chosen });
    expect((await users.findById(orgId, created.id))!.updatedAt.toISOString()).toBe(chosen.toISOString());

    await users.updateWhere(orgId, sql`id = ${created.id}`, { name: 'stamped' });
    const stamped = (await users.findById(orgId, created.id))!.updatedAt;
    expect(stamped.getTime()).toBeGreaterThanOrEqual(created.createdAt.getTime());

    await users.updateWhere(orgId, sql`id = ${created.id}`, { name: sql`upper(email)` });
    expect((await users.findById(orgId, created.id))!.name).toBe(created.email.toUpperCase());
  });

  it('should write values as their columns store them (a JSON array stays JSON) and take part in a transaction', async () => {
    const orgId = await organization();
    const clients = new Clients(dataSource, sqlClient);
    const client = Object.assign(new OAuthClientEntity(), {
      id: newId('oauthClient'),
      orgId,
      name: 'CLI',
      type: 'public',
      redirectUris: ['https://a.example/cb'],
      scopes: ['read'],
      secretHash: null,
    });
    await clients.insert(orgId, client);
    const redirectUris = ['https://b.example/cb', 'http://127.0.0.1:5000/cb'];

    await expect(
      new TransactionRunner(dataSource).run(async (tx) => {
        expect(await clients.updateWhere(orgId, sql`id = ${client.id}`, { redirectUris }, tx)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await clients.findById(orgId, client.id))!.redirectUris).toEqual(['https://a.example/cb']);

    await new TransactionRunner(dataSource).run((tx) => clients.updateWhere(orgId, sql`id = ${client.id}`, { redirectUris }, tx));
    expect((await clients.findById(orgId, client.id))!.redirectUris).toEqual(redirectUris);
  });
});
