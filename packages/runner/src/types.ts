// The runner's contract, used by the API (embedded pool or queue client) and the worker process.
import type { ExecResult, Language } from '@exam/shared';

export interface RunLimits {
  /** CPU seconds of the run's processes together: the only time a TIME_LIMIT is given on. */
  cpuSeconds: number;
  /**
   * Wall-clock milliseconds a run may last without computing (sleep, blocked read). A run held back by other processes
   * is given more, up to WALL_EXTENSION times this (see wallclock.ts).
   */
  wallMs: number;
  /** Address-space limit in MiB. */
  memoryMb: number;
  /** Bytes kept of stdout and of stderr. */
  outputBytes: number;
}

export const DEFAULT_LIMITS: RunLimits = { cpuSeconds: 5, wallMs: 10_000, memoryMb: 256, outputBytes: 1024 * 1024 };
/** Upper bounds a question may ask for. */
export const MAX_LIMITS: RunLimits = { cpuSeconds: 20, wallMs: 30_000, memoryMb: 1024, outputBytes: 4 * 1024 * 1024 };

export interface RunRequest {
  language: Language;
  code: string;
  stdin?: string;
  /** When given, the verdict compares stdout to it (trailing spaces and final newline ignored). */
  expectedOutput?: string;
  limits?: Partial<RunLimits>;
  /**
   * Who asked (a user id): the runner shares its slots fairly between owners, so that one user's many runs wait
   * behind other users' instead of holding them back. Runs without an owner share one anonymous owner.
   */
  owner?: string;
  /** The run holds a hidden test's input: never at the same time as a run of the same owner that does not. */
  hidden?: boolean;
  /** An exam's run: served before practice, never refused because the queue is full of others' runs. */
  exam?: boolean;
}

/** A form a MATH answer may be required to have beside equivalence (as STACK's answer tests). */
export type MathFormTest = 'EXPANDED' | 'FACTORED' | 'SIMPLIFIED';

/** What a comparison is asked: `exam`, an exam's answer served first (see RunRequest.exam); `form`, the form the
 *  expression must also have (its verdict comes back as `form`). */
export interface MathCompareOptions {
  exam?: boolean;
  form?: MathFormTest;
}

export type MathCompareResult =
  /** `form`: only when a form was asked; true when the expression is equivalent and has that form. */
  | { ok: true; equal: boolean; form?: boolean }
  /** `field` names the unreadable side: the answer ('expression') or the reference ('expected'). */
  | { ok: false; message: string; field?: 'expression' | 'expected' };

/** One case of a program run against several: its stdin and, for a verdict, its expected stdout. */
export interface RunCase {
  stdin: string;
  /** The whole program of this case, when it is not the request's (a program question's case with its own test code
   *  after the student's code): still one run of its own, holding only its own input. */
  code?: string;
  expectedOutput?: string;
  /** A hidden case: run apart in time from the owner's other runs (see RunRequest.hidden). */
  hidden?: boolean;
}

export interface CodeRunner {
  run(req: RunRequest): Promise<ExecResult>;
  /**
   * One program against several cases, one result per case in their order (each with its own verdict, time, limits).
   * Optional: without it, `judge` runs the cases one `run` each. `slots`: most of the program's cases run at once
   * (default: as many as its owner may hold slots).
   */
  runCases?(req: Omit<RunRequest, 'stdin' | 'expectedOutput' | 'hidden'>, cases: RunCase[], opts?: { slots?: number }): Promise<ExecResult[]>;
  /** `exam`: an exam's answer, served first (see RunRequest.exam); `form`: the form required beside equivalence. */
  compareMath(expression: string, expected: string, owner?: string, opts?: MathCompareOptions): Promise<MathCompareResult>;
  close(): Promise<void>;
}

/** Thrown when the queue is full: the API answers 429 with this French message. */
export class RunnerBusyError extends Error {
  constructor(
    message = 'Le serveur d’exécution est saturé. Réessayez dans quelques secondes.',
    /** True when no runner answered at all (a 503), rather than a full queue (a 429). */
    readonly unavailable = false,
  ) {
    super(message);
  }
}

/** A run held back by others for WALL_EXTENSION times its wall limit, twice: never judged, the student tries again. */
export const STARVED_MESSAGE = 'Le serveur d’exécution est trop chargé pour mesurer ce programme équitablement. Réessayez dans quelques secondes.';

/** Thrown at start when the sandbox cannot run here. */
export class SandboxUnavailableError extends Error {}
