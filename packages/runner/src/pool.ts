// A bounded pool shared fairly between owners (users). A slot is one run (one program on one case), and a pool never
// has more slots than the machine has cores (EmbeddedRunner), so that runs never wait for each other's CPU.
// Work enters as a job (one program: a run, or one program against all its cases), whose runs then take slots one at
// a time. Admission:
// - one owner has at most `ownerJobs` jobs admitted at once (running or waiting): beyond, RunnerBusyError for that
//   owner only, so that a few owners can never fill the waiting queue;
// - at most `maxQueue` practice jobs wait at once; an exam job is never refused because of others (only its own
//   owner's cap applies), and it is served before practice ones;
// - a run waits at most `queueTimeoutMs` for its slot (an exam run three times as long: it waits only behind other
//   exam runs). Nothing waits for ever.
// Dispatch: one owner never holds more than `ownerCap` slots (all but one when there are several); a freed slot goes
// to an exam run first, then to the waiting owner who holds the fewest, the oldest request first.
// Separation: a run holding hidden test input never overlaps in time a run of the same owner that does not (a visible
// case, a run on the student's own input), so that no run of a student can observe a hidden run of the same student
// through anything the two would share (CPU, kernel counters). An owner's runs never overtake an older run of the
// other kind, so neither kind starves the other.
import { RunnerBusyError } from './types';

/** What a run holds: hidden test input or not. Maths comparisons run no student code and are neither. */
export type RunKind = 'hidden' | 'open';

export const OWNER_FULL = (n: number) =>
  `Vous avez déjà ${n} programme${n > 1 ? 's' : ''} en cours d’exécution ou en attente : attendez leurs résultats avant d’en lancer un autre.`;

/** One program admitted to the pool: its runs take slots one at a time. */
export class Job {
  finished = false;
  constructor(
    readonly owner: string,
    readonly exam: boolean,
  ) {}
}

interface Waiter {
  job: Job;
  kind?: RunKind;
  start: () => void;
  timer?: NodeJS.Timeout;
}

export interface PoolOptions {
  /** Jobs one owner may have admitted at once (running or waiting). Default: an eighth of maxQueue, at least 4. */
  ownerJobs?: number;
  /** How long an exam run may wait for its slot. Default: three times queueTimeoutMs. */
  examQueueTimeoutMs?: number;
}

export class Pool {
  private active = 0;
  private waiting: Waiter[] = [];
  private held = new Map<string, number>();
  /** Runs in slots per owner and kind. */
  private running = new Map<string, { hidden: number; open: number }>();
  /** Jobs admitted per owner. */
  private jobs = new Map<string, number>();
  /** Most slots one owner may hold at once. */
  readonly ownerCap: number;
  /** Most jobs one owner may have admitted at once. */
  readonly ownerJobs: number;
  readonly examQueueTimeoutMs: number;

  constructor(
    readonly slots: number,
    readonly maxQueue: number,
    readonly queueTimeoutMs: number,
    opts: PoolOptions = {},
  ) {
    this.ownerCap = Math.max(1, slots - 1);
    this.ownerJobs = Math.max(1, opts.ownerJobs ?? Math.max(4, Math.ceil(maxQueue / 8)));
    this.examQueueTimeoutMs = opts.examQueueTimeoutMs ?? 3 * queueTimeoutMs;
  }

  get stats() {
    return { active: this.active, waiting: this.waiting.length, waitingJobs: this.waitingPracticeJobs(), slots: this.slots, maxQueue: this.maxQueue };
  }

  /** Jobs of `owner` admitted and not finished. */
  jobsOf(owner: string): number {
    return this.jobs.get(owner) ?? 0;
  }

  /** Admits a job of `owner`'s, or throws RunnerBusyError (that owner's cap, or a practice queue full of others). */
  admit(owner = '', exam = false): Job {
    if (this.jobsOf(owner) >= this.ownerJobs) throw new RunnerBusyError(OWNER_FULL(this.ownerJobs));
    // Only a job that would wait counts against the queue's bound.
    if (!exam && this.active >= this.slots && this.waitingPracticeJobs() >= this.maxQueue) throw new RunnerBusyError();
    this.jobs.set(owner, this.jobsOf(owner) + 1);
    return new Job(owner, exam);
  }

