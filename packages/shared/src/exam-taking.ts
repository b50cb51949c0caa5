// What a student sends and receives while taking an exam (docs/api.md: student routes, exams, start, questions, draft,
// run-examples, solutions, finish, show). The server answers through these schemas only: a correct flag, an
// accepted answer, a hidden test, the reference solution or the expected expression never leave it.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { idField } from './zod-fr';
import { gradeDetailsSchema, gradeResultSchema } from './grading';
import { studentQuestionSchema } from './questions';
import { STUDENT_VISIBLE_EXAM_STATUSES } from './exams';
import { MAX_CODE_LENGTH } from './runner';

/** Submissions that reach the server this long after the deadline (sent before it) are still accepted. */
export const EXAM_GRACE_SECONDS = 30;
/** Answers in one POST solutions. */
export const EXAM_MAX_ANSWERS_PER_CALL = 50;
/** Bounds of a student's extra-time factor (tiers-temps, e.g. 1.33). */
export const EXTRA_TIME_FACTOR_MIN = 1;
export const EXTRA_TIME_FACTOR_MAX = 3;

/** What sets one student's time on an exam. */
export interface AttemptTime {
  /** The exam's duration with the time added for everyone (`durationWithBonus`); null: until the closing time. */
  duration_minutes: number | null;
  /** The student's extra-time factor (tiers-temps), kept within its bounds here. */
  extra_time_factor: number;
  /** Minutes granted to this student on this exam. */
  extra_minutes: number;
}

/** Minutes a student is given: duration × extra-time factor + extra minutes (null: no duration, until the closing). */
export function allowedMinutes(t: AttemptTime): number | null {
  if (t.duration_minutes == null) return null;
  const factor = Math.min(EXTRA_TIME_FACTOR_MAX, Math.max(EXTRA_TIME_FACTOR_MIN, Number(t.extra_time_factor) || 1));
  return t.duration_minutes * factor + Math.max(0, t.extra_minutes);
}

/**
 * An attempt's deadline, the one rule every start, extra time and time for everyone applies: start + the minutes
 * the student is given (`allowedMinutes`), never after the exam closes; the closing time when the exam has no duration.
 */
export function attemptDeadline(start: Date, endAt: Date, t: AttemptTime): Date {
  const minutes = allowedMinutes(t);
  if (minutes == null) return endAt;
  return new Date(Math.min(start.getTime() + Math.round(minutes * 60_000), endAt.getTime()));
}

export const EXAM_GROUPS = ['A_VENIR', 'OUVERT', 'TERMINE'] as const;
export type ExamGroup = (typeof EXAM_GROUPS)[number];
export const EXAM_GROUP_LABELS: Record<ExamGroup, string> = { A_VENIR: 'À venir', OUVERT: 'Ouvert', TERMINE: 'Terminé' };

/** ANSWERED: an answer is stored and its verdict hidden until the attempt is over (access rule « verdicts masqués »). */
/** PENDING: an answer waiting for a person to grade it (an essay): no verdict yet, its points not counted as 0. */
export const QUESTION_STATES = ['VALIDATED', 'NOT_VALIDATED', 'UNANSWERED', 'ANSWERED', 'PENDING'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];
export const SCORE_STATUSES = ['FINAL', 'PROVISIONAL', 'PENDING'] as const;
export type ScoreStatus = (typeof SCORE_STATUSES)[number];
export const SCORE_STATUS_LABELS: Record<ScoreStatus, string> = {
  FINAL: 'Note définitive',
  PROVISIONAL: 'Note provisoire : des réponses sont en attente de correction',
  PENDING: 'En attente de correction : la note sera affichée une fois toutes les réponses corrigées',
};
export const QUESTION_STATE_LABELS: Record<QuestionState, string> = {
  VALIDATED: 'Validé',
  NOT_VALIDATED: 'Non validé',
  UNANSWERED: 'Non répondu',
  ANSWERED: 'Réponse enregistrée',
  PENDING: 'En attente de correction',
};

