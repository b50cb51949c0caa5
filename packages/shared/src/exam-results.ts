// Results of exams for staff (docs/api.md: staff resources, exam-results, statistics, averages, export, regrade).
// Staff shapes: they may carry hidden test outputs (per-case runs) — never use them in a student route.
// Scores travel in points and on 20 (rounded to 2 decimals); fractions (rates, facility) as 0..1.
// The rules behind each figure are in docs/examens.md « Résultats » and in EXAM_RESULTS_EXPLANATIONS below.
import { z } from 'zod';
import { envelopeSchema, listQuerySchema, paginatedSchema } from './common';
import { idField, optionalIdFilter } from './zod-fr';
import { examStatusSchema } from './exams';
import { QUESTION_STATES } from './exam-taking';
import { gradeDetailsSchema } from './grading';
import { VERDICTS } from './runner';
import { EXTRA_TIME_FACTOR_MESSAGE } from './academic';
import { questionKindSchema, variantValuesSchema } from './questions';

// ---- Vocabulary --------------------------------------------------------------------------------

/** Where a student stands in an exam: not started, started and still able to answer, finished (or time up). */
export const ATTEMPT_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_STATUS_LABELS: Record<AttemptStatus, string> = {
  NOT_STARTED: 'Non commencé',
  IN_PROGRESS: 'En cours',
  FINISHED: 'Terminé',
};

/** A cell of the averages table: counted with a score, counted as absent (0), or not counted yet. */
export const AVERAGE_CELL_STATUSES = ['SCORED', 'ABSENT', 'PENDING'] as const;
export type AverageCellStatus = (typeof AVERAGE_CELL_STATUSES)[number];
export const AVERAGE_CELL_STATUS_LABELS: Record<AverageCellStatus, string> = {
  SCORED: 'Noté',
  ABSENT: 'Absent (0)',
  PENDING: 'Pas encore compté',
};

/** Column headers and labels of the results screens and of the xlsx export. */
export const EXAM_RESULTS_LABELS = {
  title: 'Résultats des examens',
  exam: 'Examen',
  expected: 'Attendus',
  started: 'Commencé',
  startedCount: 'Ont commencé',
  finishedCount: 'Ont terminé',
  average: 'Moyenne',
  average20: 'Moyenne /20',
  averagePoints: 'Moyenne (points)',
  median: 'Médiane',
  median20: 'Médiane /20',
  stdDev: 'Écart-type',
  validatedRate: 'Taux de validation',
  lastName: 'Nom',
  firstName: 'Prénom',
  studentNumber: 'Numéro étudiant',
  email: 'Adresse électronique',
  score20: 'Note /20',
  scorePoints: 'Points',
  total: 'Total',
  validatedCount: 'Questions validées',
  /** An answer waiting for a person, in a cell of the export or the results. */
  pendingCell: 'En attente',
  pendingCopy: (n: number) => `En attente de correction (${n} réponse${n > 1 ? 's' : ''})`,
  timeSpent: 'Temps passé',
  startedAt: 'Début',
  deadline: 'Échéance',
  finishedAt: 'Fin',
  status: 'État',
  extraTimeFactor: 'Tiers-temps',
  extraMinutes: 'Minutes supplémentaires',
  question: 'Question',
  questionShort: (position: number) => `Q${position}`,
  submissions: 'Soumissions',
  submittedAt: 'Soumise le',
  answer: 'Réponse',
  verdict: 'Verdict',
  origins: 'Adresses et navigateurs',
  ip: 'Adresse IP',
  userAgent: 'Navigateur',
  distribution: 'Répartition des notes',
  facility: 'Facilité',
  discrimination: 'Discrimination',
  participants: 'Participants',
  averages: 'Moyennes',
  specializationAverage: 'Moyenne du parcours',
  weightedAverage: 'Moyenne pondérée /20',
  regrade: 'Recorriger',
  regradeDryRun: 'Simuler la recorrection',
  regradeApply: 'Appliquer la recorrection',
  oldScore: 'Ancienne note',
  newScore: 'Nouvelle note',
  questionsChanged: 'Questions modifiées',
  export: 'Exporter (xlsx)',
} as const;

