// What other features may use of the code runner: the per-user run limit, the runner itself (or a French 503)
// and its number of slots.
export { checkRate, requireRunner } from './service';
export { runnerSlots } from './factory';
