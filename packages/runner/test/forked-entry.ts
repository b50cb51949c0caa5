// Entry of the child process in the forked-runner tests (run through tsx).
import { serveForkedRunner } from '../src/forked';

await serveForkedRunner();
