// MATCHING (appariement): items to match with answers taken from one list, which may hold more answers than items
// (distractors). Stored as possible solutions: a row with an item (`content`) and the answer that goes with it
// (`expected_output`); a row with an answer only is a distractor. The student sees the items and the list of answers
// shuffled, never which answer goes with which item, and sends for each item the answer chosen. The teacher sets the
// scoring: PARTIAL (each item right earns its share of the points, as its weight says) or ALL_OR_NOTHING.
import { z } from 'zod';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const MATCHING_MIN_ITEMS = 2;
export const MATCHING_MAX_ITEMS = 20;
/** Items and distractors together. */
export const MATCHING_MAX_ROWS = 30;
/** Longest answer text a student may send for an item. */
export const MATCHING_ANSWER_MAX = 2000;

export const MATCHING_SCORINGS = ['PARTIAL', 'ALL_OR_NOTHING'] as const;
export type MatchingScoring = (typeof MATCHING_SCORINGS)[number];
export const MATCHING_SCORING_LABELS: Record<MatchingScoring, string> = {
  PARTIAL: 'Crédit partiel : chaque association juste rapporte sa part des points',
  ALL_OR_NOTHING: 'Tout ou rien : les points seulement si toutes les associations sont justes',
};

/** The answer: for each item answered, its id and the answer chosen in the list (items left out count wrong). */
export const matchingAnswerSchema = z
  .array(
    z.object(
      {
        item_id: z.number({ error: 'Un élément doit être un identifiant.' }).int(),
        answer: z
          .string({ error: 'La réponse associée doit être un texte.' })
          .max(MATCHING_ANSWER_MAX, { error: `La réponse associée ne doit pas dépasser ${MATCHING_ANSWER_MAX} caractères.` }),
      },
      { error: 'Chaque association doit donner un élément et une réponse.' },
    ),
    { error: 'La réponse doit être une liste d’associations.' },
  )
  .max(MATCHING_MAX_ITEMS, { error: 'Trop d’associations.' });
export type MatchingAnswer = z.infer<typeof matchingAnswerSchema>;

/** The same answer text, whatever spaces surround it: how answers are compared and listed once. */
export const matchingAnswerKey = (s: string) => s.trim();

const matchingDetailsSchema = z.object({
  type: z.literal('MATCHING'),
  /** Items matched with their answer, out of all the items (never which ones). */
  correct: z.number().int(),
  total: z.number().int(),
});

export const matchingKind = {
  kind: 'MATCHING',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    const items = ps.filter((p) => p.content.trim() !== '');
    if (items.length < MATCHING_MIN_ITEMS || items.length > MATCHING_MAX_ITEMS) {
      issues.push({ path: ['possible_solutions'], message: `Un appariement doit avoir entre ${MATCHING_MIN_ITEMS} et ${MATCHING_MAX_ITEMS} éléments à associer.` });
    }
    if (ps.length > MATCHING_MAX_ROWS) {
      issues.push({ path: ['possible_solutions'], message: `Un appariement ne peut pas avoir plus de ${MATCHING_MAX_ROWS} lignes (éléments et réponses en trop).` });
    }
    const seen = new Set<string>();
    ps.forEach((p, i) => {
      const item = p.content.trim();
      if (matchingAnswerKey(p.expected_output) === '') {
        issues.push({
          path: ['possible_solutions', i, 'expected_output'],
          message: item ? `L’élément ${i + 1} n’a pas de réponse associée.` : `La ligne ${i + 1} est vide.`,
        });
      }
      if (item) {
        const key = item.toLowerCase();
        if (seen.has(key)) issues.push({ path: ['possible_solutions', i, 'content'], message: `L’élément ${i + 1} est écrit deux fois.` });
        seen.add(key);
      }
    });
    if (q.scoring != null && !(MATCHING_SCORINGS as readonly string[]).includes(q.scoring)) {
      issues.push({ path: ['scoring'], message: 'Choisissez le crédit partiel ou le tout ou rien.' });
    }
    return issues;
  },
  answer: matchingAnswerSchema,
  details: matchingDetailsSchema,
  answerText: (answer, q, plain) => {
    const parsed = matchingAnswerSchema.safeParse(answer);
    if (!parsed.success) return rawAnswerText(answer);
    const items = new Map((q?.possible_solutions ?? []).map((p) => [p.id, plain(p.content)]));
    if (parsed.data.length === 0) return '(aucune association)';
    return parsed.data.map((a) => `- ${items.get(a.item_id) ?? 'élément retiré de la question'} → ${a.answer}`).join('\n');
  },
  detailsText: (d: z.infer<typeof matchingDetailsSchema>) => `Associations justes : ${d.correct} sur ${d.total}.`,
} satisfies SharedQuestionKind<'MATCHING'>;