/** Short French explanations shown next to each figure (and in docs/examens.md). */
export const EXAM_RESULTS_EXPLANATIONS = {
  expected:
    'Étudiants attendus : les étudiants inscrits dans l’année universitaire de l’examen et dans l’un de ses parcours.',
  average:
    'Moyenne des notes des étudiants qui ont commencé l’examen (les absents n’y entrent pas ; ils comptent 0 dans les moyennes de l’année).',
  median: 'Médiane : la note du milieu quand les notes sont rangées dans l’ordre (moyenne des deux du milieu pour un nombre pair).',
  stdDev: 'Écart-type : la dispersion des notes autour de la moyenne (racine de la moyenne des carrés des écarts, sur les participants).',
  validatedRate:
    'Taux de validation : part des questions validées parmi toutes les questions des étudiants qui ont commencé (questions × participants).',
  distribution: 'Répartition : nombre d’étudiants par tranche d’un point sur 20 (de 0 à 1, de 1 à 2… ; la dernière tranche contient 20).',
  facility:
    'Facilité : la part moyenne des points obtenus à la question par les participants (0 = personne ne l’a réussie, 1 = tous l’ont réussie).',
  discrimination:
    'Discrimination : corrélation entre les points obtenus à la question et le total du reste de l’examen. Proche de 1 : les étudiants qui réussissent l’examen réussissent la question ; proche de 0 ou négative : la question ne sépare pas les bons résultats des autres, à relire. Non calculable avec moins de deux participants ou quand tous ont le même résultat.',
  averages:
    'Moyenne de l’année : somme des points obtenus divisée par la somme des points des examens comptés, ramenée sur 20 (chaque examen pèse donc ses points). Un examen clôturé compte pour tous les étudiants attendus, 0 pour un absent ; un examen encore ouvert ne compte que pour ceux qui l’ont terminé. Les brouillons ne comptent jamais.',
  specializationAverage: 'Moyenne du parcours : moyenne des moyennes des étudiants du parcours qui ont au moins un examen compté.',
  regrade:
    'La recorrection réévalue chaque soumission avec la version actuelle des questions (choix corrects, réponses acceptées, tests), puis recalcule le meilleur résultat de chaque question et la note. La simulation n’écrit rien ; l’application enregistre tout et garde une trace de chaque changement.',
  timeSpent: 'Temps passé : de la première ouverture à la fin de l’examen (ou à l’échéance, ou à maintenant s’il est en cours).',
} as const;

export const EXAM_RESULTS_TEXTS = {
  examNotFound: 'Cet examen est introuvable.',
  studentNotExpected: 'Cet étudiant n’est pas attendu à cet examen (année ou parcours différents) ou n’existe pas.',
  yearNotFound: 'Cette année universitaire est introuvable.',
  specializationNotFound: 'Ce parcours est introuvable.',
  regradeRunning: 'Une recorrection de cet examen est déjà en cours. Attendez qu’elle se termine avant d’en lancer une autre.',
  regradeNothing: 'Aucune note ne change.',
  appealWhileBlind:
    'Vous corrigez cette copie en double correction : son dossier de réclamation, qui contient tout le journal (les notes de l’autre correcteur comprises), vous sera ouvert une fois sa note finale fixée.',
  regradeDryRunDone: (n: number) => (n === 0 ? 'Simulation terminée : aucune note ne change.' : `Simulation terminée : ${n} note${n > 1 ? 's changeraient' : ' changerait'}.`),
  regradeApplied: (n: number) => (n === 0 ? 'Recorrection appliquée : aucune note ne change.' : `Recorrection appliquée : ${n} note${n > 1 ? 's ont changé' : ' a changé'}.`),
  regradeNewGenerator: (position: number) =>
    `La question ${position} a reçu un générateur depuis la publication : ses copies n’ont pas de variante, elles ne peuvent pas être recorrigées avec cette version. Retirez le générateur, ou créez une nouvelle question.`,
  regradeUngradable: 'Cette réponse ne peut plus être corrigée avec la question actuelle (choix supprimé, forme invalide) : elle compte comme non validée.',
  extraTimeFactorRange: EXTRA_TIME_FACTOR_MESSAGE,
  extraTimeFactorHelp:
    'Coefficient appliqué à la durée de chaque examen minuté : 1 pour aucun aménagement, 1,33 pour un tiers-temps. L’échéance ne dépasse jamais la fermeture de l’examen.',
} as const;

// ---- Queries and inputs ------------------------------------------------------------------------

