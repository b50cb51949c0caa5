// Code helpers for staff and the students' free practice editors: program runs and maths comparisons, with a per-user rate limit.
import { DEFAULT_LIMITS, RunnerBusyError, type CodeRunner, type RunRequest } from '@exam/runner';
import type { CompareMathResult, ExecResult, RunLimitsInfo } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError, unprocessable } from '../../lib/errors';
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

/**
 * The runner could not answer: saturated by others' runs, not answering, down or turned off. Never the student's
 * answer's doing: an exam answer meeting it is kept and graded later (features/exam-taking, grade-later.ts).
 */
export class RunnerUnavailableError extends HttpError {}

export const isRunnerUnavailable = (err: unknown): err is RunnerUnavailableError => err instanceof RunnerUnavailableError;

export function requireRunner(ctx: AppContext): CodeRunner {
  if (!ctx.runner) throw new RunnerUnavailableError(503, 'L’exécution de code est désactivée sur ce serveur.');
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
    if (err instanceof RunnerBusyError) {
      // A full queue is a 429 (try again in a minute), no runner answering a 503.
      throw new RunnerUnavailableError(err.unavailable ? 503 : 429, err.message, undefined, err.unavailable ? undefined : 60);
    }
    if (err instanceof HttpError) throw err;
    failed?.(err);
    throw new RunnerUnavailableError(503, 'Le service d’exécution est momentanément indisponible. Réessayez dans quelques instants.');
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
