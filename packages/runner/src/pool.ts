// A bounded pool: at most `slots` tasks at once and `maxQueue` waiting; beyond that, or after waiting
// `queueTimeoutMs`, RunnerBusyError (the API answers 429). Nothing waits for ever.
import { RunnerBusyError } from './types';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export class Pool {
  private active = 0;
  private waiting: Waiter[] = [];

  constructor(
    readonly slots: number,
    readonly maxQueue: number,
    readonly queueTimeoutMs: number,
  ) {}

  get stats() {
    return { active: this.active, waiting: this.waiting.length, slots: this.slots, maxQueue: this.maxQueue };
  }

  async use<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.slots) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new RunnerBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new RunnerBusyError());
        }, this.queueTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }
}