export const EXAM_TAKING_TEXTS = {
  notFound: 'Cet examen est introuvable ou ne vous est pas proposé.',
  notOpenYet: "L’examen n’est pas encore ouvert.",
  closed: "L’examen est clôturé : il n’est plus possible de le commencer.",
  notStarted: "Vous n’avez pas encore commencé cet examen.",
  finished: 'Vous avez terminé cet examen : plus aucune réponse n’est acceptée.',
  examClosed: 'L’examen a été clôturé : plus aucune réponse n’est acceptée.',
  timeUp: 'Temps écoulé : la réponse est arrivée après la fin de votre temps.',
  questionNotInExam: "Cette question ne fait pas partie de l’examen.",
  notAlgorithm: 'Seules les questions de programmation ont des exemples à tester.',
  noTriesLeft: (max: number) =>
    max === 1 ? 'Vous avez déjà soumis votre unique essai pour cette question.' : `Vous avez déjà utilisé vos ${max} essais pour cette question.`,
  /** The answer of a question graded later (the runner saturated by others): kept, never refused. */
  gradedLater:
    'Réponse enregistrée, en cours de correction : le serveur d’exécution est très demandé en ce moment. Votre programme sera corrigé dès que possible et son résultat s’affichera ici ; vous pouvez continuer l’examen.',
  /** The route's message when one of the answers is graded later. */
  answersKeptForLater: 'Réponse enregistrée : sa correction est en cours, le résultat s’affichera dès qu’il sera prêt.',
  answersGraded: 'Réponses corrigées.',
} as const;

const iso = z.string();
const attemptSchema = z.object({ started_at: iso, deadline: iso, finished_at: iso.nullable() });
export type ExamAttemptInfo = z.infer<typeof attemptSchema>;

export const studentExamListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  start_at: iso,
  end_at: iso,
  duration_minutes: z.number().int().nullable(),
  /**
   * This student's time: duration × extra-time factor + extra minutes (null: until closing); once started, with the
   * factor the attempt started with (a later change of the student's factor never rewrites it).
   */
  allowed_minutes: z.number().nullable(),
  total_points: z.number(),
  /** The exam's rule of tries (a question may set its own): submissions per question (null: no limit), penalty per wrong try. */
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number(),
  status: z.enum(STUDENT_VISIBLE_EXAM_STATUSES),
  group: z.enum(EXAM_GROUPS),
  /** `validated` is null while this exam hides verdicts and the attempt is not over. */
  progress: z.object({ answered: z.number().int(), validated: z.number().int().nullable(), total: z.number().int() }),
  attempt: attemptSchema.nullable(),
  /** An accommodation of this student: the exam page shows larger text. */
  large_text: z.boolean(),
});
export type StudentExamListItem = z.infer<typeof studentExamListItemSchema>;

/** `server_time`: the server's clock when it answered, so a client can correct its own clock's skew. */
export const examStartResultSchema = z.object({ started_at: iso, deadline: iso, server_time: iso });
export type ExamStartResult = z.infer<typeof examStartResultSchema>;

/** The attempt as it stands now: an open exam page asks for it every few seconds (extra time granted meanwhile). */
export const examAttemptResultSchema = attemptSchema.extend({ server_time: iso });
export type ExamAttemptResult = z.infer<typeof examAttemptResultSchema>;

export const takingQuestionSchema = studentQuestionSchema.extend({
  draft: z.unknown().nullable(),
  /** When the server stored the draft (its clock): a browser keeps the newer of its own copy and this one. */
  draft_updated_at: iso.nullable(),
  last_answer: z.unknown().nullable(),
  /** The verdict of the last submission (the state keeps the best one); null before any. */
  last_is_valid: z.boolean().nullable(),
  state: z.enum(QUESTION_STATES),
  /** Details of the last submission's grading. */
  details: gradeDetailsSchema.nullable(),
  /** Submissions used on this question, the most allowed (null: no limit) and the fraction of its points taken off per wrong try. */
  tries: z.number().int(),
  max_submissions: z.number().int().nullable(),
  wrong_try_penalty: z.number(),
  /** The title of the section the question belongs to (null: untitled); the student sees it above the question. */
  section_title: z.string().nullable().optional(),
});
export type TakingQuestion = z.infer<typeof takingQuestionSchema>;

