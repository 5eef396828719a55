/** How to stop what a test started: `add` registers it as it starts. */
export interface Teardown {
  /** Registers how to stop `started`, and answers it. */
  add<T>(started: T, stop: (value: T) => Promise<unknown>): T;
}

/**
 * Runs `body`, then stops everything it registered, in reverse order, each step even when an earlier one
 * fails (a process left running outlives the test run). A failure of `body` wins over those of the steps.
 */
export async function withTeardown(body: (teardown: Teardown) => Promise<void>): Promise<void> {
  const steps: Array<() => Promise<unknown>> = [];
  const teardown: Teardown = {
    add: (started, stop) => {
      steps.push(() => stop(started));
      return started;
    },
  };
  const failures: unknown[] = [];
  try {
    await body(teardown);
  } catch (error) {
    failures.push(error);
  }
  for (const step of steps.reverse()) {
    await step().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) {
    throw failures[0];
  }
}
