// Heavy work off the API's thread: laying out a long PDF or comparing hundreds of programs takes seconds of CPU, which
// on the API's thread would leave every other request of the process waiting. A feature names its worker entry; one
// thread per entry is started on first use and kept (an idle thread does not hold the process open); tasks wait their
// turn there, in order. The entry answers through `serveInThread`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

type Reply<Out> = { id: number; progress?: number; result?: Out; error?: string };

interface Pending<Out> {
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
  progress?: (done: number) => void;
}

export interface WorkerEntry {
  /** Said in errors (« appeal file », « similarity »…). */
  name: string;
  /** The bundled entry beside the built server (dist/<entry>.js). */
  built: string;
  /** The TypeScript entry, loaded through tsx from sources (tests, development). */
  source: URL;
}

export interface WorkerThread<In, Out> {
  run(input: In, progress?: (done: number) => void): Promise<Out>;
}

function spawn(entry: WorkerEntry): Worker {
  if (fs.existsSync(entry.built)) return new Worker(entry.built);
  const api = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const src = entry.source.href;
  return new Worker(`import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(src)}, ${JSON.stringify(src)}));`, { eval: true });
}

/** The thread of one worker entry, started on its first task. */
export function workerThread<In, Out>(entry: WorkerEntry): WorkerThread<In, Out> {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending<Out>>();

  const failAll = (w: Worker, err: Error) => {
    if (worker !== w) return;
    worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const w = spawn(entry);
    w.on('message', (msg: Reply<Out>) => {
      const p = pending.get(msg.id);
      if (!p) return;
      if (msg.progress !== undefined) {
        p.progress?.(msg.progress);
        return;
      }
      pending.delete(msg.id);
      if (pending.size === 0) w.unref();
      if (msg.error !== undefined || msg.result === undefined) p.reject(new Error(`${entry.name}: ${msg.error ?? 'no output'}`));
      else p.resolve(msg.result);
    });
    w.on('error', (err) => failAll(w, err));
    w.on('exit', (code) => failAll(w, new Error(`${entry.name}: the worker thread stopped (${code})`)));
    w.unref();
    worker = w;
    return w;
  };

  return {
    run(input, progress) {
      const w = thread();
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        pending.set(id, { resolve, reject, progress });
        // A task in flight keeps the process alive until it is answered (a script awaiting it); an idle thread does not.
        w.ref();
        w.postMessage({ id, input });
      });
    },
  };
}

/** Inside a worker entry: answers each task with `handle`, one at a time, its progress sent back as it goes. */
export function serveInThread<In, Out>(handle: (input: In, progress: (done: number) => void) => Promise<Out>): void {
  const port = parentPort;
  if (!port) throw new Error('serveInThread: not in a worker thread');
  port.on('message', (msg: { id: number; input: In }) => {
    handle(msg.input, (done) => port.postMessage({ id: msg.id, progress: done })).then(
      (result) => port.postMessage({ id: msg.id, result }),
      (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
}
