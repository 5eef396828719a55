import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#src/common/errors/app.error.js';

/** Deeper than any body the API takes (its deepest, a webhook or agent body, nests three or four levels). */
export const MAX_BODY_DEPTH = 32;

/**
 * Refuses a parsed JSON body that nests deeper than MAX_BODY_DEPTH, before anything walks it: validation
 * and transformation recurse once per level, and a body of a few thousand levels overflowed their stack
 * (a 500). Measured without recursion, so the check itself cannot overflow.
 */
export function limitBodyDepth(request: Request, _response: Response, next: NextFunction): void {
  const depth = depthOf(request.body as unknown, MAX_BODY_DEPTH + 1);
  if (depth > MAX_BODY_DEPTH) {
    next(AppError.invalid(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`, { body: [`nests deeper than ${MAX_BODY_DEPTH} levels`] }));
    return;
  }
  next();
}

/** How deep a JSON value nests (a scalar 0, `[]` or `{}` 1), counted up to `stopAt`. */
export function depthOf(value: unknown, stopAt: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) {
      continue;
    }
    const inner = depth + 1;
    deepest = Math.max(deepest, inner);
    if (deepest >= stopAt) {
      return deepest;
    }
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: inner });
      }
    }
  }
  return deepest;
}
