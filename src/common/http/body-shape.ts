import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#src/common/errors/app.error.js';

/** Deeper than any body the API takes (its deepest, a webhook or agent body, nests three or four levels). */
export const MAX_BODY_DEPTH = 32;

/** A UTF-16 code unit of a surrogate pair standing alone: in a `u` regular expression a whole pair is one code point, not a surrogate. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Refuses a parsed JSON body, before anything else walks it, that
 * - nests deeper than MAX_BODY_DEPTH: validation and transformation recurse once per level, and a body of a
 *   few thousand levels overflowed their stack (a 500);
 * - holds a string or key with an unpaired surrogate (`"\ud800"`): JSON may escape one, but no UTF-8 text
 *   can hold it, so the database refused it deep inside a request with an error naming no field.
 */
export function checkBodyShape(request: Request, _response: Response, next: NextFunction): void {
  next(bodyShapeError(request.body as unknown));
}

/** The first problem of a body, walked once and without recursion (so the walk itself cannot overflow). */
export function bodyShapeError(body: unknown): AppError | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: body, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNPAIRED_SURROGATE.test(value)) {
        return unpairedSurrogate(path);
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      continue;
    }
    if (depth === MAX_BODY_DEPTH) {
      return AppError.invalid(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`, { body: [`nests deeper than ${MAX_BODY_DEPTH} levels`] });
    }
    for (const [key, child] of Object.entries(value)) {
      if (UNPAIRED_SURROGATE.test(key)) {
        return unpairedSurrogate(path);
      }
      stack.push({ value: child, depth: depth + 1, path: Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}` });
    }
  }
  return undefined;
}

function unpairedSurrogate(path: string): AppError {
  const field = path || 'body';
  const message = 'must be Unicode text: it holds an unpaired surrogate (such as \\ud800)';
  return AppError.invalid(`${field} ${message}`, { [field]: [message] });
}
