// Code helpers for staff: program runs and maths comparisons, with a per-user rate limit.
import { RunnerBusyError, type CodeRunner, type RunRequest } from '@exam/runner';
import type { CompareMathResult, ExecResult } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError, serviceUnavailable, tooManyRequests, unprocessable } from '../../lib/errors';

/** Runs (programs and comparisons) one user may start per minute; RUNNER_RATE_LIMIT=0 disables the limit. */
export function rateLimitPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.RUNNER_RATE_LIMIT);
  return Number.isInteger(n) && n >= 0 ? n : 120;
}

export async function checkRate(ctx: AppContext, userId: number): Promise<void> {
  const limit = rateLimitPerMinute();
  if (limit === 0) return;
  const count = await ctx.kv.incr(`runner:rate:${userId}`, 60);
  if (count > limit) {
    throw tooManyRequests(`Vous avez lancé plus de ${limit} exécutions en une minute. Patientez un instant avant de relancer.`);
  }
}

function requireRunner(ctx: AppContext): CodeRunner {
  if (!ctx.runner) throw serviceUnavailable('L’exécution de code est désactivée sur ce serveur.');
  return ctx.runner;
}

async function guarded<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof RunnerBusyError) throw tooManyRequests(err.message);
    if (err instanceof HttpError) throw err;
    throw serviceUnavailable('Le service d’exécution est momentanément indisponible. Réessayez dans quelques instants.');
  }
}

export async function execCode(ctx: AppContext, userId: number, req: RunRequest): Promise<ExecResult> {
  const runner = requireRunner(ctx);
  await checkRate(ctx, userId);
  return guarded(() => runner.run(req));
}

export async function compareMath(ctx: AppContext, userId: number, expression: string, expected: string): Promise<CompareMathResult> {
  const runner = requireRunner(ctx);
  await checkRate(ctx, userId);
  const r = await guarded(() => runner.compareMath(expression, expected));
  if (!r.ok) throw unprocessable({ [r.field ?? 'expression']: [r.message] }, r.message);
  return { equal: r.equal };
}
