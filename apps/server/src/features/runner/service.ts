// Code helpers for staff and the students' free practice editors: program runs and maths comparisons, with a per-user rate limit.
import { DEFAULT_LIMITS, RunnerBusyError, type CodeRunner, type RunRequest } from '@exam/runner';
import type { CompareMathResult, ExecResult, RunLimitsInfo } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError, serviceUnavailable, tooManyRequests, unprocessable } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';

/** Practice runs use the default limits; the answer says which, so the screen can name the one a program hit. */
export const PRACTICE_LIMITS: RunLimitsInfo = {
  cpu_seconds: DEFAULT_LIMITS.cpuSeconds,
  memory_mb: DEFAULT_LIMITS.memoryMb,
  output_kb: Math.round(DEFAULT_LIMITS.outputBytes / 1024),
};

export async function checkRate(ctx: AppContext, userId: number): Promise<void> {
  const limit = ctx.config.RUNNER_RATE_LIMIT;
  await enforceRateLimit(ctx, `runner:${userId}`, limit, 60, `Vous avez lancé plus de ${limit} exécutions en une minute. Patientez un instant avant de relancer.`);
}

export function requireRunner(ctx: AppContext): CodeRunner {
  if (!ctx.runner) throw serviceUnavailable('L’exécution de code est désactivée sur ce serveur.');
  return ctx.runner;
}

/**
 * Runs `task` on the runner: a full queue is a French 429 (503 when the runner cannot take work at all), an
 * HttpError passes as is, anything else goes to `failed` (to be logged) and becomes a French 503.
 */
export async function onRunner<T>(task: () => Promise<T>, failed?: (err: unknown) => void): Promise<T> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof RunnerBusyError) throw err.unavailable ? serviceUnavailable(err.message) : tooManyRequests(err.message);
    if (err instanceof HttpError) throw err;
    failed?.(err);
    throw serviceUnavailable('Le service d’exécution est momentanément indisponible. Réessayez dans quelques instants.');
  }
}

export async function execCode(ctx: AppContext, userId: number, req: RunRequest): Promise<ExecResult> {
  const runner = requireRunner(ctx);
  await checkRate(ctx, userId);
  return onRunner(() => runner.run({ ...req, owner: String(userId) }));
}

export async function compareMath(ctx: AppContext, userId: number, expression: string, expected: string): Promise<CompareMathResult> {
  const runner = requireRunner(ctx);
  await checkRate(ctx, userId);
  const r = await onRunner(() => runner.compareMath(expression, expected, String(userId)));
  if (!r.ok) throw unprocessable({ [r.field ?? 'expression']: [r.message] }, r.message);
  return { equal: r.equal };
}
