// Who is online: users seen in the last PRESENCE_WINDOW_SECONDS, kept in the shared store so that
// every API process counts the same people. Touches are throttled per process to keep requests cheap.
import type { AppContext } from '../../lib/context';

const SET = 'presence';
const THROTTLE_MS = 15_000;
const lastTouch = new Map<number, number>();

export async function touchPresence(ctx: AppContext, userId: number, force = false): Promise<void> {
  const now = Date.now();
  if (!force && now - (lastTouch.get(userId) ?? 0) < THROTTLE_MS) return;
  lastTouch.set(userId, now);
  // Best effort: while the shared store (Redis) is unreachable, the call itself goes on; the touch is tried again
  // at the user's next request.
  await ctx.kv.touch(SET, String(userId), now).catch((err: Error) => {
    lastTouch.delete(userId);
    console.warn(`Présence non enregistrée (${err.message}).`);
  });
}

export async function leavePresence(ctx: AppContext, userId: number): Promise<void> {
  lastTouch.delete(userId);
  await ctx.kv.remove(SET, String(userId));
}

export function connectedCount(ctx: AppContext): Promise<number> {
  return ctx.kv.countSince(SET, Date.now() - ctx.config.PRESENCE_WINDOW_SECONDS * 1000);
}
