// Student practice (docs/api.md: student routes, practices/exercises, practices/question, practices/evaluate-solution) and
// the staff's view of it. An exercise is a question of the bank with is_practice = 1 and a course; a student
// may try it as often as they like, each try is graded at once by the one grading service and stored apart
// from exams. Done = validated at least once. What a student receives goes through these schemas only: the
// question is the student shape (no correct flag, accepted answer, hidden test, reference solution or
// expected expression).
import { z } from 'zod';
import { envelopeSchema } from './common';
import { gradeDetailsSchema } from './grading';
import { LANGUAGES } from './helper';
import { languageSchema, questionKindSchema, studentQuestionSchema, QUESTION_KINDS } from './questions';
import { EXAM_ANSWER_JSON_MAX } from './exam-taking';
import { compareMathEnvelopeSchema, execResultEnvelopeSchema, MAX_CODE_LENGTH } from './runner';
import { idField, optionalIdFilter } from './zod-fr';

/** What a practice list or screen asks for: a question type, or a language (an ALGORITHM exercise in it). */
export const PRACTICE_FILTERS = [...QUESTION_KINDS, ...LANGUAGES] as const;
export type PracticeFilter = (typeof PRACTICE_FILTERS)[number];
const filterSchema = z.enum(PRACTICE_FILTERS, { error: `Le type doit être ${PRACTICE_FILTERS.slice(0, -1).join(', ')} ou ${PRACTICE_FILTERS.at(-1)}.` });

/** Evaluations a student may ask for per minute (every type; a program also costs one unit of the run limit). */
export const PRACTICE_RATE_LIMIT_DEFAULT = 30;

export const PRACTICE_TEXTS = {
  notFound: 'Cet exercice est introuvable ou ne vous est pas proposé.',
  courseNotFound: 'Ce cours est introuvable ou n’est pas encore publié.',
  courseOther: "Ce cours n’est pas proposé à votre parcours.",
  premium: 'Les exercices de ce cours sont réservés aux étudiants premium.',
  rate: (n: number) => `Vous avez envoyé plus de ${n} réponses d’entraînement en une minute. Patientez un instant avant de réessayer.`,
  evaluated: (valid: boolean) => (valid ? 'Bravo, exercice validé !' : 'Pas encore : relisez le résultat et réessayez.'),
} as const;

// ---- Queries and bodies -------------------------------------------------------------------

export const practiceExercisesQuerySchema = z.object({
  course_id: optionalIdFilter('Le cours'),
  type: filterSchema.optional(),
});
export type PracticeExercisesQuery = z.infer<typeof practiceExercisesQuerySchema>;

export const practiceQuestionQuerySchema = z.object({
  course_id: optionalIdFilter('Le cours'),
  type: filterSchema.optional(),
  /** That exercise (when the student picks one in a list). */
  question_id: optionalIdFilter("L’exercice"),
  /** The next exercise after this one (not yet validated first): « Exercice suivant ». */
  after: optionalIdFilter("L’exercice"),
});
export type PracticeQuestionQuery = z.infer<typeof practiceQuestionQuerySchema>;

export const practiceEvaluateInputSchema = z.object({
  question_id: idField("L’exercice"),
  answer: z
    .unknown()
    .refine((v) => v !== undefined, { error: 'La réponse est obligatoire.' })
    .refine((v) => v === undefined || JSON.stringify(v).length <= EXAM_ANSWER_JSON_MAX, {
      error: `La réponse ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.`,
    }),
});
export type PracticeEvaluateInput = z.input<typeof practiceEvaluateInputSchema>;

// ---- Student answers ----------------------------------------------------------------------

const progressSchema = z.object({ validated: z.number().int(), total: z.number().int() });
export type PracticeProgress = z.infer<typeof progressSchema>;
const chapterRefSchema = z.object({ id: z.number().int(), title: z.string() });

export const practiceExerciseSchema = z.object({
  id: z.number().int(),
  type: questionKindSchema,
  language: languageSchema.nullable(),
  /** The statement as plain text, cut. */
  excerpt: z.string(),
  chapter: chapterRefSchema.nullable(),
  done: z.boolean(),
  attempts: z.number().int(),
});
export type PracticeExercise = z.infer<typeof practiceExerciseSchema>;

