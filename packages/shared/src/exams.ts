// Exams (docs/api.md: staff resources, exams, update-status, extra-time): the body a teacher sends, the staff shape
// the API answers, the list row, and the lifecycle. Dates travel as ISO 8601 with an offset and are stored in UTC;
// screens show them in the university's time zone (Europe/Paris).
import { z } from 'zod';
import { idField, idParam, multilineText, optionalIdFilter, requiredText } from './zod-fr';
import { envelopeSchema, flag01, listQuerySchema, paginatedSchema } from './common';
import { LANGUAGES, QUESTION_KINDS } from './helper';

export const EXAM_STATUSES = ['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

export const EXAM_STATUS_LABELS: Record<ExamStatus, string> = {
  DRAFT: 'Brouillon',
  PUBLISHED: 'Publié',
  CLOSED: 'Clôturé',
  ARCHIVED: 'Archivé',
};

/** For selects and filters: `{ value, label }` in lifecycle order. */
export const EXAM_STATUS_OPTIONS = EXAM_STATUSES.map((value) => ({ value, label: EXAM_STATUS_LABELS[value] }));

/**
 * Allowed moves of `update-status`. PUBLISHED → DRAFT is further limited on the server to exams that no
 * student has started.
 */
export const EXAM_TRANSITIONS: Record<ExamStatus, readonly ExamStatus[]> = {
  DRAFT: ['PUBLISHED'],
  PUBLISHED: ['CLOSED', 'DRAFT'],
  CLOSED: ['ARCHIVED'],
  ARCHIVED: [],
};

/** Statuses a student may ever see (their year and parcours only). */
export const STUDENT_VISIBLE_EXAM_STATUSES = ['PUBLISHED', 'CLOSED'] as const satisfies readonly ExamStatus[];

export const examStatusSchema = z.enum(EXAM_STATUSES, { error: 'Le statut doit être DRAFT, PUBLISHED, CLOSED ou ARCHIVED.' });

export const EXAM_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  durationMin: 1,
  /** One day: longer than any sitting, shorter than a typo of a year. */
  durationMax: 1440,
  pointsMax: 1000,
  questionsMax: 200,
  specializationsMax: 50,
  extraMinutesMax: 1440,
  triesMax: 100,
} as const;

/** ISO 8601 date-time with its offset (`Z` or `+01:00`); normalised to UTC (`…Z`). */
const dateTimeField = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .pipe(z.iso.datetime({ offset: true, error: `${label} doit être une date et une heure valides, avec leur fuseau (ex. 2026-01-15T09:00:00+01:00).` }))
    .transform((s) => new Date(s).toISOString());

/** Submissions allowed per question: empty or null, no limit. */
const maxSubmissionsField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce
    .number({ error: 'Le nombre d’essais doit être un nombre.' })
    .int({ error: 'Le nombre d’essais doit être un nombre entier.' })
    .min(1, { error: 'Le nombre d’essais doit être d’au moins 1 (laissez vide pour ne pas limiter).' })
    .max(EXAM_LIMITS.triesMax, { error: `Le nombre d’essais ne doit pas dépasser ${EXAM_LIMITS.triesMax}.` })
    .nullish()
    .transform((v) => v ?? null),
);

/** Fraction of a question's points taken off per wrong try (0.1 = 10 %). */
const penaltyNumber = z.coerce
  .number({ error: 'La pénalité doit être un nombre.' })
  .min(0, { error: 'La pénalité ne peut pas être négative.' })
  .max(1, { error: 'La pénalité ne doit pas dépasser 100 % des points.' })
  .transform((n) => Math.round(n * 1000) / 1000);

export const examQuestionInputSchema = z.object({
  question_id: idField('La question'),
  points: z.coerce
    .number({ error: 'Les points doivent être un nombre.' })
    .positive({ error: 'Les points doivent être supérieurs à 0.' })
    .max(EXAM_LIMITS.pointsMax, { error: `Les points ne doivent pas dépasser ${EXAM_LIMITS.pointsMax}.` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'Les points ont au plus deux décimales.' }),
  /** This question's own limit and penalty; null: the exam's. */
  max_submissions: maxSubmissionsField,
  wrong_try_penalty: z.preprocess((v) => (v === '' ? null : v), penaltyNumber.nullish().transform((v) => v ?? null)),
});
export type ExamQuestionInput = z.infer<typeof examQuestionInputSchema>;

/** Create and update body. `version` (update only) is the version the editor loaded: a stale one is a 409. */
export const examInputSchema = z
  .object({
    title: requiredText('Le titre', EXAM_LIMITS.titleMax),
    description: multilineText('La description', EXAM_LIMITS.descriptionMax)
      .nullish()
      .transform((v) => v ?? ''),
    academic_year_id: idField("L'année universitaire"),
    specialization_ids: z
      .array(idField('Le parcours'), { error: 'Choisissez au moins un parcours.' })
      .min(1, { error: 'Choisissez au moins un parcours.' })
      .max(EXAM_LIMITS.specializationsMax, { error: `Un examen ne peut pas viser plus de ${EXAM_LIMITS.specializationsMax} parcours.` })
      .transform((ids) => [...new Set(ids)]),
    start_at: dateTimeField("La date d'ouverture"),
    end_at: dateTimeField('La date de fermeture'),
    // Empty (a cleared form field) or null: no duration, the student has until the closing time.
    duration_minutes: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce
        .number({ error: 'La durée doit être un nombre de minutes.' })
        .int({ error: 'La durée doit être un nombre entier de minutes.' })
        .min(EXAM_LIMITS.durationMin, { error: 'La durée doit être d’au moins 1 minute.' })
        .max(EXAM_LIMITS.durationMax, { error: `La durée ne doit pas dépasser ${EXAM_LIMITS.durationMax} minutes (24 heures).` })
        .nullish()
        .transform((v) => v ?? null),
    ),
    show_solutions_after_close: flag01.default(0),
    max_submissions: maxSubmissionsField,
    wrong_try_penalty: z.preprocess((v) => (v === '' || v == null ? 0 : v), penaltyNumber),
    questions: z
      .array(examQuestionInputSchema, { error: 'La liste des questions est invalide.' })
      .max(EXAM_LIMITS.questionsMax, { error: `Un examen ne peut pas avoir plus de ${EXAM_LIMITS.questionsMax} questions.` })
      .default([]),
    version: z.coerce.number({ error: 'La version doit être un nombre.' }).int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.end_at) <= Date.parse(v.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: "La date de fermeture doit être postérieure à la date d'ouverture." });
    }
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const q of v.questions) (seen.has(q.question_id) ? twice : seen).add(q.question_id);
    if (twice.size) {
      const ids = [...twice].join(', ');
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: twice.size === 1 ? `La question ${ids} figure plusieurs fois dans l'examen.` : `Les questions ${ids} figurent plusieurs fois dans l'examen.`,
      });
    }
  });
