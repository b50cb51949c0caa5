// Unit and integration tests of every workspace (end-to-end tests have their own config in apps/web/e2e, the fault
// tests theirs in apps/server/test).
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // At least two files at a time (on 2 cores vitest would take one): most tests wait on sandboxes and timers.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      { test: { name: 'runner', include: ['packages/runner/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/test/faults.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
      },
    ],
  },
});
