// Entry of the child process in the child-process runner tests (run through tsx).
import { serveChildProcessRunner } from '../src/child-process-runner';

await serveChildProcessRunner();