export type ExamInput = z.input<typeof examInputSchema>;
export type ExamData = z.infer<typeof examInputSchema>;

export const examStatusParamsSchema = idParam.extend({
  status: examStatusSchema,
});

export const examExtraTimeInputSchema = z.object({
  user_id: idField("L'étudiant"),
  minutes: z.coerce
    .number({ error: 'Le temps supplémentaire doit être un nombre de minutes.' })
    .int({ error: 'Le temps supplémentaire doit être un nombre entier de minutes.' })
    .min(0, { error: 'Le temps supplémentaire ne peut pas être négatif.' })
    .max(EXAM_LIMITS.extraMinutesMax, { error: `Le temps supplémentaire ne doit pas dépasser ${EXAM_LIMITS.extraMinutesMax} minutes.` }),
});
export type ExamExtraTimeInput = z.infer<typeof examExtraTimeInputSchema>;

export const EXAM_SORTS = ['title', 'start_at', 'end_at', 'status', 'created_at', 'updated_at'] as const;

export const examListQuerySchema = listQuerySchema.extend({
  academic_year_id: optionalIdFilter("L'année universitaire"),
  specialization_id: optionalIdFilter('Le parcours'),
  status: examStatusSchema.optional(),
});
export type ExamListQuery = z.input<typeof examListQuerySchema>;

// ---- Answers ---------------------------------------------------------------------------------

const isoString = z.string();

export const examSpecializationSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/** One question of an exam, as the staff editor shows it. */
export const examQuestionSchema = z.object({
  question_id: z.number().int(),
  position: z.number().int(),
  points: z.number(),
  type: z.enum(QUESTION_KINDS),
  language: z.enum(LANGUAGES).nullable(),
  /** The statement as plain text (formulas between \( and \)), cut to about 160 characters. */
  statement_excerpt: z.string(),
  /** The question's own default points (the bank's), for the editor's "reset" action. */
  default_points: z.number(),
  /** This question's own limit of submissions and penalty per wrong try; null: the exam's. */
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number().nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examExtraTimeSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  student_number: z.string().nullable(),
  minutes: z.number().int(),
});
export type ExamExtraTime = z.infer<typeof examExtraTimeSchema>;

/** A list row: everything but the questions and extra time. */
export const examListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  academic_year_id: z.number().int(),
  academic_year_label: z.string(),
  specializations: z.array(examSpecializationSchema),
  specialization_ids: z.array(z.number().int()),
  start_at: isoString,
  end_at: isoString,
  duration_minutes: z.number().int().nullable(),
  show_solutions_after_close: z.union([z.literal(0), z.literal(1)]),
  /** Submissions allowed per question (null: no limit) and fraction of its points taken off per wrong try. */
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number(),
  status: examStatusSchema,
  /** Bumped by every change; send it back with an update to detect another teacher's edit. */
  version: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  question_count: z.number().int(),
  total_points: z.number(),
  /** Students who started (an attempt exists); once > 0 the questions and points are frozen. */
  started_count: z.number().int(),
  finished_count: z.number().int(),
  created_at: isoString,
  updated_at: isoString,
});
export type ExamListItem = z.infer<typeof examListItemSchema>;

export const examSchema = examListItemSchema.extend({
  questions: z.array(examQuestionSchema),
  extra_times: z.array(examExtraTimeSchema),
});
export type Exam = z.infer<typeof examSchema>;

/** The base of a student's exam row (the student routes add progress and attempt). */
export const studentExamBaseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  start_at: isoString,
  end_at: isoString,
  duration_minutes: z.number().int().nullable(),
  status: z.enum(STUDENT_VISIBLE_EXAM_STATUSES),
  show_solutions_after_close: z.union([z.literal(0), z.literal(1)]),
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number(),
  question_count: z.number().int(),
  total_points: z.number(),
});
export type StudentExamBase = z.infer<typeof studentExamBaseSchema>;

export const examEnvelopeSchema = envelopeSchema(examSchema);
export const examPageSchema = paginatedSchema(examListItemSchema);
export const examDeletedEnvelopeSchema = envelopeSchema(z.object({ id: z.number().int() }));
export const examExtraTimeEnvelopeSchema = envelopeSchema(
  z.object({
    exam_id: z.number().int(),
    user_id: z.number().int(),
    minutes: z.number().int(),
    extra_times: z.array(examExtraTimeSchema),
    /** The student's attempt deadline after the change (recomputed if started, not finished); null when not started. */
    deadline: z.string().nullable().optional(),
  }),
);
