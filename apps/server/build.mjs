// Bundles the server (with the shared and runner workspaces) into dist/, one file per entry point.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', demo: 'src/demo/cli.ts', 'runner-worker': 'src/runner-worker.ts', 'runner-child': 'src/runner-child.ts', 'appeal-worker': 'src/features/exam-results/appeal-worker.ts', 'similarity-worker': 'src/features/similarity/similarity-worker.ts', 'data-pdf-worker': 'src/features/personal-data/data-pdf-worker.ts', backup: 'src/backup-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // Workspace packages are TypeScript sources: bundle them instead of importing them at run time.
  plugins: [
    {
      name: 'bundle-workspaces',
      setup(b) {
        b.onResolve({ filter: /^@exam\// }, () => undefined);
      },
    },
  ],
  alias: { '@exam/shared': '../../packages/shared/src/index.ts', '@exam/runner': '../../packages/runner/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

// The Python programs of the maths server, of the fork server and of the seccomp filter are read at start next to
// the bundle (packages/runner/src/math.ts, python-fork-server-host.ts, seccomp.ts).
fs.copyFileSync('../../packages/runner/src/math_server.py', 'dist/math_server.py');
fs.copyFileSync('../../packages/runner/src/python_fork_server.py', 'dist/python_fork_server.py');
fs.copyFileSync('../../packages/runner/src/seccomp_filter.py', 'dist/seccomp_filter.py');
// The harness of the questions' generators, read by src/features/runner/generator.ts.
fs.copyFileSync('src/features/runner/generator_harness.py', 'dist/generator_harness.py');
