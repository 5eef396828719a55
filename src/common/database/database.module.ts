import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '#src/config/app-config.js';
import { openDataSource } from '#src/common/database/data-source.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';

class DataSourceCloser {
  constructor(
    private readonly dataSource: DataSource,
    private readonly owned: boolean,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.owned && this.dataSource.isInitialized) {
      await this.dataSource.destroy();
    }
  }
}

/** The TypeORM DataSource (PostgreSQL, or embedded PGlite), opened and migrated before anything else starts. */
@Global()
@Module({})
export class DatabaseModule {
  /**
   * `existing` lets several app instances share one data source (tests); it is then not closed here.
   * `requireMigrated`: a process that serves refuses a schema MIGRATIONS_RUN=false left behind its code.
   */
  static forRoot(config: AppConfig, existing?: DataSource, options: { requireMigrated?: boolean } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DataSource, useFactory: () => existing ?? openDataSource(config, options) },
        { provide: DataSourceCloser, useFactory: (dataSource: DataSource) => new DataSourceCloser(dataSource, existing === undefined), inject: [DataSource] },
        TransactionRunner,
        SqlClient,
      ],
      exports: [DataSource, TransactionRunner, SqlClient],
    };
  }
}
