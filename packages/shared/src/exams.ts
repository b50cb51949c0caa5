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
  sectionsMax: 20,
  sectionTitleMax: 200,
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
  /** The position (from 1) of its section in `sections`. */
  section: z.coerce
    .number({ error: 'La section doit être un numéro.' })
    .int({ error: 'La section doit être un numéro entier.' })
    .min(1, { error: 'La section doit être un numéro à partir de 1.' })
    .default(1),
});
export type ExamQuestionInput = z.infer<typeof examQuestionInputSchema>;

/** A part of the exam: its questions are candidates, `pick` of them (null: all) drawn for each student at start. */
export const examSectionInputSchema = z.object({
  title: z
    .string({ error: 'Le titre de la section doit être un texte.' })
    .trim()
    .max(EXAM_LIMITS.sectionTitleMax, { error: `Le titre d’une section ne doit pas dépasser ${EXAM_LIMITS.sectionTitleMax} caractères.` })
    .nullish()
    .transform((v) => v ?? ''),
  pick: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: 'Le nombre de questions tirées doit être un nombre.' })
      .int({ error: 'Le nombre de questions tirées doit être un nombre entier.' })
      .min(1, { error: 'Le nombre de questions tirées doit être d’au moins 1 (laissez vide pour toutes).' })
      .nullish()
      .transform((v) => v ?? null),
  ),
  /** 1: each student sees this section's questions in an order of their own. */
  shuffle: flag01.default(0),
});
export type ExamSectionInput = z.input<typeof examSectionInputSchema>;

const ONE_SECTION = [{ title: '', pick: null, shuffle: 0 as const }];

