// Fixed-window rate limits kept in the shared store (in-process or Redis), so every API process counts alike.
import type { AppContext } from './context';
import { tooManyRequests } from './errors';

export async function enforceRateLimit(ctx: AppContext, key: string, limit: number, windowSeconds: number, message: string): Promise<void> {
  if (limit <= 0) return;
  const count = await ctx.kv.incr(`rate:${key}`, windowSeconds);
  if (count > limit) throw tooManyRequests(message, windowSeconds);
}
