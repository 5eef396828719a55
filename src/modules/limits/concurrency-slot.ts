import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { finalize, type Observable } from 'rxjs';

const SLOT = Symbol('concurrencySlot');

interface Slot {
  release: () => void;
  responseOver: boolean;
  handling: boolean;
}

type RequestWithSlot = Request & { [SLOT]?: Slot };

/**
 * Holds an admitted request's concurrency slot until its response is over and its handler has returned,
 * whichever comes last. A client that goes away ends the response at once, but not the work begun for it
 * (a provider call being stopped, an answer's failure being recorded): the slot stays taken until that has
 * ended too, so the plan's concurrent requests bound the work running, not only the connections open.
 */
export function holdSlot(request: Request, response: Response, release: () => void): void {
  const slot: Slot = { release, responseOver: false, handling: false };
  (request as RequestWithSlot)[SLOT] = slot;
  // 'close' comes once, after the last byte is sent or when the client goes away first.
  response.once('close', () => {
    slot.responseOver = true;
    if (!slot.handling) {
      release();
    }
  });
}

/** Marks the handler's run for holdSlot: the slot of a request whose response is over goes when its handler returns. */
@Injectable()
export class ConcurrencySlotInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const slot = context.switchToHttp().getRequest<RequestWithSlot>()[SLOT];
    if (slot === undefined) {
      return next.handle();
    }
    slot.handling = true;
    return next.handle().pipe(
      finalize(() => {
        slot.handling = false;
        if (slot.responseOver) {
          slot.release();
        }
      }),
    );
  }
}