export const examQuestionsResultSchema = z.object({
  attempt: attemptSchema,
  server_time: iso,
  questions: z.array(takingQuestionSchema),
  /** True while this exam hides verdicts: answered questions are ANSWERED, without verdict or details. */
  verdicts_hidden: z.boolean().optional(),
});
export type ExamQuestionsResult = z.infer<typeof examQuestionsResultSchema>;

/** Room for the longest program (MAX_CODE_LENGTH characters) once written as JSON, escapes included. */
export const EXAM_ANSWER_JSON_MAX = 2 * MAX_CODE_LENGTH;

const answerValue = z
  .unknown()
  .refine((v) => v !== undefined, { error: 'La réponse est obligatoire.' })
  .refine((v) => v === undefined || JSON.stringify(v).length <= EXAM_ANSWER_JSON_MAX, {
    error: `La réponse ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.`,
  });

export const examDraftInputSchema = z.object({ question_id: idField('La question'), answer: answerValue });
export type ExamDraftInput = z.input<typeof examDraftInputSchema>;

export const examRunExamplesInputSchema = examDraftInputSchema;

export const examSolutionsInputSchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: idField('La question'),
        answer: answerValue,
        submission_id: z.uuid({ error: "L’identifiant de soumission doit être un UUID." }).optional(),
      }),
      { error: 'Les réponses doivent être une liste.' },
    )
    .min(1, { error: 'Envoyez au moins une réponse.' })
    .max(EXAM_MAX_ANSWERS_PER_CALL, { error: `Au plus ${EXAM_MAX_ANSWERS_PER_CALL} réponses par envoi.` }),
});
export type ExamSolutionsInput = z.input<typeof examSolutionsInputSchema>;
/**
 * Each answer's verdict, with the submissions used on its question once it is stored. While the exam hides
 * verdicts, `is_valid` and `details` are null: the answer is recorded (« Réponse enregistrée »), nothing more.
 */
export const examSolutionsResultSchema = z.array(
  z.object({ question_id: z.number().int(), is_valid: z.boolean().nullable(), details: gradeDetailsSchema.nullable(), tries: z.number().int() }),
);
export type ExamGradeResult = z.infer<typeof examSolutionsResultSchema>[number];

export const examShowResultSchema = z.object({
  exam: z.object({ id: z.number().int(), title: z.string(), status: z.enum(STUDENT_VISIBLE_EXAM_STATUSES), end_at: iso }),
  attempt: attemptSchema.nullable(),
  /** Null while answers wait for a person and the exam does not show the automatic part first (score_status PENDING). */
  score: z.number().nullable(),
  max_score: z.number(),
  score_20: z.number().nullable(),
  /** FINAL: everything graded; PROVISIONAL: answers wait for a person, the score shown is the automatic part
   *  (« provisoire », the exam's choice); PENDING: answers wait for a person, no score yet. */
  score_status: z.enum(SCORE_STATUSES),
  /** Answers waiting for a person (« en attente de correction »). */
  pending_count: z.number().int(),
  validated: z.number().int(),
  total: z.number().int(),
  /** True when the correct answers are shown (after closing, and only if the exam allows it). */
  solutions_shown: z.boolean(),
  questions: z.array(
    z.object({
      question: studentQuestionSchema,
      state: z.enum(QUESTION_STATES),
      /** Points earned (best result). */
      score: z.number(),
      /** The answer that counted (the best result) and its details. */
      answer: z.unknown().nullable(),
      details: gradeDetailsSchema.nullable(),
      /** True when that answer was sent from the student's draft when the attempt ended (not by them). */
      from_draft: z.boolean(),
      /** The last answer sent, when it is not the one that counted. */
      last: z.object({ answer: z.unknown().nullable(), is_valid: z.boolean(), details: gradeDetailsSchema.nullable(), from_draft: z.boolean() }).nullable(),
      /** Only when solutions_shown: QCM correct choice ids, EXACT accepted answers, MATH expected expression,
       *  MATCHING each item with its answer. */
      solution: z
        .object({
          choice_ids: z.array(z.number().int()),
          accepted: z.array(z.string()),
          expected: z.string().nullable(),
          pairs: z.array(z.object({ item_id: z.number().int(), answer: z.string() })),
        })
        .nullable(),
    }),
  ),
});
export type ExamShowResult = z.infer<typeof examShowResultSchema>;

