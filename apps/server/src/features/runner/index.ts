// What other features may use of the code runner: the per-user run limit and the runner itself (or a French 503).
export { checkRate, requireRunner } from './service';
