// What a student may see of the grading of one answer. Never a hidden test's input or output, never which
// choice or accepted answer is the right one: the server answers through these schemas, so nothing else leaves.
import { z } from 'zod';
import { VERDICTS } from './runner';

/** Characters of stdout / stderr of a visible test kept in the details (the rest is cut, with a note). */
export const MAX_DETAIL_OUTPUT = 20_000;

const verdictSchema = z.enum(VERDICTS);

export const visibleCaseResultSchema = z.object({
  /** Position of the case among the question's test cases (0-based). */
  index: z.number().int(),
  verdict: verdictSchema,
  stdin: z.string(),
  expected_output: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  duration_ms: z.number(),
});
export type VisibleCaseResult = z.infer<typeof visibleCaseResultSchema>;

export const gradeDetailsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QCM') }),
  z.object({ type: z.literal('EXACT') }),
  z.object({
    type: z.literal('MATH'),
    /** Why the expression could not be read (French), when it could not. */
    message: z.string().optional(),
  }),
  z.object({
    type: z.literal('ALGORITHM'),
    /** OK when every case passed, else the verdict of the first failing case. */
    verdict: verdictSchema,
    passed: z.number().int(),
    total: z.number().int(),
    visible: z.array(visibleCaseResultSchema),
    /** Hidden cases: only how many passed. */
    hidden: z.object({ passed: z.number().int(), total: z.number().int() }),
  }),
]);
export type GradeDetails = z.infer<typeof gradeDetailsSchema>;
export type AlgorithmGradeDetails = Extract<GradeDetails, { type: 'ALGORITHM' }>;

export const gradeResultSchema = z.object({
  question_id: z.number().int(),
  is_valid: z.boolean(),
  details: gradeDetailsSchema,
});
export type GradeResult = z.infer<typeof gradeResultSchema>;

export const GRADE_LABELS = {
  valid: 'Réponse validée',
  invalid: 'Réponse non validée',
  visibleTests: 'Tests visibles',
  hiddenTests: 'Tests cachés',
  stdin: 'Entrée',
  expected: 'Sortie attendue',
  stdout: 'Sortie obtenue',
  stderr: 'Erreurs',
} as const;

/** "Test 2" for the case of index 1. */
export const testCaseLabel = (index: number) => `Test ${index + 1}`;

/** "3 tests réussis sur 4". */
export function passedLabel(passed: number, total: number): string {
  return `${passed} test${passed > 1 ? 's' : ''} réussi${passed > 1 ? 's' : ''} sur ${total}`;
}
