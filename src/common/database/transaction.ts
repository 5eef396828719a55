import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A running transaction: its EntityManager, and work to do only once it has committed. */
export class Tx {
  private readonly committed: Array<() => void | Promise<void>> = [];

  constructor(readonly manager: EntityManager) {}

  afterCommit(callback: () => void | Promise<void>): void {
    this.committed.push(callback);
  }

  /** @internal */
  takeCommitCallbacks(): Array<() => void | Promise<void>> {
    return this.committed.splice(0);
  }
}

@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger('TransactionRunner');

  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction; after-commit callbacks run once it has committed, never after a rollback. */
  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let tx: Tx | undefined;
    const result = await this.dataSource.transaction(async (manager) => {
      tx = new Tx(manager);
      return work(tx);
    });
    for (const callback of tx?.takeCommitCallbacks() ?? []) {
      try {
        await callback();
      } catch (error) {
        this.logger.error({ err: error }, 'After-commit callback failed');
      }
    }
    return result;
  }
}
