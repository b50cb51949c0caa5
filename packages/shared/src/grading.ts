// What a student may see of the grading of one answer. Never a hidden test's input or output, never which
// choice or accepted answer is the right one: the server answers through these schemas, so nothing else leaves.
import { z } from 'zod';
import { gradeDetailsSchema, type GradeDetailsOf } from './question-kinds';

/** Characters of stdout / stderr of a visible test kept in the details (the rest is cut, with a note). */
export const MAX_DETAIL_OUTPUT = 20_000;

// Each kind's details live in its module (./question-kinds): the union of them is the grade's details.
export { gradeDetailsSchema, visibleCaseResultSchema, type GradeDetails, type GradeDetailsOf, type VisibleCaseResult } from './question-kinds';
export type AlgorithmGradeDetails = GradeDetailsOf<'ALGORITHM'>;

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
