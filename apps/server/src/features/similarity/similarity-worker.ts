// The worker thread that compares programs (worker-pool.ts): one comparison at a time, from plain data, its progress
// sent back as it goes.
import { parentPort } from 'node:worker_threads';
import type { SimilarityLanguage } from '@exam/shared';
import { comparePrograms, type ProgramIn } from './compare';

interface Task {
  id: number;
  language: SimilarityLanguage;
  programs: ProgramIn[];
  template: string;
  keep: number;
}

parentPort!.on('message', (msg: Task) => {
  comparePrograms(msg.language, msg.programs, msg.template, { keep: msg.keep, progress: (done) => parentPort!.postMessage({ id: msg.id, progress: done }) }).then(
    (result) => parentPort!.postMessage({ id: msg.id, result }),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