/** Create and update body. `version` (update only) is the version the editor loaded: a stale one is a 409. */
export const examInputSchema = z
  .object({
    title: requiredText('Le titre', EXAM_LIMITS.titleMax),
    description: multilineText('La description', EXAM_LIMITS.descriptionMax)
      .nullish()
      .transform((v) => v ?? ''),
    academic_year_id: idField("L’année universitaire"),
    specialization_ids: z
      .array(idField('Le parcours'), { error: 'Choisissez au moins un parcours.' })
      .min(1, { error: 'Choisissez au moins un parcours.' })
      .max(EXAM_LIMITS.specializationsMax, { error: `Un examen ne peut pas viser plus de ${EXAM_LIMITS.specializationsMax} parcours.` })
      .transform((ids) => [...new Set(ids)]),
    start_at: dateTimeField("La date d’ouverture"),
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
    /** Answers wait for a person (essays): 1 shows the student the automatic part of the score first, labelled provisional. */
    show_provisional_score: flag01.default(0),
    max_submissions: maxSubmissionsField,
    wrong_try_penalty: z.preprocess((v) => (v === '' || v == null ? 0 : v), penaltyNumber),
    questions: z
      .array(examQuestionInputSchema, { error: 'La liste des questions est invalide.' })
      .max(EXAM_LIMITS.questionsMax, { error: `Un examen ne peut pas avoir plus de ${EXAM_LIMITS.questionsMax} questions.` })
      .default([]),
    /** Absent: one section holding every question, in the given order, for every student. */
    sections: z
      .array(examSectionInputSchema, { error: 'La liste des sections est invalide.' })
      .min(1, { error: 'Un examen a au moins une section.' })
      .max(EXAM_LIMITS.sectionsMax, { error: `Un examen ne peut pas avoir plus de ${EXAM_LIMITS.sectionsMax} sections.` })
      .default(ONE_SECTION),
    version: z.coerce.number({ error: 'La version doit être un nombre.' }).int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.end_at) <= Date.parse(v.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: "La date de fermeture doit être postérieure à la date d’ouverture." });
    }
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const q of v.questions) (seen.has(q.question_id) ? twice : seen).add(q.question_id);
    if (twice.size) {
      const ids = [...twice].join(', ');
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: twice.size === 1 ? `La question ${ids} figure plusieurs fois dans l’examen.` : `Les questions ${ids} figurent plusieurs fois dans l’examen.`,
      });
    }
    for (const issue of sectionIssues(v.sections, v.questions)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ExamInput = z.input<typeof examInputSchema>;
export type ExamData = z.infer<typeof examInputSchema>;

/** What makes a set of sections unusable: a question in no section, a draw larger than its section, unequal points. */
export function sectionIssues(
  sections: ReadonlyArray<{ pick: number | null }>,
  questions: ReadonlyArray<{ section: number; points: number }>,
): Array<{ path: Array<string | number>; message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  questions.forEach((q, i) => {
    if (q.section > sections.length) issues.push({ path: ['questions', i, 'section'], message: `La section ${q.section} n’existe pas : l’examen en a ${sections.length}.` });
  });
  sections.forEach((s, i) => {
    const inSection = questions.filter((q) => q.section === i + 1);
    if (s.pick === null) return;
    if (s.pick > inSection.length) {
      issues.push({
        path: ['sections', i, 'pick'],
        message: `La section ${i + 1} tire ${s.pick} question${s.pick > 1 ? 's' : ''} mais n’en contient que ${inSection.length}.`,
      });
    } else if (s.pick < inSection.length && new Set(inSection.map((q) => q.points)).size > 1) {
      // Every student must be able to earn the same total: a drawn question is worth as much as any other.
      issues.push({ path: ['sections', i, 'pick'], message: `Les questions de la section ${i + 1} sont tirées au sort : elles doivent toutes valoir le même nombre de points.` });
    }
  });
  return issues;
}

/** Questions each student gets and the points they are worth, sections and draws counted. */
export function perStudentTotals(
  sections: ReadonlyArray<{ pick: number | null }>,
  questions: ReadonlyArray<{ section: number; points: number }>,
): { question_count: number; total_points: number } {
  let count = 0;
  let points = 0;
  sections.forEach((s, i) => {
    const inSection = questions.filter((q) => q.section === i + 1);
    const n = s.pick === null ? inSection.length : Math.min(s.pick, inSection.length);
    count += n;
    points += s.pick === null || s.pick >= inSection.length ? inSection.reduce((t, q) => t + q.points, 0) : s.pick * inSection[0].points;
  });
  return { question_count: count, total_points: Math.round(points * 100) / 100 };
}

export const examStatusParamsSchema = idParam.extend({
  status: examStatusSchema,
});

export const examExtraTimeInputSchema = z.object({
  user_id: idField("L’étudiant"),
  minutes: z.coerce
    .number({ error: 'Le temps supplémentaire doit être un nombre de minutes.' })
    .int({ error: 'Le temps supplémentaire doit être un nombre entier de minutes.' })
    .min(0, { error: 'Le temps supplémentaire ne peut pas être négatif.' })
    .max(EXAM_LIMITS.extraMinutesMax, { error: `Le temps supplémentaire ne doit pas dépasser ${EXAM_LIMITS.extraMinutesMax} minutes.` }),
});
export type ExamExtraTimeInput = z.infer<typeof examExtraTimeInputSchema>;

export const EXAM_SORTS = ['title', 'start_at', 'end_at', 'status', 'created_at', 'updated_at'] as const;

export const examListQuerySchema = listQuerySchema.extend({
  academic_year_id: optionalIdFilter("L’année universitaire"),
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
  /** The position (from 1) of its section. */
  section: z.number().int(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examSectionSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  /** Questions drawn for each student; null: all of them. */
  pick: z.number().int().nullable(),
  shuffle: z.union([z.literal(0), z.literal(1)]),
});
export type ExamSection = z.infer<typeof examSectionSchema>;

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
  show_provisional_score: z.union([z.literal(0), z.literal(1)]),
  /** Submissions allowed per question (null: no limit) and fraction of its points taken off per wrong try. */
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number(),
  status: examStatusSchema,
  /** Bumped by every change; send it back with an update to detect another teacher's edit. */
  version: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  /** Questions each student gets and what they are worth (sections and draws counted). */
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
  sections: z.array(examSectionSchema),
  /** Every candidate question, by section then position. */
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
  show_provisional_score: z.union([z.literal(0), z.literal(1)]),
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
