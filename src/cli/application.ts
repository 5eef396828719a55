import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { AppModule } from '#src/app.module.js';
import { loadConfig, type AppConfig } from '#src/config/app-config.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';

/** A command that cannot start says why on one line of its own (`error: …`): Nest's report of it would repeat it as a stack. */
class CommandLogger extends NestPinoLogger {
  override error(message: unknown, ...params: unknown[]): void {
    if (params.at(-1) !== 'ExceptionHandler') {
      super.error(message, ...params);
    }
  }
}

/**
 * Runs one command's work in the application (no HTTP server, no queue consumers) and closes it. Logs go
 * to stderr, above `info` unless asked for: stdout carries only the command's JSON.
 */
export async function withApplication<T>(
  work: (app: INestApplicationContext) => Promise<T>,
  configure: (config: AppConfig) => AppConfig = (config) => config,
): Promise<T> {
  const config = configure(loadConfig());
  const logger = createLogger({ log: { level: config.log.level === 'info' ? 'warn' : config.log.level } }, pino.destination({ fd: 2, sync: true }));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { role: 'cli' }), {
    logger: new CommandLogger(logger),
    abortOnError: false,
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