export const EXAM_RESULTS_SORTS = ['title', 'start_at', 'end_at', 'status'] as const;

/** GET /exam-results: page, per_page, search (title), sort, and the filters of the exams list. */
export const examResultsListQuerySchema = listQuerySchema.extend({
  academic_year_id: optionalIdFilter("L’année universitaire"),
  specialization_id: optionalIdFilter('Le parcours'),
  status: examStatusSchema.optional(),
});
export type ExamResultsListQuery = z.input<typeof examResultsListQuerySchema>;

export const examResultsStudentParamsSchema = z.object({ examId: idField("L’examen"), userId: idField("L’étudiant") });
export const examResultsExamParamsSchema = z.object({ examId: idField("L’examen") });
export const examResultsExportParamsSchema = z.object({ academicYearId: idField("L’année universitaire"), specializationId: idField('Le parcours') });

/** GET /exam-results/averages?academic_year_id=&specialization_id= (both required). */
export const examAveragesQuerySchema = z.object({
  academic_year_id: idField("L’année universitaire"),
  specialization_id: idField('Le parcours'),
});
export type ExamAveragesQuery = z.input<typeof examAveragesQuerySchema>;

/** POST /exam-results/{examId}/regrade: a dry run unless dry_run is false. */
export const examRegradeInputSchema = z.object({
  dry_run: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], {
      error: 'dry_run doit valoir true ou false.',
    })
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
    .default(true),
});
export type ExamRegradeInput = z.input<typeof examRegradeInputSchema>;

// ---- Answers -----------------------------------------------------------------------------------

const iso = z.string();
const int = z.number().int();
const specRef = z.object({ id: int, name: z.string(), code: z.string() });

/** One question of an exam as results show it (a column). */
export const resultQuestionSchema = z.object({
  question_id: int,
  /** 1-based, the exam's order. */
  position: int,
  type: questionKindSchema,
  language: z.enum(['PYTHON', 'R']).nullable(),
  /** Points of the question in this exam. */
  points: z.number(),
  /** The statement as plain text, cut to about 80 characters. */
  title: z.string(),
});
export type ResultQuestion = z.infer<typeof resultQuestionSchema>;

/** GET /exam-results: one row per exam. Averages are null when nobody started. */
export const examResultsListItemSchema = z.object({
  id: int,
  title: z.string(),
  status: examStatusSchema,
  academic_year_id: int,
  academic_year_label: z.string(),
  specializations: z.array(specRef),
  start_at: iso,
  end_at: iso,
  duration_minutes: int.nullable(),
  question_count: int,
  total_points: z.number(),
  /** Students of the exam's year enrolled in one of its parcours. */
  expected_count: int,
  started_count: int,
  /** Finished: ended by the student, or deadline (+ grace) passed. */
  finished_count: int,
  /** Over the students who started. */
  average_20: z.number().nullable(),
  average_points: z.number().nullable(),
  median_20: z.number().nullable(),
  /** Validated (student, question) pairs / (started students × questions), 0..1. */
  validated_rate: z.number().nullable(),
});
export type ExamResultsListItem = z.infer<typeof examResultsListItemSchema>;

/** A verdict cell: the best result of the student on that question. */
export const resultCellSchema = z.object({
  question_id: int,
  state: z.enum(QUESTION_STATES),
  /** Points earned (best result × question points). */
  score: z.number(),
  /** False: a section's draw did not give this question to the student (nothing to earn there). */
  drawn: z.boolean(),
});
export type ResultCell = z.infer<typeof resultCellSchema>;

/** GET /exam-results/{examId}/show: one row per expected student (and anyone else who started). */
export const examResultRowSchema = z.object({
  user_id: int,
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  email: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  /** False for a student who started but is no longer enrolled in the exam's year and parcours. */
  expected: z.boolean(),
  started_at: iso.nullable(),
  deadline: iso.nullable(),
  finished_at: iso.nullable(),
  /** Seconds from start to the end (finish, deadline, or now while in progress); null when not started. */
  time_spent_seconds: int.nullable(),
  /** Points; 0 when not started. */
  score: z.number(),
  score_20: z.number(),
  /** Answers waiting for a person (essays not yet marked): while above 0, score and score_20 are the automatic part
   *  only, a provisional score. */
  pending_count: int,
  validated_count: int,
  /** The student's tiers-temps coefficient (1 = none). */
  extra_time_factor: z.number(),
  /** Extra minutes given on this exam (0 = none). */
  extra_minutes: int,
  /** One cell per question, in the exam's order. */
  cells: z.array(resultCellSchema),
});
export type ExamResultRow = z.infer<typeof examResultRowSchema>;

