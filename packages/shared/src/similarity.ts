// Similar programs (docs/correction.md « Programmes similaires »): for each program question of an exam, every pair
// of students' final programs compared, the code they were all given and the reference solution subtracted; pairs
// by similarity, clusters above a threshold, two programs side by side; and the case file staff keep when they act.
// Staff shapes only: no student route carries any of this.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { idField, multilineText } from './zod-fr';

export const SIMILARITY_LANGUAGES = ['PYTHON', 'R'] as const;
export type SimilarityLanguage = (typeof SIMILARITY_LANGUAGES)[number];
/** Bins of the distribution of a question's pairs, from 0 to 1. */
export const SIMILARITY_BINS = 20;
/** Pairs a result page lists at most (the closest first). */
export const SIMILARITY_PAIRS_SHOWN = 200;
export const SIMILARITY_DEFAULT_THRESHOLD = 0.6;

export const SIMILARITY_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type SimilarityStatus = (typeof SIMILARITY_STATUSES)[number];
export const SIMILARITY_STATUS_LABELS: Record<SimilarityStatus, string> = {
  QUEUED: 'En attente',
  RUNNING: 'En cours',
  DONE: 'Terminée',
  FAILED: 'Échec',
};
export const SIMILARITY_TRIGGERS = ['STAFF', 'CLOSE'] as const;
export type SimilarityTrigger = (typeof SIMILARITY_TRIGGERS)[number];

/** A region of a program: first line, first column, last line, last column (lines and columns from 0). */
export const spanSchema = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
export type SimilaritySpan = z.infer<typeof spanSchema>;

