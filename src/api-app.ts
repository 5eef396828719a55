import type { HttpsOptions } from '@nestjs/common/interfaces/external/https-options.interface.js';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '#src/app.module.js';
import type { AppConfig } from '#src/config/app-config.js';
import { configureHttp } from '#src/common/http/configure-http.js';
import { NestPinoLogger, type AppLogger } from '#src/common/logging/logger.js';

/** The api process's application, configured but not yet listening (main.ts and the benchmarks). */
export async function createApiApp(config: AppConfig, logger: AppLogger): Promise<NestExpressApplication> {
  const tls = config.http.tls;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, { role: 'api' }), {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
    // A module that cannot start rejects, so that the caller says why in one line (main.ts) rather than Nest exiting.
    abortOnError: false,
    // minVersion is passed through to https.createServer; Nest's type just does not list it.
    httpsOptions: tls ? ({ cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' } as HttpsOptions) : undefined,
  });
  configureHttp(app, config, logger);
  return app;
}
