import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataSourceOptions } from '#src/common/database/data-source.js';
import { ChunkTsvInline1795330000000 } from '#src/common/database/migrations/1795330000000-ChunkTsvInline.js';
import { MIGRATIONS } from '#src/common/database/migrations/index.js';
import { adminQuery, SERVER_URL, withDatabase } from '#test/utils/test-database.js';

describe('migrations', () => {
  let dataSource: DataSource;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (SERVER_URL) {
      const name = `aqs_migrations_${process.pid}`;
      await adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(SERVER_URL, `CREATE DATABASE "${name}"`);
      drop = () => adminQuery(SERVER_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      dataSource = new DataSource(buildDataSourceOptions({ kind: 'postgres', url: withDatabase(SERVER_URL, name), poolSize: 2 }));
    } else {
      dataSource = new DataSource(buildDataSourceOptions({ kind: 'pglite', dataDir: undefined }));
    }
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await drop();
  });

  const tables = async (): Promise<string[]> =>
    (
      await dataSource.query<Array<{ table_name: string }>>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      )
    ).map((row) => row.table_name);

  it('should apply every migration, revert them all, and apply them again', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    const schema = await tables();
    expect(schema).toEqual(
      expect.arrayContaining(['agent', 'api_key', 'event', 'interaction', 'kb_article', 'kb_article_version', 'organization', 'user', 'migrations']),
    );

    for (let i = 0; i < MIGRATIONS.length; i++) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    expect(await tables()).toEqual(['migrations', 'typeorm_metadata']);

    await dataSource.runMigrations({ transaction: 'each' });
    expect(await tables()).toEqual(schema);
  });

  it('should leave the schema exactly as the entities describe it', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it("should keep each chunk's tsvector in the row, where keyword search reads it", async () => {
    // One connection throughout: the embedded database has only one.
    const runner = dataSource.createQueryRunner();
    const storage = async (): Promise<string> => {
      const [row] = (await runner.query(`SELECT attstorage AS storage FROM pg_attribute WHERE attrelid = 'chunk'::regclass AND attname = 'tsv'`)) as Array<{
        storage: string;
      }>;
      return row.storage;
    };
    const migration = new ChunkTsvInline1795330000000();
    try {
      expect(await storage()).toBe('m');
      await migration.down(runner);
      expect(await storage()).toBe('x');
      await migration.up(runner);
      expect(await storage()).toBe('m');
    } finally {
      await runner.release();
    }
  });

  it('should have the pgvector extension available', async () => {
    const [row] = await dataSource.query<Array<{ distance: number }>>(`SELECT '[1,0]'::vector <=> '[0,1]'::vector AS distance`);
    expect(row.distance).toBeCloseTo(1);
  });
});
