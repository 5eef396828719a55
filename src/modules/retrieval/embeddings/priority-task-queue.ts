import { queueOptionsSymbol, type TaskQueue } from 'piscina';

type Task = Parameters<TaskQueue['push']>[0];

export type TaskPriority = 'high' | 'normal';

/** Set on a task passed to `Piscina.run` (structured cloning drops symbol keys, so the worker never sees it). */
export interface PriorityQueueOptions {
  priority: TaskPriority;
}

export function withPriority<T extends object>(task: T, priority: TaskPriority): T {
  return Object.assign(task, { [queueOptionsSymbol]: { priority } satisfies PriorityQueueOptions });
}

/**
 * Piscina task queue with two levels, first in first out within each: every waiting `high` task runs before
 * any waiting `normal` one. The local embedder queues query embeddings (someone is waiting on an answer)
 * ahead of document batches (an ingestion of thousands of chunks), so a query waits at most for the batches
 * already running.
 */
export class PriorityTaskQueue implements TaskQueue {
  private readonly high: Task[] = [];
  private readonly normal: Task[] = [];

  get size(): number {
    return this.high.length + this.normal.length;
  }

  push(task: Task): void {
    this.levelOf(task).push(task);
  }

  /** Piscina puts back a task it took but could not start. */
  unshift(task: Task): void {
    this.levelOf(task).unshift(task);
  }

  shift(): Task | null {
    return this.high.shift() ?? this.normal.shift() ?? null;
  }

  remove(task: Task): void {
    const level = this.levelOf(task);
    const index = level.indexOf(task);
    if (index !== -1) {
      level.splice(index, 1);
    }
  }

  private levelOf(task: Task): Task[] {
    const options = task[queueOptionsSymbol] as Partial<PriorityQueueOptions> | null;
    return options?.priority === 'high' ? this.high : this.normal;
  }
}