  finish(job: Job) {
    if (job.finished) return;
    job.finished = true;
    const n = this.jobsOf(job.owner) - 1;
    if (n > 0) this.jobs.set(job.owner, n);
    else this.jobs.delete(job.owner);
  }

  /** Practice jobs with a run waiting for a slot. */
  private waitingPracticeJobs(): number {
    return new Set(this.waiting.filter((w) => !w.job.exam).map((w) => w.job)).size;
  }

  /**
   * Runs `task` in a slot of `owner`'s ('' for runs without one), as a run of `job` (default: a job of its own,
   * admitted here). `kind`: what the run holds (see RunKind).
   */
  async use<T>(task: () => Promise<T>, owner = '', opts: { job?: Job; kind?: RunKind; exam?: boolean } = {}): Promise<T> {
    const job = opts.job ?? this.admit(owner, opts.exam);
    try {
      await this.acquire(job, opts.kind);
      try {
        return await task();
      } finally {
        this.release(job.owner, opts.kind);
      }
    } finally {
      if (!opts.job) this.finish(job);
    }
  }

  private holds(owner: string): number {
    return this.held.get(owner) ?? 0;
  }

  private kinds(owner: string) {
    return this.running.get(owner) ?? { hidden: 0, open: 0 };
  }

  private take(owner: string, kind?: RunKind) {
    this.active++;
    this.held.set(owner, this.holds(owner) + 1);
    if (kind) {
      const k = { ...this.kinds(owner) };
      k[kind]++;
      this.running.set(owner, k);
    }
  }

  private acquire(job: Job, kind?: RunKind): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        job,
        kind,
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
      };
      this.waiting.push(waiter);
      this.dispatch();
      if (!this.waiting.includes(waiter)) return;
      waiter.timer = setTimeout(() => {
        const i = this.waiting.indexOf(waiter);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        reject(new RunnerBusyError());
        // An owner's later runs may have waited behind this one.
        this.dispatch();
      }, job.exam ? this.examQueueTimeoutMs : this.queueTimeoutMs);
    });
  }

  private release(owner: string, kind?: RunKind) {
    this.active--;
    const n = this.holds(owner) - 1;
    if (n > 0) this.held.set(owner, n);
    else this.held.delete(owner);
    if (kind) {
      const k = { ...this.kinds(owner) };
      k[kind]--;
      if (k.hidden + k.open > 0) this.running.set(owner, k);
      else this.running.delete(owner);
    }
    this.dispatch();
  }

  /** Hands free slots to the waiting runs that may start (see the header), best first. */
  private dispatch() {
    while (this.active < this.slots) {
      let best = -1;
      // The kind of each owner's oldest waiting run that has one: a run of the other kind may not overtake it.
      const first = new Map<string, RunKind>();
      for (let i = 0; i < this.waiting.length; i++) {
        const w = this.waiting[i];
        const owner = w.job.owner;
        if (w.kind && !first.has(owner)) first.set(owner, w.kind);
        if (this.holds(owner) >= this.ownerCap) continue;
        if (w.kind) {
          if (first.get(owner) !== w.kind) continue;
          const k = this.kinds(owner);
          if (w.kind === 'hidden' ? k.open > 0 : k.hidden > 0) continue;
        }
        if (best < 0 || this.better(w, this.waiting[best])) best = i;
      }
      if (best < 0) return;
      const [next] = this.waiting.splice(best, 1);
      this.take(next.job.owner, next.kind);
      next.start();
    }
  }

  /** Exam runs first; then the owner holding fewer slots; else the older (the one already chosen). */
  private better(a: Waiter, b: Waiter): boolean {
    if (a.job.exam !== b.job.exam) return a.job.exam;
    return this.holds(a.job.owner) < this.holds(b.job.owner);
  }
}