export const examResultsShowSchema = z.object({
  exam: examResultsListItemSchema,
  questions: z.array(resultQuestionSchema),
  /** Sorted by last name, first name. */
  rows: z.array(examResultRowSchema),
});
export type ExamResultsShow = z.infer<typeof examResultsShowSchema>;

/** One run of a test case as stored for staff (hidden cases included, with their outputs). */
export const staffCaseResultSchema = z.object({
  index: int,
  is_hidden: z.boolean(),
  verdict: z.enum(VERDICTS),
  stdout: z.string(),
  stderr: z.string(),
  exit_code: int.nullable(),
  duration_ms: z.number(),
});
export type StaffCaseResult = z.infer<typeof staffCaseResultSchema>;

export const staffSubmissionSchema = z.object({
  id: int,
  submitted_at: iso,
  /** Seconds since the attempt started. */
  elapsed_seconds: int,
  /** As the student sent it: QCM an array of choice ids, EXACT/MATH a string, ALGORITHM the program. */
  answer: z.unknown(),
  is_valid: z.boolean(),
  /** Points earned by this submission (fraction × question points), its penalty already taken off. */
  score: z.number(),
  /** Points taken off for the wrong tries before it (the exam's penalty). */
  penalty: z.number(),
  /** Sent from the student's draft when the attempt ended (not by them). */
  from_draft: z.boolean(),
  details: gradeDetailsSchema,
  /** ALGORITHM: every case (hidden ones too) with its output; null for other types. */
  cases: z.array(staffCaseResultSchema).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /**
   * Kept while the runner could not answer in time, waiting for its verdict (« en cours de correction »): the tries of
   * grading that failed so far, the last one's reason (null before any failure) and the next try. Staff only: never in
   * a student's shape. null for an answer graded.
   */
  grading_later: z.object({ failures: int, reason: z.string().nullable(), next_try_at: iso.nullable() }).nullable(),
  /** When the verdict of an answer kept for later came; null for an answer graded at once (or still waiting). */
  graded_later_at: iso.nullable(),
});
export type StaffSubmission = z.infer<typeof staffSubmissionSchema>;

export const attemptOriginSchema = z.object({
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Submissions sent from there (the start counts as one). */
  count: int,
  first_seen: iso,
  last_seen: iso,
});
export type AttemptOrigin = z.infer<typeof attemptOriginSchema>;

/** GET /exam-results/{examId}/students/{userId}. */
export const examStudentResultSchema = z.object({
  exam: z.object({ id: int, title: z.string(), status: examStatusSchema, total_points: z.number(), duration_minutes: int.nullable(), end_at: iso }),
  student: z.object({
    user_id: int,
    last_name: z.string(),
    first_name: z.string(),
    student_number: z.string().nullable(),
    email: z.string(),
    extra_time_factor: z.number(),
    extra_minutes: int,
  }),
  status: z.enum(ATTEMPT_STATUSES),
  attempt: z
    .object({
      started_at: iso,
      deadline: iso,
      finished_at: iso.nullable(),
      time_spent_seconds: int,
      score: z.number(),
      score_20: z.number(),
      validated_count: int,
      /** Tied to one browser session (one-session rule): « Débloquer » frees it for another device. */
      bound: z.boolean(),
      /** The drafts left at the end could not be graded yet: failed tries, the last reason, the next try. */
      drafts_failure: z.object({ failures: int, reason: z.string(), retry_at: iso.nullable() }).nullable(),
    })
    .nullable(),
  /** Distinct (ip, user agent) pairs of the start and of every submission, first seen first. */
  origins: z.array(attemptOriginSchema),
  /** The student's own questions (their draw) in their order: `position` is their number for the student. */
  questions: z.array(
    resultQuestionSchema.extend({
      /** Its number among the exam's questions (the results table's column). */
      exam_position: int,
      /** The variant the student was given (a parameterised question); null otherwise. */
      variant_seed: int.nullable(),
      /** That variant's values, by name, as drawn for the student; null for a question without variants. */
      variant_values: variantValuesSchema.nullable(),
      /** The statement as the student saw it (HTML: their version, the variant's values filled in); null before a start. */
      drawn_statement: z.string().nullable(),
      state: z.enum(QUESTION_STATES),
      /** Points of the best result. */
      score: z.number(),
      /** Oldest first. */
      submissions: z.array(staffSubmissionSchema),
    }),
  ),
});
export type ExamStudentResult = z.infer<typeof examStudentResultSchema>;

