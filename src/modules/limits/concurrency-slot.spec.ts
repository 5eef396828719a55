import { EventEmitter } from 'node:events';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { lastValueFrom, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ConcurrencySlotInterceptor, holdSlot } from '#src/modules/limits/concurrency-slot.js';

/** An admitted request: its response (closed by `close()`), and how many times its slot was released. */
function admitted(): { request: Request; close: () => void; context: ExecutionContext; released: () => number } {
  const request = {} as Request;
  const response = new EventEmitter();
  let releases = 0;
  holdSlot(request, response as unknown as Response, () => releases++);
  const context = { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  return { request, close: () => response.emit('close'), context, released: () => releases };
}

function handlerOf(work: Subject<unknown>): CallHandler {
  return { handle: () => work.asObservable() };
}

describe('holdSlot', () => {
  it('should free the slot when the response is over and no handler runs', () => {
    const slot = admitted();
    expect(slot.released()).toBe(0);
    slot.close();
    expect(slot.released()).toBe(1);
  });

  it('should keep the slot of a request whose client went away until its handler has returned', async () => {
    const slot = admitted();
    const work = new Subject<unknown>();
    const handled = lastValueFrom(new ConcurrencySlotInterceptor().intercept(slot.context, handlerOf(work)));
    slot.close();
    expect(slot.released()).toBe(0);
    work.error(new Error('The client closed the connection'));
    await expect(handled).rejects.toThrow('The client closed the connection');
    expect(slot.released()).toBe(1);
  });

  it('should free the slot of a handler that returned once its response is over', async () => {
    const slot = admitted();
    const work = new Subject<unknown>();
    const handled = lastValueFrom(new ConcurrencySlotInterceptor().intercept(slot.context, handlerOf(work)));
    work.next('answer');
    work.complete();
    await handled;
    expect(slot.released()).toBe(0);
    slot.close();
    expect(slot.released()).toBe(1);
  });
});
