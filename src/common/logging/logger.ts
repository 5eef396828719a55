import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '#src/config/app-config.js';

export const LOGGER = Symbol('LOGGER');
export type AppLogger = Logger;

/** Paths never written to logs, whatever logs them. Keys, secrets and session tokens are credentials. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'authorization',
  'password',
  'secret',
  'api_key',
  'apiKey',
  'key',
  'token',
  '*.authorization',
  '*.password',
  '*.secret',
  '*.api_key',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.access_token',
  '*.refresh_token',
];

export function createLogger(config: Pick<AppConfig, 'log'>, destination: pino.DestinationStream = pino.destination({ fd: 1, sync: false })): AppLogger {
  return pino(
    {
      level: config.log.level,
      base: { service: 'agent-query-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}

/** Start-up chatter (one line per module and route) belongs at debug level. */
const NOISY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Routes NestJS's own framework messages into the same JSON log stream. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write(NOISY_CONTEXTS.has(String(params.at(-1))) ? 'debug' : 'info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  setLogLevels(_levels: LogLevel[]): void {}

  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...message }, typeof params[0] === 'string' ? params[0] : undefined);
    } else {
      const stack = typeof params[0] === 'string' && level === 'error' ? { stack: params[0] } : {};
      this.logger[level]({ ...fields, ...stack }, String(message));
    }
  }
}
