import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';

/**
 * A signal aborted when the client closes the connection before its response is complete: the response's
 * own `close` (the request's fires as soon as its body has been read), or at once if it has already closed.
 */
export function clientGoneSignal(response: Response): AbortSignal {
  const gone = new AbortController();
  const abort = (): void => gone.abort(new Error('The client closed the connection'));
  if (response.destroyed && !response.writableFinished) {
    abort();
  } else {
    response.once('close', () => {
      if (!response.writableFinished) {
        abort();
      }
    });
  }
  return gone.signal;
}

/** The request's clientGoneSignal, for handlers whose work should stop when nobody waits for it any more. */
export const ClientGone = createParamDecorator((_data: unknown, context: ExecutionContext): AbortSignal =>
  clientGoneSignal(context.switchToHttp().getResponse<Response>()),
);