export const similarityAnalysisSchema = z.object({
  status: z.enum(SIMILARITY_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  programs: z.number().int(),
  pair_count: z.number().int(),
  trigger: z.enum(SIMILARITY_TRIGGERS),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type SimilarityAnalysis = z.infer<typeof similarityAnalysisSchema>;

export const similarityQuestionSchema = z.object({
  question_id: z.number().int(),
  /** Its number in the exam (1, 2…). */
  position: z.number().int(),
  title: z.string(),
  language: z.enum(SIMILARITY_LANGUAGES),
  analysis: similarityAnalysisSchema.nullable(),
});
export type SimilarityQuestion = z.infer<typeof similarityQuestionSchema>;
export const similarityQuestionsEnvelopeSchema = envelopeSchema(z.array(similarityQuestionSchema));

export const similarityStudentSchema = z.object({
  attempt_id: z.number().int(),
  user_id: z.number().int(),
  last_name: z.string(),
  first_name: z.string(),
  student_number: z.string().nullable(),
  /** The program is a draft graded at the end (never sent by the student). */
  from_draft: z.boolean(),
});
export type SimilarityStudent = z.infer<typeof similarityStudentSchema>;

export const similarityPairSchema = z.object({
  left: similarityStudentSchema,
  right: similarityStudentSchema,
  /** 0 to 1: the share of both programs' fingerprints they have in common. */
  similarity: z.number(),
  /** The longest shared fragment, in lines of the left program, and its text there. */
  longest_lines: z.number().int(),
  longest_text: z.string(),
  longest_left: spanSchema.nullable(),
  longest_right: spanSchema.nullable(),
});
export type SimilarityPair = z.infer<typeof similarityPairSchema>;

export const similarityClusterSchema = z.object({
  members: z.array(similarityStudentSchema),
  /** Pairs of the cluster at or above the threshold, and the highest similarity among them. */
  pairs: z.number().int(),
  max_similarity: z.number(),
});
export type SimilarityCluster = z.infer<typeof similarityClusterSchema>;

export const similarityResultSchema = z.object({
  question: similarityQuestionSchema,
  threshold: z.number(),
  /** Every pair of the question counted in SIMILARITY_BINS bins (0–5 %, 5–10 %…). */
  histogram: z.array(z.number().int()),
  median: z.number().nullable(),
  pairs: z.array(similarityPairSchema),
  clusters: z.array(similarityClusterSchema),
});
export type SimilarityResult = z.infer<typeof similarityResultSchema>;
export const similarityResultEnvelopeSchema = envelopeSchema(similarityResultSchema);

export const similaritySideSchema = z.object({ student: similarityStudentSchema, code: z.string() });
export const similarityFragmentSchema = z.object({ left: spanSchema, right: spanSchema, kgrams: z.number().int() });
export const similarityComparisonSchema = z.object({
  question_id: z.number().int(),
  language: z.enum(SIMILARITY_LANGUAGES),
  similarity: z.number(),
  left: similaritySideSchema,
  right: similaritySideSchema,
  /** Shared fragments, the longest first. */
  fragments: z.array(similarityFragmentSchema),
});
export type SimilarityComparison = z.infer<typeof similarityComparisonSchema>;
export const similarityComparisonEnvelopeSchema = envelopeSchema(similarityComparisonSchema);

const ratio = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number({ error: `${label} doit être un nombre entre 0 et 1.` }).min(0, { error: `${label} doit être au moins 0.` }).max(1, { error: `${label} ne doit pas dépasser 1.` }),
  );

export const similarityExamParamsSchema = z.object({ examId: idField("L’examen") });
export const similarityQuestionParamsSchema = z.object({ examId: idField("L’examen"), questionId: idField('La question') });
export const similarityPairParamsSchema = z.object({
  examId: idField("L’examen"),
  questionId: idField('La question'),
  leftId: idField('La première composition'),
  rightId: idField('La seconde composition'),
});
/** A practice exercise's comparison (on a teacher's demand): a side is named by the student's practice try compared. */
export const similarityPracticeParamsSchema = z.object({ questionId: idField('L’exercice') });
export const similarityPracticePairParamsSchema = z.object({
  questionId: idField('L’exercice'),
  leftId: idField('Le premier essai'),
  rightId: idField('Le second essai'),
});
export const similarityResultQuerySchema = z.object({ threshold: ratio('Le seuil').default(SIMILARITY_DEFAULT_THRESHOLD) });

// ---- Case file ----------------------------------------------------------------------------------

export const SIMILARITY_CASE_STEPS = ['FLAG', 'NOTE', 'MESSAGE', 'REPLY', 'DECISION'] as const;
export type SimilarityCaseStep = (typeof SIMILARITY_CASE_STEPS)[number];
export const SIMILARITY_CASE_STEP_LABELS: Record<SimilarityCaseStep, string> = {
  FLAG: 'Signalement',
  NOTE: 'Note de l’équipe',
  MESSAGE: 'Message à l’étudiant',
  REPLY: 'Réponse de l’étudiant',
  DECISION: 'Décision',
};
export const SIMILARITY_DECISIONS = ['NO_ACTION', 'MARK_CHANGED'] as const;
export type SimilarityDecision = (typeof SIMILARITY_DECISIONS)[number];
export const SIMILARITY_DECISION_LABELS: Record<SimilarityDecision, string> = {
  NO_ACTION: 'Sans suite',
  MARK_CHANGED: 'Note modifiée',
};
export const SIMILARITY_CASE_STATUSES = ['OPEN', 'DECIDED'] as const;
export type SimilarityCaseStatus = (typeof SIMILARITY_CASE_STATUSES)[number];
export const SIMILARITY_CASE_STATUS_LABELS: Record<SimilarityCaseStatus, string> = { OPEN: 'Ouvert', DECIDED: 'Décidé' };
export const SIMILARITY_CASE_MEMBERS_MAX = 50;

export const similarityCaseInputSchema = z.object({
  question_id: idField('La question'),
  attempt_ids: z
    .array(idField('La composition'), { error: 'Les compositions concernées sont obligatoires.' })
    .min(2, { error: 'Un dossier concerne au moins deux compositions.' })
    .max(SIMILARITY_CASE_MEMBERS_MAX, { error: `Un dossier concerne au plus ${SIMILARITY_CASE_MEMBERS_MAX} compositions.` }),
  note: multilineText('La note', 5000).default(''),
});
export type SimilarityCaseInput = z.infer<typeof similarityCaseInputSchema>;

export const similarityCaseStepInputSchema = z
  .object({
    type: z.enum(['NOTE', 'MESSAGE', 'REPLY', 'DECISION'], { error: 'Le type d’étape est invalide.' }),
    text: multilineText('Le texte', 5000).refine((s) => s.length > 0, { error: 'Le texte est obligatoire.' }),
    /** The student a message goes to or a reply comes from; for a decision on a mark, whose mark. */
    attempt_id: idField('La composition').optional(),
    decision: z.enum(SIMILARITY_DECISIONS, { error: 'La décision est invalide.' }).optional(),
    /** MARK_CHANGED: the new points of the student on this question. */
    new_points: z.number({ error: 'Les points doivent être un nombre.' }).min(0, { error: 'Les points ne peuvent pas être négatifs.' }).max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.type === 'MESSAGE' || v.type === 'REPLY') && v.attempt_id === undefined) ctx.addIssue({ code: 'custom', path: ['attempt_id'], message: 'Choisissez l’étudiant concerné.' });
    if (v.type === 'DECISION' && v.decision === undefined) ctx.addIssue({ code: 'custom', path: ['decision'], message: 'La décision est obligatoire.' });
    if (v.decision === 'MARK_CHANGED' && (v.attempt_id === undefined || v.new_points === undefined))
      ctx.addIssue({ code: 'custom', path: ['new_points'], message: 'Une note modifiée dit de quel étudiant et ses nouveaux points.' });
  });
