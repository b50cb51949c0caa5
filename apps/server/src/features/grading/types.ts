// The grading service's contract (CONTRACTS.md): what a question must say to be graded, and what grading gives back.
import type { FastifyBaseLogger } from 'fastify';
import type { GradeDetails, Verdict } from '@exam/shared';
import type { Tolerance } from './exact';

export type GradableQuestion =
  | { type: 'QCM'; choices: { id: number; is_correct: boolean }[] }
  | { type: 'EXACT'; accepted: string[]; tolerance: Tolerance }
  | {
      type: 'ALGORITHM';
      language: 'PYTHON' | 'R';
      tests: { id: number; stdin: string; expected_output: string; is_hidden: boolean; weight: number }[];
      limits: { cpu_seconds: number; memory_mb: number } | null;
    }
  | { type: 'MATH'; expected: string };

export type AlgorithmQuestion = Extract<GradableQuestion, { type: 'ALGORITHM' }>;

/** One test case as stored for staff (hidden ones included). */
export interface InternalCaseResult {
  test_id: number;
  index: number;
  is_hidden: boolean;
  verdict: Verdict;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  duration_ms: number;
}

export interface GradeOutcome {
  /** Validated / not validated. */
  is_valid: boolean;
  /** Fraction 0..1 (ALGORITHM: weighted share of passed cases; others 0 or 1). */
  score: number;
  /** Student-safe (gradeDetailsSchema). */
  details: GradeDetails;
  /** Staff-only full run data (ALGORITHM: every case with its output) for storing; never sent to students. */
  internal?: { cases: InternalCaseResult[] };
}

/** Who asks, for the per-user run limit and for the logs. */
export interface GradeCaller {
  userId: number;
  requestId?: string;
  log?: FastifyBaseLogger;
}

export interface GradeInput extends GradeCaller {
  question: GradableQuestion;
  answer: unknown;
  /** ALGORITHM only: run the visible cases only ("Tester sur les exemples"). */
  visibleOnly?: boolean;
  /** An answer of an exam (a student's, or a draft graded at its end): the runner serves it first and never refuses it
   *  because others fill its queue. */
  exam?: boolean;
}

export interface ReferenceFailure {
  index: number;
  test_id: number;
  verdict: Verdict;
  stdin: string;
  expected: string;
  got: string;
  stderr: string;
}
