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
    // Two files at a time, each worker on a server of its own (global-setup.ts): the suite mostly waits (for the
    // server, the sandbox, the page), so two overlap well on a 2-core machine. E2E_WORKERS=1: one at a time.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // expect.poll waits for what a page shows as long as a locator does (helpers.ts: 15 s), not vitest's 1 s.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 45_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
