// Comparisons run in a worker thread (lib/worker-thread.ts): fingerprinting and pairing hundreds of programs takes
// seconds of CPU that the API's thread must not spend.
import path from 'node:path';
import type { SimilarityLanguage } from '@exam/shared';
import { workerThread } from '../../lib/worker-thread';
import type { CompareOut, ProgramIn } from './compare';

export interface CompareTask {
  language: SimilarityLanguage;
  programs: ProgramIn[];
  template: string;
  keep: number;
}

const thread = workerThread<CompareTask, CompareOut>({
  name: 'similarity',
  built: path.join(import.meta.dirname, 'similarity-worker.js'),
  source: new URL('./similarity-worker.ts', import.meta.url),
});

/** Compares the programs in the worker thread. */
export function compareInWorker(language: SimilarityLanguage, programs: ProgramIn[], template: string, keep: number, progress?: (done: number) => void): Promise<CompareOut> {
  return thread.run({ language, programs, template, keep }, progress);
}
