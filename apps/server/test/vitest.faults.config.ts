// The fault tests (faults.test.ts): the local cluster on a PostgreSQL and a Redis of their own, with processes killed
// and services restarted under simulated students. Minutes of a 2-core machine: not in `npm test`; CI (.ci/run) runs
// them after it, with `npm run test:faults`. grade-later-restart.test.ts: an answer kept for later across a killed API process.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'faults',
    root: path.resolve(import.meta.dirname, '../../..'),
    include: ['apps/server/test/faults.test.ts', 'apps/server/test/grade-later-restart.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