export const scoreBinSchema = z.object({
  /** Bounds on 20: [from, to), the last bin [19, 20] includes 20. */
  from: z.number(),
  to: z.number(),
  /** "0–1", …, "19–20". */
  label: z.string(),
  count: int,
});
export type ScoreBin = z.infer<typeof scoreBinSchema>;

/** A parameterised question's figures for one of its variants (the students who were given that variant). */
export const variantStatisticsSchema = z.object({
  seed: int,
  given: int,
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  /**
   * Its facility stands apart from the other variants' (given to at least 5, at least 0.2 away, and beyond twice the
   * standard error of the difference): an unfair variant, easier or harder than the others.
   */
  stands_apart: z.boolean(),
});
export type VariantStatistics = z.infer<typeof variantStatisticsSchema>;

export const questionStatisticsSchema = resultQuestionSchema.extend({
  /** Participants who were given this question (all of them unless a section draws). */
  given: int,
  /** Participants who answered at least once. */
  answered: int,
  validated: int,
  /** Answers waiting for a person (essays not yet marked): left out of facility and discrimination, never counted as 0. */
  pending: int,
  /** Mean fraction of the question's points earned by participants, 0..1; null without participants. */
  facility: z.number().nullable(),
  /** Pearson correlation of the question's points with (total − the question's points); null when undefined. */
  discrimination: z.number().nullable(),
  /** Per variant given (parameterised questions), by seed; empty otherwise. */
  variants: z.array(variantStatisticsSchema),
});
export type QuestionStatistics = z.infer<typeof questionStatisticsSchema>;

/** GET /exam-results/{examId}/statistics (over the students who started; null figures without any). */
export const examStatisticsSchema = z.object({
  exam: z.object({ id: int, title: z.string(), status: examStatusSchema, total_points: z.number() }),
  expected_count: int,
  participants: int,
  /** Participants whose copy still waits for a person (essays not yet marked): left out of the score figures below
   *  (mean, median, spread, distribution), which are over the graded copies only. */
  pending_participants: int,
  mean_20: z.number().nullable(),
  median_20: z.number().nullable(),
  std_dev_20: z.number().nullable(),
  min_20: z.number().nullable(),
  max_20: z.number().nullable(),
  mean_points: z.number().nullable(),
  /** 20 bins of one point on 20. */
  distribution: z.array(scoreBinSchema),
  questions: z.array(questionStatisticsSchema),
});
export type ExamStatistics = z.infer<typeof examStatisticsSchema>;

export const averageExamSchema = z.object({
  id: int,
  title: z.string(),
  status: examStatusSchema,
  start_at: iso,
  end_at: iso,
  total_points: z.number(),
  /** Closed (status CLOSED/ARCHIVED or closing time passed): counts for every student, absent = 0. */
  closed: z.boolean(),
});
export type AverageExam = z.infer<typeof averageExamSchema>;

export const averageCellSchema = z.object({
  exam_id: int,
  status: z.enum(AVERAGE_CELL_STATUSES),
  /** Points earned (0 when absent); null when the student has not started. */
  score: z.number().nullable(),
  /** On 20; 0 when absent; null when PENDING and not started. */
  score_20: z.number().nullable(),
});
export type AverageCell = z.infer<typeof averageCellSchema>;

export const averageRowSchema = z.object({
  user_id: int,
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  /** Weighted average on 20 over the counted exams; null when none counts yet. */
  average_20: z.number().nullable(),
  /** Sum of points earned and of the points of the counted exams. */
  points: z.number(),
  max_points: z.number(),
  /** One per exam, in the order of `exams`. */
  cells: z.array(averageCellSchema),
});
export type AverageRow = z.infer<typeof averageRowSchema>;

