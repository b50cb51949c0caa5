// ALGORITHM: a Python or R program run against test cases (examples or hidden, weighted). A case may hold test code
// run after the student's code (a function or a class to write), as CodeRunner's `testcode`; the question counts all
// or nothing, or per case; each case's result is shown as CodeRunner's `display` says. The student sends code; the
// details say how many cases passed, the cases shown in full, the others only as a count, and a syntax error once.
import { z } from 'zod';
import { VERDICTS } from '../runner';
import { textAnswerSchema } from './exact';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const ALGORITHM_MAX_TESTS = 50;
/** An answer kept and graded later, as the staff's views and exports say it. */
export const GRADED_LATER_TEXT = 'En cours de correction (serveur d’exécution saturé à l’envoi).';
/** Longest test code of one case, in characters. */
export const ALGORITHM_TEST_CODE_MAX = 20_000;

/** How a program question counts: ALL_OR_NOTHING (CodeRunner's default: the points only when every case passes) or
 *  PER_CASE (each case its weight's share of the points). */
export const ALGORITHM_GRADINGS = ['ALL_OR_NOTHING', 'PER_CASE'] as const;
export type AlgorithmGrading = (typeof ALGORITHM_GRADINGS)[number];
export const ALGORITHM_GRADING_LABELS: Record<AlgorithmGrading, string> = {
  ALL_OR_NOTHING: 'Tout ou rien : les points seulement si tous les cas passent',
  PER_CASE: 'Par cas : chaque cas réussi rapporte sa part (son poids)',
};

/** When a case's result is shown to the student after grading (CodeRunner's `display`). An example (a case that is
 *  not hidden) is always shown: the student saw it before answering. */
export const CASE_DISPLAYS = ['SHOW', 'HIDE', 'HIDE_IF_FAIL', 'HIDE_IF_SUCCEED'] as const;
export type CaseDisplay = (typeof CASE_DISPLAYS)[number];
export const CASE_DISPLAY_LABELS: Record<CaseDisplay, string> = {
  SHOW: 'Montré après la correction',
  HIDE: 'Jamais montré',
  HIDE_IF_FAIL: 'Montré s’il réussit',
  HIDE_IF_SUCCEED: 'Montré s’il échoue',
};

/** A case's display: the one stored, else the one its hidden flag means (HIDE for a hidden case, SHOW otherwise). */
export function caseDisplayOf(p: { is_hidden: number | boolean; display?: CaseDisplay | null }): CaseDisplay {
  return p.display ?? (p.is_hidden ? 'HIDE' : 'SHOW');
}

/** Whether a graded case reaches the student in full (input, test code, expected and obtained output). */
export function caseShown(p: { is_hidden: number | boolean; display?: CaseDisplay | null }, passed: boolean): boolean {
  if (!p.is_hidden) return true;
  const d = caseDisplayOf(p);
  return d === 'SHOW' || (d === 'HIDE_IF_FAIL' && passed) || (d === 'HIDE_IF_SUCCEED' && !passed);
}

/** The one message of a program that does not compile, its line counted in the student's own code. */
export function syntaxErrorText(e: { line: number | null; message: string }): string {
  return `Erreur de syntaxe dans votre code${e.line ? `, ligne ${e.line}` : ''} : ${e.message}`;
}

const verdictSchema = z.enum(VERDICTS);

export const visibleCaseResultSchema = z.object({
  /** Position of the case among the question's test cases (0-based). */
  index: z.number().int(),
  verdict: verdictSchema,
  stdin: z.string(),
  /** The case's test code, run after the student's code (absent: the student's program alone). */
  test_code: z.string().optional(),
  /** A hidden case its display shows after grading (absent: an example). */
  hidden: z.boolean().optional(),
  expected_output: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  duration_ms: z.number(),
});
export type VisibleCaseResult = z.infer<typeof visibleCaseResultSchema>;

export const syntaxErrorSchema = z.object({
  /** Line in the student's own code (1-based), null when the language does not say. */
  line: z.number().int().nullable(),
  message: z.string(),
});
export type SyntaxErrorDetails = z.infer<typeof syntaxErrorSchema>;

const algorithmDetailsSchema = z.object({
  type: z.literal('ALGORITHM'),
  /** OK when every case passed, else the verdict of the first failing case. */
  verdict: verdictSchema,
  passed: z.number().int(),
  total: z.number().int(),
  /** The cases shown in full: the examples, and the hidden cases their display shows. */
  visible: z.array(visibleCaseResultSchema),
  /** The other cases: only how many passed. */
  hidden: z.object({ passed: z.number().int(), total: z.number().int() }),
  /** The student's code does not compile: said once, no case is shown. */
  syntax_error: syntaxErrorSchema.nullish(),
  /** Kept and graded later (the runner was saturated by others): no verdict yet, the cases not run. */
  pending: z.boolean().optional(),
});

export const algorithmKind = {
  kind: 'ALGORITHM',
  rules: (q) => {
    const issues: KindIssue[] = [];
    if (!q.language) issues.push({ path: ['language'], message: 'Choisissez le langage (Python ou R) de la question.' });
    if (q.possible_solutions.length === 0) issues.push({ path: ['possible_solutions'], message: 'Une question algorithmique doit avoir au moins un cas de test.' });
    if (q.echo_input && q.language === 'R') issues.push({ path: ['echo_input'], message: 'L’écho des entrées lues n’existe qu’en Python.' });
    return issues;
  },
  answer: textAnswerSchema,
  details: algorithmDetailsSchema,
  answerText: (answer) => rawAnswerText(answer),
  detailsText: (d: z.infer<typeof algorithmDetailsSchema>) =>
    d.pending ? GRADED_LATER_TEXT : d.syntax_error ? `${syntaxErrorText(d.syntax_error)} (aucun cas réussi sur ${d.total}).` : `Tests réussis : ${d.passed} sur ${d.total} (${d.verdict}).`,
} satisfies SharedQuestionKind<'ALGORITHM'>;