export const studentExamListEnvelopeSchema = envelopeSchema(z.array(studentExamListItemSchema));
export const examStartEnvelopeSchema = envelopeSchema(examStartResultSchema);
export const examQuestionsEnvelopeSchema = envelopeSchema(examQuestionsResultSchema);
export const examDraftEnvelopeSchema = envelopeSchema(z.object({ question_id: z.number().int(), updated_at: iso }));
export const examRunExamplesEnvelopeSchema = envelopeSchema(gradeResultSchema);
export const examSolutionsEnvelopeSchema = envelopeSchema(examSolutionsResultSchema);
export const examFinishEnvelopeSchema = envelopeSchema(attemptSchema);
export const examAttemptEnvelopeSchema = envelopeSchema(examAttemptResultSchema);
export const examShowEnvelopeSchema = envelopeSchema(examShowResultSchema);

// ---- Late answers and the emergency copy --------------------------------------------------------------------------
// An answer sent before the end but delivered after it (the network came back late) is refused for grading, kept on
// the server and in the browser, and listed for staff, who attach it to the attempt or refuse it, saying why. The
// exam page also gives an emergency copy (a JSON file) of what the student gave, with its times; staff may import it.

export const LATE_ANSWER_KINDS = ['SUBMITTED', 'DRAFT'] as const;
export const LATE_ANSWER_SOURCES = ['QUEUE', 'FILE'] as const;
export const LATE_DECISIONS = ['ATTACHED', 'REFUSED'] as const;
export type LateDecision = (typeof LATE_DECISIONS)[number];
export const LATE_ANSWERS_MAX_PER_CALL = 50;
export const LATE_ANSWERS_MAX_PER_ATTEMPT = 200;
export const EMERGENCY_COPY_FORMAT = 'copie-de-secours-examen';

export const LATE_ANSWER_TEXTS = {
  stillOpen: 'Votre tentative est encore ouverte : envoyez vos réponses normalement.',
  tooMany: `Au plus ${LATE_ANSWERS_MAX_PER_ATTEMPT} réponses peuvent être gardées pour une tentative.`,
  givenAtOutside: 'L’heure de la réponse doit se situer pendant la tentative, entre son début et sa fin.',
  copyOtherStudent: 'Cette copie de secours nomme un autre étudiant que celui du compte indiqué (son nom, son adresse ou ses réponses sont ceux d’un autre) : elle n’est pas importée.',
  copyInFuture: 'Cette copie de secours est datée dans le futur : elle n’est pas importée.',
  answerAfterCopy: 'Une réponse de cette copie de secours est datée après la copie elle-même : elle n’est pas importée.',
  notFound: 'Cette réponse tardive est introuvable.',
  alreadyDecided: 'Une décision a déjà été prise pour cette réponse.',
  otherExam: 'Cette copie de secours est celle d’un autre examen.',
  noAttempt: 'Cet étudiant n’a pas de tentative pour cet examen : sa copie de secours ne peut pas y être jointe.',
} as const;

const givenAt = z.iso.datetime({ offset: true, error: 'L’heure de la réponse doit être une date et une heure valides.' });

