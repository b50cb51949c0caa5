// The worker thread that compares programs (worker-pool.ts): one comparison at a time, from plain data, its progress
// sent back as it goes.
import { serveInThread } from '../../lib/worker-thread';
import { comparePrograms } from './compare';
import type { CompareTask } from './worker-pool';

serveInThread((task: CompareTask, progress) => comparePrograms(task.language, task.programs, task.template, { keep: task.keep, progress }));