export type SimilarityCaseStepInput = z.infer<typeof similarityCaseStepInputSchema>;

export const similarityCaseStepSchema = z.object({
  id: z.number().int(),
  type: z.enum(SIMILARITY_CASE_STEPS),
  text: z.string(),
  attempt_id: z.number().int().nullable(),
  decision: z.enum(SIMILARITY_DECISIONS).nullable(),
  new_points: z.number().nullable(),
  author: z.string(),
  at: z.string(),
});
export type SimilarityCaseStepRow = z.infer<typeof similarityCaseStepSchema>;

export const similarityCaseSchema = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  question_id: z.number().int(),
  status: z.enum(SIMILARITY_CASE_STATUSES),
  decision: z.enum(SIMILARITY_DECISIONS).nullable(),
  members: z.array(similarityStudentSchema),
  steps: z.array(similarityCaseStepSchema),
  created_at: z.string(),
});
export type SimilarityCase = z.infer<typeof similarityCaseSchema>;
export const similarityCaseEnvelopeSchema = envelopeSchema(similarityCaseSchema);
export const similarityCasesEnvelopeSchema = envelopeSchema(z.array(similarityCaseSchema));
export const similarityCaseParamsSchema = z.object({ examId: idField("L’examen"), caseId: idField('Le dossier') });

// ---- What a student reads of a case ----------------------------------------------------------------------------

/** A message staff sent the student, or the student's reply (never a note, a flag, nor another student's message). */
export const studentCaseMessageSchema = z.object({
  type: z.enum(['MESSAGE', 'REPLY']),
  text: z.string(),
  /** Who wrote it: the member of staff, or the student. */
  author: z.string(),
  /** Written by the student. */
  mine: z.boolean(),
  at: z.string(),
});
export type StudentCaseMessage = z.infer<typeof studentCaseMessageSchema>;
/** A case as its student reads it: only once staff have written to them, and only what concerns them. */
export const studentCaseSchema = z.object({
  case_id: z.number().int(),
  exam_id: z.number().int(),
  exam_title: z.string(),
  /** The question's place in the student's own copy (1, 2…); null when it is not in their draw. */
  question_position: z.number().int().nullable(),
  /** The student may still reply (the case is not decided). */
  open: z.boolean(),
  decision: z.enum(SIMILARITY_DECISIONS).nullable(),
  /** MARK_CHANGED on their copy: their new points on the question. */
  new_points: z.number().nullable(),
  messages: z.array(studentCaseMessageSchema),
});
export type StudentCase = z.infer<typeof studentCaseSchema>;
export const studentCasesEnvelopeSchema = envelopeSchema(z.array(studentCaseSchema));
export const studentCaseEnvelopeSchema = envelopeSchema(studentCaseSchema);
export const studentCasesQuerySchema = z.object({ exam_id: idField("L’examen").optional() });
export const studentCaseParamsSchema = z.object({ caseId: idField('Le dossier') });
export const STUDENT_REPLY_MAX = 5000;
export const studentCaseReplyInputSchema = z.object({
  text: multilineText('Votre réponse', STUDENT_REPLY_MAX).refine((s) => s.length > 0, { error: 'Écrivez votre réponse avant de l’envoyer.' }),
});
export type StudentCaseReplyInput = z.infer<typeof studentCaseReplyInputSchema>;

