import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig, DatabaseConfig } from '#src/config/app-config.js';
import { ConfigError } from '#src/config/config-error.js';
import { ENTITIES } from '#src/common/database/entities.js';
import { MIGRATIONS } from '#src/common/database/migrations/index.js';
import { pgliteDriverModule } from '#src/common/database/pglite-pool.js';
import { SnakeNamingStrategy } from '#src/common/database/snake-naming.strategy.js';
import { TypeOrmNestLogger } from '#src/common/database/typeorm-logger.js';
import { ensurePrivateFolder } from '#src/common/files/private-folder.js';

/** Arbitrary, fixed: the advisory lock that serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 724_311_902;

export function buildDataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    logger: new TypeOrmNestLogger(),
    logging: ['error', 'warn', 'migration'] as ('error' | 'warn' | 'migration')[],
    maxQueryExecutionTime: 1_000,
  };
  if (database.kind === 'postgres') {
    return {
      ...common,
      url: database.url,
      // Counts and bigint columns as numbers, as PGlite returns them.
      parseInt8: true,
      poolSize: database.poolSize,
      applicationName: 'agent-query-service',
      extra: { idleTimeoutMillis: 30_000 },
    };
  }
  if (database.dataDir) {
    ensurePrivateFolder(database.dataDir);
  }
  return {
    ...common,
    driver: pgliteDriverModule(database.dataDir, database.startFrom),
    // PGlite has one session: a second checkout from inside a transaction would wait forever.
    poolSize: 1,
  };
}

/**
 * Opens the data source and brings the schema up to date; only one instance migrates at a time. With
 * MIGRATIONS_RUN=false a process that serves (`requireMigrated`) refuses a schema that is behind its code.
 */
export async function openDataSource(config: Pick<AppConfig, 'database' | 'migrationsRun'>, options: { requireMigrated?: boolean } = {}): Promise<DataSource> {
  const dataSource = new DataSource(buildDataSourceOptions(config.database));
  try {
    await dataSource.initialize();
  } catch (error) {
    throw unopenedDatabase(config.database, error);
  }
  if (config.migrationsRun) {
    await runMigrations(dataSource, config.database);
  } else if (options.requireMigrated && (await dataSource.showMigrations())) {
    await dataSource.destroy();
    throw new ConfigError(
      'Invalid configuration: MIGRATIONS_RUN=false and the database has migrations to apply: run them first (node dist/src/cli.js migrate, or npm run migration:run)',
    );
  }
  return dataSource;
}

/** A database the process cannot open, said in one line naming the setting (without its credentials). */
function unopenedDatabase(database: DatabaseConfig, error: unknown): Error {
  if (error instanceof ConfigError) {
    return error;
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (database.kind === 'pglite') {
    return new ConfigError(`Cannot open the embedded database in ${database.dataDir ?? 'memory'} (DATA_DIR): ${reason}`);
  }
  const url = new URL(database.url);
  return new ConfigError(`Cannot open the database of DATABASE_URL (${url.host}${url.pathname}): ${reason}`);
}

export async function runMigrations(dataSource: DataSource, database: DatabaseConfig): Promise<string[]> {
  if (database.kind === 'pglite') {
    return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
  }
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lock.release();
  }
}
