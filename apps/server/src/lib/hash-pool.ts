// A small pool of worker threads for scrypt, fed by one first-come-first-served queue.
// A sign-in costs ~50 ms of a core in scrypt. Left to libuv's pool, the rush of an exam start (hundreds of
// sign-ins within seconds) ran four at a time and took both cores from the students already answering (answers
// p99 5.9 s). Here at most `slots` hashes run at once, each in a thread whose scheduling priority is lowered
// (`nice`), so the kernel gives the cores to the event loop, PostgreSQL and the sandboxes first and hashing takes
// what is left; waiting sign-ins are served strictly in their order of arrival. Never more than `slots` at once: a
// helper thread joining a queue that waited long (tried, at normal priority then lowered) held the answers of the
// students already writing from p99 0.4 s to 1 to 2 s in the rush bench. Sign-ins still never starve: the kernel's
// fair scheduler gives a lowered thread its share (at nice 10, about a tenth of a contended core), and a sign-in
// waiting its turn keeps its connection open (app.ts).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

export interface HashPoolOptions {
  /** Hashes at once (worker threads). */
  slots: number;
  /** Scheduling priority of the hashing threads, 0 (normal) to 19 (lowest). */
  nice: number;
  /** Hashes allowed to wait; past it, `run` refuses at once (HashQueueFullError) rather than queue without end. */
  maxWaiting: number;
}

export class HashQueueFullError extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

interface Job {
  password: string;
  salt: Buffer;
  keylen: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The priority the thread took when it started. */
  nice: number;
  /** The thread's id on Linux (for its priority; tests read it back), once the worker said it. */
  tid?: number;
  job?: Job;
}

// Plain CommonJS run as the worker's script: it lowers its own thread's priority (Linux names the calling
// thread in /proc/thread-self), says its thread id, then hashes one job at a time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
let tid = null;
try {
  tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (workerData.nice > 0) require('node:os').setPriority(tid, workerData.nice);
} catch {}
parentPort.postMessage({ tid });
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keylen, job.options);
    parentPort.postMessage({ key });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

export class HashPool {
  private slots: Slot[] = [];
  private waiting: Job[] = [];
  private opts: HashPoolOptions;

  constructor(opts: HashPoolOptions) {
    this.opts = { ...opts, slots: Math.max(1, Math.floor(opts.slots)) };
  }

  configure(opts: HashPoolOptions): void {
    this.opts = { ...opts, slots: Math.max(1, Math.floor(opts.slots)) };
    // Threads beyond the new count, or of another priority, stop once idle; new ones start as configured.
    const idle = this.slots.filter((s) => !s.job);
    for (const s of idle.filter((s, i) => s.nice !== this.opts.nice || i >= this.opts.slots)) this.retire(s);
    this.pump();
  }

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.job).length, waiting: this.waiting.length };
  }

  /** Linux thread ids of the hashing threads that have started (a test checks their priority). */
  threadIds(): number[] {
    return this.slots.flatMap((s) => (s.tid ? [s.tid] : []));
  }

  scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
    if (this.waiting.length >= this.opts.maxWaiting && !this.idleSlot()) return Promise.reject(new HashQueueFullError());
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ password, salt, keylen, options, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    const all = this.slots;
    this.slots = [];
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.job);
    if (idle) return idle;
    return this.slots.length < this.opts.slots ? this.spawn() : undefined;
  }

  /** Hands the oldest waiting job to a free thread, as long as there are both. */
  private pump(): void {
    while (this.waiting.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const job = this.waiting.shift()!;
      slot.job = job;
      // A busy thread keeps the process alive until its answer arrives (a CLI awaiting a hash); an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ password: job.password, salt: job.salt, keylen: job.keylen, options: job.options });
    }
  }

  private spawn(): Slot {
    const nice = this.opts.nice;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice } });
    const slot: Slot = { worker, nice };
    worker.unref();
    worker.on('message', (msg: { tid?: number | null; key?: Uint8Array; error?: string }) => {
      if ('tid' in msg) {
        slot.tid = msg.tid ?? undefined;
        return;
      }
      const job = slot.job;
      slot.job = undefined;
      worker.unref();
      if (job) {
        if (msg.key) job.resolve(Buffer.from(msg.key.buffer, msg.key.byteOffset, msg.key.byteLength));
        else job.reject(new Error(msg.error ?? 'scrypt failed'));
      }
      if (this.slots.indexOf(slot) >= this.opts.slots || slot.nice !== this.opts.nice) this.retire(slot);
      this.pump();
    });
    // A thread that dies fails its job only; the next job gets a new thread.
    const lost = (err: Error) => {
      if (!this.slots.includes(slot)) return;
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.job?.reject(err);
      slot.job = undefined;
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`hashing thread exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot): void {
    this.slots.splice(this.slots.indexOf(slot), 1);
    void slot.worker.terminate();
  }
}

/** The default number of hashing threads: all cores but one, at least one (2 cores: 1). */
export const defaultHashSlots = () => Math.max(1, os.availableParallelism() - 1);