export const practiceCourseExercisesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_premium: z.union([z.literal(0), z.literal(1)]),
  /** A premium course and a student who is not: its exercises are counted, not listed. */
  locked: z.boolean(),
  progress: progressSchema,
  exercises: z.array(practiceExerciseSchema),
});
export type PracticeCourseExercises = z.infer<typeof practiceCourseExercisesSchema>;

export const practiceExercisesResultSchema = z.object({
  courses: z.array(practiceCourseExercisesSchema),
  progress: progressSchema,
});
export type PracticeExercisesResult = z.infer<typeof practiceExercisesResultSchema>;

export const practiceQuestionSchema = studentQuestionSchema.extend({
  course: z.object({ id: z.number().int(), title: z.string() }),
  chapter: chapterRefSchema.nullable(),
  done: z.boolean(),
  attempts: z.number().int(),
  /** The student's own last answer, to pick up where they left. */
  last_answer: z.unknown().nullable(),
});
export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>;

export const practiceQuestionResultSchema = z.object({
  /** Null when the course has no exercise of that kind. */
  question: practiceQuestionSchema.nullable(),
  /** 1-based place of the question among the exercises. */
  position: z.number().int(),
  progress: progressSchema,
  /** Every exercise validated: the question is the first one again, to practise more. */
  all_done: z.boolean(),
});
export type PracticeQuestionResult = z.infer<typeof practiceQuestionResultSchema>;

export const practiceEvaluateResultSchema = z.object({
  question_id: z.number().int(),
  is_valid: z.boolean(),
  details: gradeDetailsSchema,
  /** Validated at least once (this try or an earlier one). */
  done: z.boolean(),
  progress: progressSchema,
});
export type PracticeEvaluateResult = z.infer<typeof practiceEvaluateResultSchema>;

/** A free run of the student editor (the staff code helper's answer). */
export const practiceRunInputSchema = z.object({
  language: languageSchema,
  code: z
    .string({ error: 'Le code est obligatoire.' })
    .min(1, { error: 'Le code est obligatoire.' })
    .max(MAX_CODE_LENGTH, { error: `Le code ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.` }),
  stdin: z.string().max(1_000_000, { error: "L’entrée standard ne doit pas dépasser 1000000 caractères." }).optional().default(''),
});

export const practiceExercisesEnvelopeSchema = envelopeSchema(practiceExercisesResultSchema);
export const practiceQuestionEnvelopeSchema = envelopeSchema(practiceQuestionResultSchema);
export const practiceEvaluateEnvelopeSchema = envelopeSchema(practiceEvaluateResultSchema);
export const practiceRunEnvelopeSchema = execResultEnvelopeSchema;
export const practiceCompareMathEnvelopeSchema = compareMathEnvelopeSchema;

// ---- Staff: a course's practice ---------------------------------------------------------

export const practiceStatsExerciseSchema = z.object({
  id: z.number().int(),
  type: questionKindSchema,
  language: languageSchema.nullable(),
  excerpt: z.string(),
  chapter: chapterRefSchema.nullable(),
  attempts: z.number().int(),
  failures: z.number().int(),
  students_tried: z.number().int(),
  students_validated: z.number().int(),
});
export type PracticeStatsExercise = z.infer<typeof practiceStatsExerciseSchema>;

export const practiceStatsStudentSchema = z.object({
  id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  attempts: z.number().int(),
  validated: z.number().int(),
  /** Ids of the exercises this student validated. */
  validated_ids: z.array(z.number().int()),
  /** Ids of the exercises tried and not (yet) validated. */
  tried_ids: z.array(z.number().int()),
});
export type PracticeStatsStudent = z.infer<typeof practiceStatsStudentSchema>;

export const practiceCourseStatsSchema = z.object({
  course: z.object({ id: z.number().int(), title: z.string() }),
  exercises: z.array(practiceStatsExerciseSchema),
  students: z.array(practiceStatsStudentSchema),
  /** Exercises with at least one failed try, most failures first (at most 5). */
  most_failed: z.array(practiceStatsExerciseSchema),
});
export type PracticeCourseStats = z.infer<typeof practiceCourseStatsSchema>;
export const practiceCourseStatsEnvelopeSchema = envelopeSchema(practiceCourseStatsSchema);
