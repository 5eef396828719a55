import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#src/common/errors/app.error.js';

/** A UTF-16 code unit of a surrogate pair standing alone: in a `u` regular expression a whole pair is one code point, not a surrogate. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Refuses a parsed JSON body holding a string (or a key) with an unpaired surrogate, such as `"\ud800"`:
 * JSON may escape one, but no UTF-8 text can hold it, so the database refused it deep inside a request
 * with an error naming no field, or the service would have stored something else than was sent.
 */
export function refuseUnpairedSurrogates(request: Request, _response: Response, next: NextFunction): void {
  const field = unpairedSurrogateAt(request.body as unknown);
  if (field !== undefined) {
    const message = 'must be Unicode text: it holds an unpaired surrogate (such as \\ud800)';
    next(AppError.invalid(`${field} ${message}`, { [field]: [message] }));
    return;
  }
  next();
}

/** The path (`query`, `config.urls[2]`) of the first string or key with an unpaired surrogate, walked without recursion. */
export function unpairedSurrogateAt(body: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNPAIRED_SURROGATE.test(value)) {
        return path || 'body';
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const at = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
      if (UNPAIRED_SURROGATE.test(key)) {
        return path || 'body';
      }
      stack.push({ value: child, path: at });
    }
  }
  return undefined;
}
