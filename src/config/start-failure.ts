import { ConfigError } from '#src/config/config-error.js';

/**
 * What a process that could not start prints: a setting it cannot start with is said in one line naming
 * the setting (its stack would only bury it); anything else, with its stack.
 */
export function startFailureText(error: unknown): string {
  if (error instanceof ConfigError) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