/** GET /exam-results/averages: the students of a year and parcours and the exams aimed at that parcours. */
export const examAveragesSchema = z.object({
  academic_year: z.object({ id: int, label: z.string() }),
  specialization: specRef,
  /** Exams of the year aimed at the parcours, not drafts, by opening date. */
  exams: z.array(averageExamSchema),
  /** Sorted by last name, first name. */
  rows: z.array(averageRowSchema),
  /** Mean of the students' averages (those with one); null when none. */
  specialization_average_20: z.number().nullable(),
  /** Per exam, the mean on 20 of the counted cells; null when none counted. */
  exam_averages_20: z.array(z.object({ exam_id: int, average_20: z.number().nullable() })),
});
export type ExamAverages = z.infer<typeof examAveragesSchema>;

export const regradeQuestionChangeSchema = z.object({
  question_id: int,
  position: int,
  old_state: z.enum(QUESTION_STATES),
  new_state: z.enum(QUESTION_STATES),
  /** Points of the best result before and after. */
  old_score: z.number(),
  new_score: z.number(),
});

export const regradeChangeSchema = z.object({
  user_id: int,
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  old_score: z.number(),
  new_score: z.number(),
  old_score_20: z.number(),
  new_score_20: z.number(),
  old_validated: int,
  new_validated: int,
  questions: z.array(regradeQuestionChangeSchema),
});
export type RegradeChange = z.infer<typeof regradeChangeSchema>;

/** POST /exam-results/{examId}/regrade. */
/** A question whose current version differs from the one its exam pinned: the regrade applies the current one. */
export const regradeVersionSchema = z.object({
  question_id: int,
  /** Its column in the results (the exam's order). */
  position: int,
  /** Version number pinned until now (null: pinned before versions existed). */
  from: int.nullable(),
  /** Version number the regrade applies (the question's latest). */
  to: int,
});
export type RegradeVersion = z.infer<typeof regradeVersionSchema>;

export const examRegradeResultSchema = z.object({
  exam_id: int,
  dry_run: z.boolean(),
  /** The versions the regrade applies, where they change; applied, they become the exam's and its attempts' pins. */
  versions: z.array(regradeVersionSchema),
  /** True when the changes were written (not a dry run). */
  applied: z.boolean(),
  attempts: int,
  submissions_checked: int,
  /** Submissions whose verdict or score changed. */
  submissions_changed: int,
  /** Programs re-run in the sandbox. */
  programs_run: int,
  /** Students whose score or a question's verdict changed. */
  changes: z.array(regradeChangeSchema),
});
export type ExamRegradeResult = z.infer<typeof examRegradeResultSchema>;

export const examResultsPageSchema = paginatedSchema(examResultsListItemSchema);
export const examResultsShowEnvelopeSchema = envelopeSchema(examResultsShowSchema);
export const examStudentResultEnvelopeSchema = envelopeSchema(examStudentResultSchema);
export const examStatisticsEnvelopeSchema = envelopeSchema(examStatisticsSchema);
export const examAveragesEnvelopeSchema = envelopeSchema(examAveragesSchema);
export const examRegradeEnvelopeSchema = envelopeSchema(examRegradeResultSchema);

// ---- Helpers both sides use --------------------------------------------------------------------

/** Round to 2 decimals (scores, averages). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** One question of an attempt, for its score: its points in the exam and the best fraction earned on it (0..1). */
export interface ScorePart {
  points: number;
  best: number;
  /** Waits for a person to grade it: counts for nothing yet, and is counted as pending. */
  pending?: boolean;
}

/**
 * The score of an attempt, the one rule every view reads (result page, results, statistics, export, regrade, appeal
 * file): each question's points exact (best fraction × points), summed exactly and rounded once to the hundredth;
 * on 20 from the exact sum. `earned`, each question's points rounded, is for display and never summed.
 */
export function attemptScore(parts: readonly ScorePart[], maxPoints: number): { score: number; score_20: number; earned: number[]; pending: number } {
  // A part waiting for a person (an essay not yet marked) earns nothing yet: the sum is the automatic part, and
  // `pending` says how many parts it lacks, so that no caller shows it as a final score.
  const exact = parts.map((p) => (p.pending ? 0 : p.best * p.points));
  const sum = exact.reduce((s, x) => s + x, 0);
  return { score: round2(sum), score_20: maxPoints > 0 ? round2((sum / maxPoints) * 20) : 0, earned: exact.map(round2), pending: parts.filter((p) => p.pending).length };
}

/** "1 h 05 min", "12 min", "45 s". */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
