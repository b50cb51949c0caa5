// EXACT: accepted answers (several allowed), an optional numeric tolerance. The student sends a text.
import { z } from 'zod';
import { MAX_CODE_LENGTH } from '../runner';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const EXACT_MAX_ANSWERS = 20;

/** A text answer (EXACT, ALGORITHM, MATH). */
export const textAnswerSchema = z
  .string({ error: 'La réponse doit être un texte.' })
  .max(MAX_CODE_LENGTH, { error: `La réponse ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.` });

export const exactKind = {
  kind: 'EXACT',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    const answers = ps.filter((p) => p.content.trim() !== '');
    if (answers.length === 0) issues.push({ path: ['possible_solutions'], message: 'Indiquez au moins une réponse acceptée.' });
    if (ps.length > EXACT_MAX_ANSWERS) {
      issues.push({ path: ['possible_solutions'], message: `Une question à réponse exacte ne peut pas avoir plus de ${EXACT_MAX_ANSWERS} réponses acceptées.` });
    }
    ps.forEach((p, i) => {
      if (p.content.trim() === '' && ps.length > 1) issues.push({ path: ['possible_solutions', i, 'content'], message: `La réponse acceptée ${i + 1} est vide.` });
    });
    return issues;
  },
  answer: textAnswerSchema,
  details: z.object({ type: z.literal('EXACT') }),
  detailsText: () => null,
  answerText: (answer) => rawAnswerText(answer),
} satisfies SharedQuestionKind<'EXACT'>;
