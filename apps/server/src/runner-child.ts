// The child process that hosts the embedded runner for the API (see packages/runner/src/forked.ts).
import { serveForkedRunner } from '@exam/runner';

await serveForkedRunner();
