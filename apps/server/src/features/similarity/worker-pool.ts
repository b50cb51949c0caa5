// Comparisons run in a worker thread: fingerprinting and pairing hundreds of programs takes seconds of CPU, which on
// the API's thread would leave every other request of the process waiting. One thread, started on the first
// comparison and kept (not holding the process open while idle); comparisons wait their turn there, in order.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimilarityLanguage } from '@exam/shared';
import type { CompareOut, ProgramIn } from './compare';

interface Pending {
  resolve: (out: CompareOut) => void;
  reject: (err: Error) => void;
  progress?: (done: number) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The built server has the worker bundled beside it; from sources (tests, development) tsx loads the TypeScript. */
function spawn(): Worker {
  const built = path.join(import.meta.dirname, 'similarity-worker.js');
  if (fs.existsSync(built)) return new Worker(built);
  const api = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./similarity-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`, { eval: true });
}

function failAll(w: Worker, err: Error): void {
  if (worker !== w) return;
  worker = undefined;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const w = spawn();
  w.on('message', (msg: { id: number; progress?: number; result?: CompareOut; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    if (msg.progress !== undefined) {
      p.progress?.(msg.progress);
      return;
    }
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined || !msg.result) p.reject(new Error(`similarity: ${msg.error ?? 'no output'}`));
    else p.resolve(msg.result);
  });
  w.on('error', (err) => failAll(w, err));
  w.on('exit', (code) => failAll(w, new Error(`similarity: the worker thread stopped (${code})`)));
  w.unref();
  worker = w;
  return w;
}

/** Compares the programs in the worker thread. */
export function compareInWorker(language: SimilarityLanguage, programs: ProgramIn[], template: string, keep: number, progress?: (done: number) => void): Promise<CompareOut> {
  const w = thread();
  const id = nextId++;
  return new Promise<CompareOut>((resolve, reject) => {
    pending.set(id, { resolve, reject, progress });
    w.ref();
    w.postMessage({ id, language, programs, template, keep });
  });
}
