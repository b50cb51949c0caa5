// End-to-end tests: the built server (with the built web app) on a fresh embedded database, driven by Chromium.
// Run with `npm run test:e2e` after `npm run build` (the root test script does both).
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: path.resolve(import.meta.dirname, '../../..'),
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    globalSetup: [path.resolve(import.meta.dirname, 'global-setup.ts')],
    // One server and one browser at a time on a 2-core machine.
    fileParallelism: false,
    testTimeout: 45_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
