import type { INestApplicationContext } from '@nestjs/common';
import type { AppConfig } from '#src/config/app-config.js';
import type { AppLogger } from '#src/common/logging/logger.js';

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the stores,
 * exit 0. Answers being generated get half of SHUTDOWN_TIMEOUT_MS, then are stopped and recorded failed
 * (AnswersInFlight), so that none outlasts the process. If the whole takes longer than
 * SHUTDOWN_TIMEOUT_MS, exit 1 anyway.
 */
export function closeOnSignals(app: INestApplicationContext, config: AppConfig, logger: AppLogger): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'Shutting down');
      setTimeout(() => {
        logger.error({ timeout_ms: config.http.shutdownTimeoutMs }, 'Shutdown deadline passed; exiting');
        process.exit(1);
      }, config.http.shutdownTimeoutMs).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'Shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
