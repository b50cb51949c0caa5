// MATH: one expected expression; the student's expression is right when the runner finds it equal.
import { z } from 'zod';
import { textAnswerSchema } from './exact';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const mathKind = {
  kind: 'MATH',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    if (ps.length !== 1 || ps[0]!.content.trim() === '') {
      issues.push({ path: ['possible_solutions'], message: "Indiquez l’expression attendue (une seule)." });
    }
    return issues;
  },
  answer: textAnswerSchema,
  details: z.object({
    type: z.literal('MATH'),
    /** Why the expression could not be read (French), when it could not. */
    message: z.string().optional(),
  }),
  answerText: (answer) => rawAnswerText(answer),
  detailsText: () => null,
} satisfies SharedQuestionKind<'MATH'>;
