// A bounded pool shared fairly between owners (users): at most `slots` tasks at once and `maxQueue` waiting; beyond
// that, or after waiting `queueTimeoutMs`, RunnerBusyError (the API answers 429). Nothing waits for ever.
// One owner never holds more than `ownerCap` slots (all but one when there are several), so another user's run always
// finds a slot soon; a freed slot goes to the waiting owner who holds the fewest, the oldest request first.
import { RunnerBusyError } from './types';

interface Waiter {
  owner: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

export class Pool {
  private active = 0;
  private waiting: Waiter[] = [];
  private held = new Map<string, number>();
  /** Most slots one owner may hold at once. */
  readonly ownerCap: number;

  constructor(
    readonly slots: number,
    readonly maxQueue: number,
    readonly queueTimeoutMs: number,
  ) {
    this.ownerCap = Math.max(1, slots - 1);
  }

  get stats() {
    return { active: this.active, waiting: this.waiting.length, slots: this.slots, maxQueue: this.maxQueue };
  }

  /** Runs `task` in a slot of `owner`'s ('' for runs without one). */
  async use<T>(task: () => Promise<T>, owner = ''): Promise<T> {
    await this.acquire(owner);
    try {
      return await task();
    } finally {
      this.release(owner);
    }
  }

  private holds(owner: string): number {
    return this.held.get(owner) ?? 0;
  }

  private take(owner: string) {
    this.active++;
    this.held.set(owner, this.holds(owner) + 1);
  }

  private acquire(owner: string): Promise<void> {
    if (this.active < this.slots && this.holds(owner) < this.ownerCap) {
      this.take(owner);
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new RunnerBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
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

  private release(owner: string) {
    this.active--;
    const n = this.holds(owner) - 1;
    if (n > 0) this.held.set(owner, n);
    else this.held.delete(owner);
    while (this.active < this.slots) {
      let best = -1;
      for (let i = 0; i < this.waiting.length; i++) {
        const h = this.holds(this.waiting[i].owner);
        if (h < this.ownerCap && (best < 0 || h < this.holds(this.waiting[best].owner))) best = i;
      }
      if (best < 0) return;
      const [next] = this.waiting.splice(best, 1);
      this.take(next.owner);
      next.start();
    }
  }
}
