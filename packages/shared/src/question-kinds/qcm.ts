// QCM: choices, one or several correct. The student sends the ids of the choices ticked; right when exactly the
// correct ones are ticked.
import { z } from 'zod';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const QCM_MIN_CHOICES = 2;
export const QCM_MAX_CHOICES = 10;

export const qcmAnswerSchema = z
  .array(z.number({ error: 'Un choix doit être un identifiant.' }).int(), { error: 'La réponse doit être une liste de choix.' })
  .max(QCM_MAX_CHOICES, { error: 'Trop de choix cochés.' });

export const qcmKind = {
  kind: 'QCM',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    if (ps.length < QCM_MIN_CHOICES || ps.length > QCM_MAX_CHOICES) {
      issues.push({ path: ['possible_solutions'], message: `Un QCM doit avoir entre ${QCM_MIN_CHOICES} et ${QCM_MAX_CHOICES} choix.` });
    }
    ps.forEach((p, i) => {
      if (p.content.trim() === '') issues.push({ path: ['possible_solutions', i, 'content'], message: `Le choix ${i + 1} est vide.` });
    });
    if (ps.length > 0 && !ps.some((p) => p.is_correct === 1)) {
      issues.push({ path: ['possible_solutions'], message: 'Un QCM doit avoir au moins un choix correct.' });
    }
    return issues;
  },
  answer: qcmAnswerSchema,
  details: z.object({ type: z.literal('QCM') }),
  detailsText: () => null,
  answerText: (answer, q, plain) => {
    if (!Array.isArray(answer)) return rawAnswerText(answer);
    const choices = new Map((q?.possible_solutions ?? []).map((c) => [c.id, plain(c.content)]));
    return (answer as unknown[]).map((id) => `- ${choices.get(Number(id)) ?? 'choix retiré de la question'}`).join('\n');
  },
} satisfies SharedQuestionKind<'QCM'>;
