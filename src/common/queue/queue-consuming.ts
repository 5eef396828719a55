/** Whether this process runs jobs (QueueModule's `consume` option): the worker, or the api on the embedded default. */
export const QUEUE_CONSUMING = Symbol('QUEUE_CONSUMING');
