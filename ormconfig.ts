import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '#src/common/database/data-source.js';
import { loadConfig } from '#src/config/app-config.js';

/** The data source the TypeORM CLI uses (`npm run migration:generate`, `migration:run`, `migration:check`). */
export default new DataSource(buildDataSourceOptions(loadConfig().database));