export const SIMILARITY_TEXTS = {
  loaded: 'Questions de programmation chargées.',
  resultLoaded: 'Comparaison chargée.',
  comparisonLoaded: 'Programmes chargés côte à côte.',
  queued: 'Comparaison demandée : elle se fait en arrière-plan.',
  alreadyRunning: 'Une comparaison de cette question est déjà en cours.',
  examNotFound: 'Cet examen est introuvable.',
  notProgram: 'Cette question n’est pas une question de programmation de cet examen.',
  noAnalysis: 'Cette question n’a pas encore été comparée.',
  pairNotFound: 'Cette paire n’est pas parmi les paires comparées de cette question.',
  caseCreated: 'Dossier ouvert.',
  caseLoaded: 'Dossier chargé.',
  casesLoaded: 'Dossiers chargés.',
  caseNotFound: 'Ce dossier est introuvable.',
  stepAdded: 'Étape ajoutée au dossier.',
  caseDecided: 'Ce dossier est déjà décidé : aucune étape ne peut plus y être ajoutée.',
  notMember: 'Cette composition ne fait pas partie du dossier.',
  membersInvalid: 'Chaque composition du dossier doit être une composition de cet examen ayant un programme pour cette question.',
  studentCasesLoaded: 'Messages chargés.',
  studentCaseNotFound: 'Aucun message de l’équipe pédagogique ne vous a été adressé dans ce dossier.',
  studentReplied: 'Votre réponse a été envoyée à l’équipe pédagogique.',
  studentCaseClosed: 'Ce dossier est clos : vous ne pouvez plus y répondre.',
} as const;

const CASE_STEP_WORDS: Record<SimilarityCaseStep, string> = {
  FLAG: 'programmes signalés comme similaires',
  NOTE: 'note de l’équipe',
  MESSAGE: 'message envoyé',
  REPLY: 'réponse reçue',
  DECISION: 'décision',
};

/**
 * A step of a case as the journal of one attempt tells it (its data written by the case file): the other copies of
 * the case are counted, never named.
 */
export function similarityStepText(d: Record<string, unknown>): string {
  const words = [`dossier n° ${typeof d.case_id === 'number' ? d.case_id : '?'}`, CASE_STEP_WORDS[d.step as SimilarityCaseStep] ?? 'étape'];
  if (d.concerns === 'SELF') words.push(d.step === 'REPLY' ? 'de cet étudiant' : 'à cet étudiant');
  if (d.concerns === 'OTHER') words.push(d.step === 'REPLY' ? 'd’un autre étudiant du dossier' : 'à un autre étudiant du dossier');
  if (typeof d.others === 'number') words.push(d.others === 1 ? 'avec 1 autre copie' : `avec ${d.others} autres copies`);
  if (d.decision === 'NO_ACTION') words.push('sans suite');
  if (d.decision === 'MARK_CHANGED') {
    const p = d.new_points;
    words.push(typeof p === 'number' ? `note modifiée : ${p.toLocaleString('fr-FR')} ${p < 2 ? 'point' : 'points'} sur cette question` : 'note modifiée');
  }
  if (typeof d.text === 'string' && d.text) words.push(`« ${d.text} »`);
  if (typeof d.author === 'string') words.push(`par ${d.author}`);
  return words.join(', ');
}
