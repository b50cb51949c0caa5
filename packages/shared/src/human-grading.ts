// Answers graded by people (docs/correction-humaine.md): per exam, the questions whose answers wait for a person
// (essays), and per question a grading queue: the copies one after another, in an order fixed for each grader and
// shuffled (never alphabetical), anonymous (a copy number), each mark saved at once with its version so that two
// graders never overwrite each other (409). Staff only: /api/admin/exams/{examId}/grading/…
import { z } from 'zod';
import { envelopeSchema } from './common';
import { annotationSchema, annotationShape, ANNOTATIONS_MAX, RUBRIC_MAX_CRITERIA, rubricChoiceSchema, rubricLevelChosenSchema, rubricShape } from './rubric';
import { answerFileSchema, fileAnnotationSchema } from './question-kinds/file';
import { idField, intField } from './zod-fr';

/** Longest comment of a mark, in characters. */
export const MARK_COMMENT_MAX = 5000;

export const gradingExamParamsSchema = z.object({ examId: idField('L’examen') });
export const gradingQuestionParamsSchema = z.object({ examId: idField('L’examen'), questionId: idField('La question') });
export const gradingCopyParamsSchema = gradingQuestionParamsSchema.extend({ copy: intField('Le numéro de copie', 1, 1_000_000) });

export const gradingCountsSchema = z.object({
  /** Copies holding an answer to the question (attempts over). */
  total: z.number().int(),
  graded: z.number().int(),
  /** Still to grade. */
  left: z.number().int(),
});
export type GradingCounts = z.infer<typeof gradingCountsSchema>;

/** GET …/grading: the exam's questions graded by people, with what is left. */
export const gradingOverviewSchema = z.object({
  exam: z.object({ id: z.number().int(), title: z.string() }),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      /** Its number in the exam (1, 2…). */
      position: z.number().int(),
      title: z.string(),
      points: z.number(),
      counts: gradingCountsSchema,
    }),
  ),
});
export type GradingOverview = z.infer<typeof gradingOverviewSchema>;

export const markSchema = z.object({
  points: z.number(),
  comment: z.string().nullable(),
  /** Increased by each save: send it back with the next one. */
  version: z.number().int(),
  graded_by: z.string().nullable(),
  graded_at: z.string(),
  /** The rubric's levels chosen (empty: marked without a rubric). */
  levels: z.array(rubricLevelChosenSchema).optional(),
  /** Comments on passages of the answer's text. */
  annotations: z.array(annotationShape).optional(),
});
export type Mark = z.infer<typeof markSchema>;

export const gradingCopySchema = z.object({
  /** The copy's number for this question: the same for every grader, never the student's name. */
  copy: z.number().int(),
  /** The answer's text as written (formulas between \( and \)). */
  text: z.string(),
  words: z.number().int(),
  /** Sent from the student's draft when the attempt ended. */
  from_draft: z.boolean(),
  mark: markSchema.nullable(),
  /** The statement this student was given, when it is not the question's (a parameterised question's variant, its
   *  values filled in; or another version); absent: the queue's statement. */
  statement: z.string().optional(),
  /** FILE: the files handed in (read through /api/answer-files/{id}), and the graders' annotations on them. */
  files: z.array(answerFileSchema).optional(),
  file_annotations: z.array(fileAnnotationSchema).optional(),
});
export type GradingCopy = z.infer<typeof gradingCopySchema>;

/** GET …/grading/questions/{questionId}: the queue, in this grader's order. */
export const gradingQueueSchema = z.object({
  exam: z.object({ id: z.number().int(), title: z.string() }),
  question: z.object({
    question_id: z.number().int(),
    position: z.number().int(),
    statement: z.string(),
    points: z.number(),
    word_limit: z.number().int().nullable(),
    /** For the graders only. */
    grader_info: z.string().nullable(),
    /** The rubric in effect for this exam (the pinned version's, or the one applied since), for the graders only. */
    rubric: rubricShape.nullable().optional(),
    /** The question's current version carries another rubric than the one in effect: « Appliquer le barème modifié ». */
    rubric_changed: z.boolean().optional(),
  }),
  copies: z.array(gradingCopySchema),
  counts: gradingCountsSchema,
});
export type GradingQueue = z.infer<typeof gradingQueueSchema>;

/** PUT …/copies/{copy}: the points (two decimals at most, 0 to the question's points), a comment, and the version of
 *  the mark the grader saw (0: none yet). */
export const markInputSchema = z.object({
  points: z.coerce
    .number({ error: 'Les points doivent être un nombre.' })
    .min(0, { error: 'Les points ne peuvent pas être négatifs.' })
    .multipleOf(0.01, { error: 'Les points ont au plus deux décimales.' }),
  comment: z
    .string({ error: 'Le commentaire doit être un texte.' })
    .max(MARK_COMMENT_MAX, { error: `Le commentaire ne doit pas dépasser ${MARK_COMMENT_MAX} caractères.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
  version: z.coerce.number({ error: 'La version doit être un nombre.' }).int().min(0),
  /** One choice per criterion of the rubric in effect; the points are then the rubric's (scaled), not `points`. */
  rubric: z.array(rubricChoiceSchema).max(RUBRIC_MAX_CRITERIA).nullish(),
  annotations: z.array(annotationSchema).max(ANNOTATIONS_MAX, { error: `Une copie a au plus ${ANNOTATIONS_MAX} annotations.` }).nullish(),
});
export type MarkInput = z.input<typeof markInputSchema>;
export type MarkInputParsed = z.output<typeof markInputSchema>;

export const markResultSchema = z.object({ copy: z.number().int(), mark: markSchema, counts: gradingCountsSchema });
export type MarkResult = z.infer<typeof markResultSchema>;

/** POST …/questions/{questionId}/rubric/apply: the question's current rubric applied to the exam, every graded copy
 *  re-scored. */
export const rubricApplyResultSchema = z.object({
  /** Copies whose mark was re-scored (graded with a rubric). */
  rescored: z.number().int(),
  /** Of them, those whose points changed. */
  changed: z.number().int(),
  /** Of them, those left with a criterion without level (0 points for it): to review. */
  to_review: z.number().int(),
  /** Double marking: copies whose mean was withdrawn, the two re-scored marks now apart beyond the threshold: to settle. */
  to_settle: z.number().int(),
});
export type RubricApplyResult = z.infer<typeof rubricApplyResultSchema>;
export const rubricApplyEnvelopeSchema = envelopeSchema(rubricApplyResultSchema);

export const gradingOverviewEnvelopeSchema = envelopeSchema(gradingOverviewSchema);
export const gradingQueueEnvelopeSchema = envelopeSchema(gradingQueueSchema);
export const markResultEnvelopeSchema = envelopeSchema(markResultSchema);

export const HUMAN_GRADING_TEXTS = {
  loaded: 'Copies chargées.',
  overviewLoaded: 'Questions à corriger chargées.',
  saved: (copy: number) => `Note de la copie ${copy} enregistrée.`,
  notFound: 'Cet examen n’a pas cette question à corriger.',
  copyNotFound: 'Cette copie n’existe pas pour cette question.',
  tooMany: (max: number) => `La note ne peut pas dépasser les points de la question (${max}).`,
  stale: 'Un autre correcteur a noté cette copie entre-temps : sa note est affichée, vérifiez-la avant d’enregistrer de nouveau.',
  notOver: 'Cette copie est encore en cours de composition : elle se corrige une fois terminée.',
} as const;