const lateAnswerInputSchema = z.object({
  question_id: idField('La question'),
  answer: answerValue,
  submission_id: z.uuid({ error: "L’identifiant de soumission doit être un UUID." }),
  given_at: givenAt,
  kind: z.enum(LATE_ANSWER_KINDS).default('SUBMITTED'),
});

export const examLateAnswersInputSchema = z.object({
  answers: z
    .array(lateAnswerInputSchema, { error: 'Les réponses doivent être une liste.' })
    .min(1, { error: 'Envoyez au moins une réponse.' })
    .max(LATE_ANSWERS_MAX_PER_CALL, { error: `Au plus ${LATE_ANSWERS_MAX_PER_CALL} réponses par envoi.` }),
});
export type ExamLateAnswersInput = z.input<typeof examLateAnswersInputSchema>;
export type ExamLateAnswersData = z.infer<typeof examLateAnswersInputSchema>;
export const examLateAnswersEnvelopeSchema = envelopeSchema(z.object({ kept: z.number().int() }));

/** The emergency copy a student downloads from the exam page (one JSON file), which staff may import. */
export const emergencyCopySchema = z.object({
  format: z.literal(EMERGENCY_COPY_FORMAT, { error: 'Ce fichier n’est pas une copie de secours d’examen.' }),
  version: z.literal(1, { error: 'Cette version de copie de secours n’est pas reconnue.' }),
  exam: z.object({ id: z.number().int(), title: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  made_at: givenAt,
  answers: z
    .array(lateAnswerInputSchema.extend({ question_number: z.number().int(), refusal: z.string().nullable() }))
    .max(LATE_ANSWERS_MAX_PER_ATTEMPT, { error: `Une copie de secours contient au plus ${LATE_ANSWERS_MAX_PER_ATTEMPT} réponses.` }),
});
export type EmergencyCopy = z.infer<typeof emergencyCopySchema>;

/** A late answer as staff see it, with the decision taken on it. */
export const lateAnswerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  question_id: z.number().int(),
  /** 1-based place of the question in the exam. */
  position: z.number().int(),
  kind: z.enum(LATE_ANSWER_KINDS),
  source: z.enum(LATE_ANSWER_SOURCES),
  answer: z.unknown(),
  given_at: iso,
  received_at: iso,
  /** The attempt's deadline: how late the answer is. */
  deadline: iso,
  /** When the attempt actually ended (« Terminer », the close, else its deadline). */
  attempt_ended_at: iso,
  /** The exam's solutions were visible to the student when the answer reached the server. */
  solutions_visible: z.boolean(),
  /** The same answer as the draft the server kept for that question (it had reached the server in time). */
  matches_draft: z.boolean(),
  decision: z.enum(LATE_DECISIONS).nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: iso.nullable(),
  reason: z.string().nullable(),
  /** Once attached: the grade it got. */
  verdict: z.object({ is_valid: z.boolean(), score: z.number() }).nullable(),
});
export type LateAnswer = z.infer<typeof lateAnswerSchema>;
export const lateAnswersEnvelopeSchema = envelopeSchema(z.array(lateAnswerSchema));
export const lateAnswerEnvelopeSchema = envelopeSchema(lateAnswerSchema);
export const lateAnswerParamsSchema = z.object({ id: idField("L’examen"), lateId: idField('La réponse tardive') });
export const lateDecisionInputSchema = z.object({
  decision: z.enum(LATE_DECISIONS, { error: 'Choisissez de joindre la réponse à la copie ou de la refuser.' }),
  reason: z
    .string({ error: 'Le motif de la décision est obligatoire.' })
    .trim()
    .min(3, { error: 'Le motif de la décision est obligatoire (3 caractères au moins).' })
    .max(500, { error: 'Le motif ne doit pas dépasser 500 caractères.' }),
});
export type LateDecisionInput = z.infer<typeof lateDecisionInputSchema>;
export const emergencyImportEnvelopeSchema = envelopeSchema(z.object({ kept: z.number().int(), user_id: z.number().int() }));
