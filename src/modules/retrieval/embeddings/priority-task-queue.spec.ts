import { queueOptionsSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { PriorityTaskQueue, withPriority, type TaskPriority } from '#src/modules/retrieval/embeddings/priority-task-queue.js';

type QueuedTask = Parameters<PriorityTaskQueue['push']>[0];

/** What Piscina queues: an object exposing the task's queue options under queueOptionsSymbol. */
function task(priority: TaskPriority | undefined, label: string): QueuedTask & { label: string } {
  return { label, [queueOptionsSymbol]: priority === undefined ? null : { priority } };
}

function drain(queue: PriorityTaskQueue): string[] {
  const labels: string[] = [];
  for (let next = queue.shift(); next !== null; next = queue.shift()) {
    labels.push((next as QueuedTask & { label: string }).label);
  }
  return labels;
}

describe('PriorityTaskQueue', () => {
  it('should hand out every high-priority task first, each level in arrival order', () => {
    const queue = new PriorityTaskQueue();
    for (const [priority, label] of [
      ['normal', 'n1'],
      ['high', 'h1'],
      [undefined, 'n2'],
      ['normal', 'n3'],
      ['high', 'h2'],
    ] as const) {
      queue.push(task(priority, label));
    }

    expect(queue.size).toBe(5);
    expect(drain(queue)).toEqual(['h1', 'h2', 'n1', 'n2', 'n3']);
    expect(queue.size).toBe(0);
  });

  it('should put a task back at the front of its level and remove a task wherever it waits', () => {
    const queue = new PriorityTaskQueue();
    const [n1, n2, h1] = [task('normal', 'n1'), task('normal', 'n2'), task('high', 'h1')];
    queue.push(n1);
    queue.push(n2);
    queue.push(h1);

    queue.remove(n1);
    queue.unshift(task('normal', 'n0'));

    expect(drain(queue)).toEqual(['h1', 'n0', 'n2']);
  });

  it('should mark a task without changing what the worker receives', () => {
    const marked = withPriority({ texts: ['a'] }, 'high');

    expect((marked as unknown as Record<symbol, unknown>)[queueOptionsSymbol]).toEqual({ priority: 'high' });
    // What postMessage sends: the same structured clone, which drops symbol keys.
    const sent = structuredClone(marked);
    expect(sent).toEqual({ texts: ['a'] });
    expect(Object.getOwnPropertySymbols(sent)).toEqual([]);
  });
});
