// The child process that hosts the embedded runner for the API (see packages/runner/src/child-process-runner.ts).
import { serveChildProcessRunner } from '@exam/runner';

await serveChildProcessRunner();
