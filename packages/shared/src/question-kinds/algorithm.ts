// ALGORITHM: a Python or R program run against test cases (visible or hidden, weighted). The student sends code;
// the details say how many cases passed, the visible ones in full, the hidden ones only as a count.
import { z } from 'zod';
import { VERDICTS } from '../runner';
import { textAnswerSchema } from './exact';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const ALGORITHM_MAX_TESTS = 50;

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

const algorithmDetailsSchema = z.object({
  type: z.literal('ALGORITHM'),
  /** OK when every case passed, else the verdict of the first failing case. */
  verdict: verdictSchema,
  passed: z.number().int(),
  total: z.number().int(),
  visible: z.array(visibleCaseResultSchema),
  /** Hidden cases: only how many passed. */
  hidden: z.object({ passed: z.number().int(), total: z.number().int() }),
});

export const algorithmKind = {
  kind: 'ALGORITHM',
  rules: (q) => {
    const issues: KindIssue[] = [];
    if (!q.language) issues.push({ path: ['language'], message: 'Choisissez le langage (Python ou R) de la question.' });
    if (q.possible_solutions.length === 0) issues.push({ path: ['possible_solutions'], message: 'Une question algorithmique doit avoir au moins un cas de test.' });
    return issues;
  },
  answer: textAnswerSchema,
  details: algorithmDetailsSchema,
  answerText: (answer) => rawAnswerText(answer),
  detailsText: (d: z.infer<typeof algorithmDetailsSchema>) => `Tests réussis : ${d.passed} sur ${d.total} (${d.verdict}).`,
} satisfies SharedQuestionKind<'ALGORITHM'>;
