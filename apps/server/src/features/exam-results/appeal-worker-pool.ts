// Appeal files are drawn in a worker thread: laying out the PDF of a long journal takes seconds of CPU, which on the
// API's thread would leave every other request of the process waiting. One thread, started on the first file and
// kept (not holding the process open while idle); files wait their turn there, in order.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppealData, AppealFile } from './appeal-pdf';

interface Pending {
  resolve: (file: AppealFile) => void;
  reject: (err: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The built server has the worker bundled beside it; from sources (tests, development) tsx loads the TypeScript. */
function spawn(): Worker {
  const built = path.join(import.meta.dirname, 'appeal-worker.js');
  if (fs.existsSync(built)) return new Worker(built);
  const api = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./appeal-worker.ts', import.meta.url).href;
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
  w.on('message', (msg: { id: number; buffer?: Uint8Array; filename?: string; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined || !msg.buffer) p.reject(new Error(`appeal file: ${msg.error ?? 'no output'}`));
    else p.resolve({ buffer: Buffer.from(msg.buffer.buffer, msg.buffer.byteOffset, msg.buffer.byteLength), filename: msg.filename! });
  });
  w.on('error', (err) => failAll(w, err));
  w.on('exit', (code) => failAll(w, new Error(`appeal file: the worker thread stopped (${code})`)));
  w.unref();
  worker = w;
  return w;
}

/** The PDF of the appeal file, drawn in the worker thread. */
export function renderInWorker(data: AppealData): Promise<AppealFile> {
  const w = thread();
  const id = nextId++;
  return new Promise<AppealFile>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // A file being drawn keeps the process alive until it is sent (a script awaiting it); an idle thread does not.
    w.ref();
    w.postMessage({ id, data });
  });
}
