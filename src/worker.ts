import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '#src/app.module.js';
import { loadConfig } from '#src/config/app-config.js';
import { closeOnSignals } from '#src/common/lifecycle/shutdown.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { startFailureText } from '#src/config/start-failure.js';

/** Queue consumers (ingestion, scheduled syncs, webhook delivery), with no HTTP server. */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  if (!config.redis) {
    logger.error('The worker needs REDIS_URL. Without it, jobs run inside the api process (npm start) and no worker is needed.');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { role: 'worker' }), {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  closeOnSignals(app, config, logger);
  logger.info({ database: config.database.kind }, 'Worker started');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${startFailureText(error)}\n`);
  process.exit(1);
});
