// Question bank payloads (docs/api.md: staff resources, questions, possible-solutions).
// Four types: QCM (choices, one or several correct), EXACT (accepted answers, optional numeric tolerance),
// ALGORITHM (Python or R program against test cases), MATH (an expected expression).
// Two shapes leave the server: the staff one (`questionSchema`, everything) and the student one
// (`studentQuestionSchema`): no correct flag, no accepted answer, no hidden test, no reference solution,
// no expected expression. The statement is HTML from the chapters' rich text editor, sanitised by the server.
import { z } from 'zod';
import { envelopeSchema, flag01, listQuerySchema, paginatedSchema } from './common';
import { gradeDetailsSchema } from './grading';
import { LANGUAGES, QUESTION_KINDS } from './helper';
import { ALGORITHM_MAX_TESTS, MATCHING_SCORINGS, QUESTION_KIND_MODULES, type KindIssue } from './question-kinds';
import { CLOZE_GAP_KINDS } from './question-kinds/cloze';
import { essaySettingsSchema, essaySettingsShape, essayStudentSchema } from './question-kinds/essay';
import { fileAnswerSettingsSchema, fileAnswerSettingsShape, fileAnswerStudentSchema } from './question-kinds/file';
import { ALGORITHM_GRADINGS, ALGORITHM_TEST_CODE_MAX, CASE_DISPLAYS } from './question-kinds/algorithm';
import { mathFormSchema } from './question-kinds/math';
import { MAX_CODE_LENGTH, MAX_STDIN_LENGTH } from './runner';
import { idField, intField, optionalIdFilter } from './zod-fr';

// The types (QUESTION_KINDS) and their French names live with the reference lists of GET /api/helper; re-exported
// here for the modules that import them from './questions'.
export { QUESTION_KINDS, QUESTION_KIND_LABELS, questionTypeLabel, type QuestionKind } from './helper';

/** Largest statement accepted, in characters (images are files, never inlined). */
export const QUESTION_STATEMENT_MAX = 200_000;
// Each kind's own limits, answer schema and rules live in its module (./question-kinds).
export {
  ALGORITHM_GRADING_LABELS,
  ALGORITHM_GRADINGS,
  ALGORITHM_TEST_CODE_MAX,
  CASE_DISPLAY_LABELS,
  CASE_DISPLAYS,
  caseDisplayOf,
  caseShown,
  syntaxErrorText,
  type AlgorithmGrading,
  type CaseDisplay,
  type SyntaxErrorDetails,
} from './question-kinds/algorithm';
export { MATH_FORM_LABELS, MATH_FORM_NAMES, MATH_FORMS, mathFormSchema, mathWrongFormMessage, type MathForm } from './question-kinds/math';
export {
  ALGORITHM_MAX_TESTS,
  countWords,
  ESSAY_NOTE_MAX,
  ESSAY_TEXT_MAX,
  ESSAY_TEXTS,
  ESSAY_WORD_LIMIT_MAX,
  essayAnswerSchema,
  essaySettingsSchema,
  essaySettingsShape,
  essayStudentSchema,
  NO_ESSAY_SETTINGS,
  type EssayAnswer,
  type EssaySettings,
  type EssayStudent,
  EXACT_MAX_ANSWERS,
  matchingAnswerKey,
  matchingAnswerSchema,
  MATCHING_ANSWER_MAX,
  MATCHING_MAX_ITEMS,
  MATCHING_MAX_ROWS,
  MATCHING_MIN_ITEMS,
  MATCHING_SCORING_LABELS,
  MATCHING_SCORINGS,
  type MatchingAnswer,
  type MatchingScoring,
  QCM_MAX_CHOICES,
  QCM_MIN_CHOICES,
  QUESTION_KIND_MODULES,
  questionKindModule,
  qcmAnswerSchema,
  textAnswerSchema,
  type KindAnswerSource,
  type KindIssue,
  type KindRuleInput,
  type SharedQuestionKind,
} from './question-kinds';
export const QUESTION_MAX_TAGS = 20;
export const QUESTION_TAG_MAX = 50;
export const QUESTION_POINTS_MAX = 1000;
/** Longest question name (Moodle's <name>, GIFT's ::titre::). */
export const QUESTION_NAME_MAX = 200;
/** Largest generator source accepted, in characters. */
export const QUESTION_GENERATOR_MAX = 20_000;
/** Bounds of a question's run limits: the runner's MAX_LIMITS (packages/runner) and its floors. */
export const QUESTION_LIMIT_BOUNDS = {
  cpu_seconds: { min: 1, max: 20 },
  memory_mb: { min: 64, max: 1024 },
} as const;

export const questionKindSchema = z.enum(QUESTION_KINDS, { error: `Le type doit être ${QUESTION_KINDS.slice(0, -1).join(', ')} ou ${QUESTION_KINDS.at(-1)}.` });
/** How a MATCHING question counts (null for the kinds that have no choice). */
export const scoringSchema = z.enum(MATCHING_SCORINGS, { error: 'Le barème doit être PARTIAL ou ALL_OR_NOTHING.' });
/** How an ALGORITHM question counts (null for the other kinds). */
export const gradingSchema = z.enum(ALGORITHM_GRADINGS, { error: 'La notation doit être ALL_OR_NOTHING ou PER_CASE.' });
/** When an ALGORITHM case's result is shown after grading (CodeRunner's display). */
export const caseDisplaySchema = z.enum(CASE_DISPLAYS, { error: 'L’affichage du cas doit être SHOW, HIDE, HIDE_IF_FAIL ou HIDE_IF_SUCCEED.' });
export const languageSchema = z.enum(LANGUAGES, { error: 'Le langage doit être PYTHON ou R.' });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} doit être un texte.` })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));

export const toleranceSchema = z.object(
  {
    kind: z.enum(['absolute', 'relative'], { error: 'La tolérance doit être absolue ou relative.' }),
    value: z.coerce
      .number({ error: 'La valeur de la tolérance doit être un nombre.' })
      .min(0, { error: 'La valeur de la tolérance doit être positive ou nulle.' })
      .max(1e9, { error: 'La valeur de la tolérance est trop grande.' }),
  },
  { error: 'La tolérance est invalide.' },
);
export type Tolerance = z.infer<typeof toleranceSchema>;

const { cpu_seconds: CPU, memory_mb: MEM } = QUESTION_LIMIT_BOUNDS;
export const limitsSchema = z.object(
  {
    cpu_seconds: z.coerce
      .number({ error: 'Le temps CPU doit être un nombre.' })
      .int({ error: 'Le temps CPU doit être un nombre entier de secondes.' })
      .min(CPU.min, { error: `Le temps CPU doit être compris entre ${CPU.min} et ${CPU.max} secondes.` })
      .max(CPU.max, { error: `Le temps CPU doit être compris entre ${CPU.min} et ${CPU.max} secondes.` }),
    memory_mb: z.coerce
      .number({ error: 'La mémoire doit être un nombre.' })
      .int({ error: 'La mémoire doit être un nombre entier de Mio.' })
      .min(MEM.min, { error: `La mémoire doit être comprise entre ${MEM.min} et ${MEM.max} Mio.` })
      .max(MEM.max, { error: `La mémoire doit être comprise entre ${MEM.min} et ${MEM.max} Mio.` }),
  },
  { error: 'Les limites sont invalides.' },
);
export type QuestionLimits = z.infer<typeof limitsSchema>;

/** One possible solution: a QCM choice, an EXACT accepted answer, an ALGORITHM test case or the MATH expression. */
const possibleSolutionFields = {
  content: z
    .string({ error: 'Le contenu doit être un texte.' })
    .max(MAX_STDIN_LENGTH, { error: `Le contenu ne doit pas dépasser ${MAX_STDIN_LENGTH} caractères.` })
    .default(''),
  is_correct: flag01.default(0),
  stdin: z
    .string({ error: "L’entrée doit être un texte." })
    .max(MAX_STDIN_LENGTH, { error: `L’entrée ne doit pas dépasser ${MAX_STDIN_LENGTH} caractères.` })
    .default(''),
  expected_output: z
    .string({ error: 'La sortie attendue doit être un texte.' })
    .max(MAX_STDIN_LENGTH, { error: `La sortie attendue ne doit pas dépasser ${MAX_STDIN_LENGTH} caractères.` })
    .default(''),
  is_hidden: flag01.default(0),
  weight: z.coerce
    .number({ error: 'Le poids doit être un nombre.' })
    .positive({ error: 'Le poids doit être strictement positif.' })
    .max(1000, { error: 'Le poids ne doit pas dépasser 1000.' })
    .default(1),
  /** ALGORITHM: code run after the student's code in this case (calls their function, builds their class). */
  test_code: z
    .string({ error: 'Le code de test doit être un texte.' })
    .max(ALGORITHM_TEST_CODE_MAX, { error: `Le code de test ne doit pas dépasser ${ALGORITHM_TEST_CODE_MAX} caractères.` })
    .default(''),
  /** ALGORITHM: when the case's result is shown after grading; absent: from is_hidden (HIDE or SHOW). */
  display: caseDisplaySchema.nullish().transform((v) => v ?? null),
};

/** Inside a question body; `id` keeps an existing row (QCM choice ids are what students answer). */
export const questionSolutionInputSchema = z.object({ id: idField('La solution').optional(), ...possibleSolutionFields });
export type QuestionSolutionInput = z.input<typeof questionSolutionInputSchema>;
export type QuestionSolutionData = z.infer<typeof questionSolutionInputSchema>;

const tagSchema = z
  .string({ error: 'Une étiquette doit être un texte.' })
  .trim()
  .min(1, { error: 'Une étiquette ne peut pas être vide.' })
  .max(QUESTION_TAG_MAX, { error: `Une étiquette ne doit pas dépasser ${QUESTION_TAG_MAX} caractères.` });

const questionFields = z.object({
  type: questionKindSchema,
  /** Optional name shown in the bank (empty: the bank shows the statement's start); one line, spaces folded. */
  name: z
    .string({ error: 'Le nom doit être un texte.' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(QUESTION_NAME_MAX, { error: `Le nom ne doit pas dépasser ${QUESTION_NAME_MAX} caractères.` }))
    .nullish()
    .transform((v) => v || null),
  statement: z
    .string({ error: "L’énoncé est obligatoire." })
    .max(QUESTION_STATEMENT_MAX, { error: `L’énoncé ne doit pas dépasser ${QUESTION_STATEMENT_MAX} caractères.` })
    .refine((s) => s.replace(/<[^>]*>/g, '').trim() !== '' || /<(img|span|div)\b/i.test(s), { error: "L’énoncé est obligatoire." }),
  language: languageSchema.nullish().transform((v) => v ?? null),
  points: z.coerce
    .number({ error: 'Les points doivent être un nombre.' })
    .positive({ error: 'Les points doivent être strictement positifs.' })
    .max(QUESTION_POINTS_MAX, { error: `Les points ne doivent pas dépasser ${QUESTION_POINTS_MAX}.` })
    .multipleOf(0.01, { error: 'Les points ont au plus deux décimales.' })
    .default(1),
  course_id: idField('Le cours').nullish().transform((v) => v ?? null),
  chapter_id: idField('Le chapitre').nullish().transform((v) => v ?? null),
  is_practice: flag01.default(0),
  tags: z
    .array(tagSchema, { error: 'Les étiquettes doivent être une liste.' })
    .max(QUESTION_MAX_TAGS, { error: `Une question ne peut pas avoir plus de ${QUESTION_MAX_TAGS} étiquettes.` })
    .default([])
    // Same tag written twice (or with other case) is kept once, as first written.
    .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)),
  starter_code: optionalText('Le code de départ', MAX_CODE_LENGTH),
  reference_solution: optionalText('La solution de référence', MAX_CODE_LENGTH),
  tolerance: toleranceSchema.nullish().transform((v) => v ?? null),
  limits: limitsSchema.nullish().transform((v) => v ?? null),
  /** MATCHING: PARTIAL (each item its share, by weight; the default) or ALL_OR_NOTHING. */
  scoring: scoringSchema.nullish().transform((v) => v ?? null),
  /** ALGORITHM: ALL_OR_NOTHING or PER_CASE (the default: each case its weight's share). */
  grading: gradingSchema.nullish().transform((v) => v ?? null),
  /** MATH: the form the answer must have beside equivalence (EQUIVALENT, the default, for any form). */
  math_form: mathFormSchema.nullish().transform((v) => v ?? null),
  /** ALGORITHM in Python: `input()` writes what it reads, followed by a newline (CodeRunner's python3). */
  echo_input: flag01.default(0),
  /** ESSAY: word limit, response template, grader information (null for the other kinds). */
  essay: essaySettingsSchema.nullish().transform((v) => v ?? null),
  /** FILE: accepted types, how many files, largest file, grader information (null for the other kinds). */
  file_answer: fileAnswerSettingsSchema.nullish().transform((v) => v ?? null),
  /** Python source defining `generate(seed)`: a parameterised question (docs/questions.md « Questions paramétrées »). */
  generator: optionalText('Le générateur', QUESTION_GENERATOR_MAX),
  possible_solutions: z
    .array(questionSolutionInputSchema, { error: 'Les solutions possibles doivent être une liste.' })
    .max(ALGORITHM_MAX_TESTS, { error: `Une question ne peut pas avoir plus de ${ALGORITHM_MAX_TESTS} solutions possibles.` })
    .default([]),
  /** The version the editor loaded (update): an older one means another teacher saved meanwhile (409). */
  version: z.coerce.number({ error: 'La version doit être un nombre.' }).int().positive().optional(),
});

type QuestionFields = z.infer<typeof questionFields>;

/** The rules of the question's kind, as field errors (path relative to the question body). Used by create, update
 *  and the possible-solutions routes (which check the question as it would become). */
export function questionRuleIssues(q: Pick<QuestionFields, 'type' | 'language' | 'possible_solutions' | 'tolerance'> & { scoring?: QuestionFields['scoring']; essay?: QuestionFields['essay']; statement?: string; is_practice?: QuestionFields['is_practice'] }): KindIssue[] {
  return QUESTION_KIND_MODULES[q.type].rules(q);
}

/** Practice grades the question as saved, never a variant: a parameterised question is for exams only. */
export const PRACTICE_GENERATOR_REFUSED = 'Un exercice d’entraînement ne peut pas être paramétré : retirez le générateur, ou décochez l’entraînement.';

export const questionInputSchema = questionFields.superRefine((q, ctx) => {
  for (const issue of questionRuleIssues(q)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  if (q.generator && q.is_practice) ctx.addIssue({ code: 'custom', path: ['generator'], message: PRACTICE_GENERATOR_REFUSED });
});
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionData = z.infer<typeof questionInputSchema>;

export const QUESTION_SORTS = ['created_at', 'updated_at', 'type', 'points', 'exam_count'] as const;

export const questionListQuerySchema = listQuerySchema.extend({
  type: questionKindSchema.optional(),
  language: languageSchema.optional(),
  course_id: optionalIdFilter('Le cours'),
  tag: z.string().trim().max(QUESTION_TAG_MAX).optional(),
  is_practice: z.enum(['0', '1'], { error: 'Le filtre doit valoir 0 ou 1.' }).transform(Number).optional(),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;
export type QuestionListFilters = z.infer<typeof questionListQuerySchema>;

/** possible-solutions create / update (docs/api.md): the question's rules still hold afterwards. */
export const possibleSolutionInputSchema = z.object({
  question_id: idField('La question'),
  ...possibleSolutionFields,
});
export type PossibleSolutionInput = z.input<typeof possibleSolutionInputSchema>;
export type PossibleSolutionData = z.infer<typeof possibleSolutionInputSchema>;
export const possibleSolutionUpdateSchema = possibleSolutionInputSchema.partial({ question_id: true });

/** A variant's seed: the whole number given to `generate(seed)`. */
export const seedField = intField('La graine', 1, 1_000_000);

/** GET questions/{id}/preview?seed=: a parameterised question is shown as that variant (its first one by default). */
export const questionPreviewQuerySchema = z.object({ seed: seedField.optional() });

/** POST questions/{id}/preview: the answer a student would send (QCM: choice ids; others: a string), and for a
 *  parameterised question the variant it answers. */
export const questionPreviewSchema = z.object({ answer: z.unknown(), seed: seedField.optional() });

/** The values a generator gave for one seed, by name. */
export const variantValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type VariantValues = z.infer<typeof variantValuesSchema>;

// --- Answers -------------------------------------------------------------------------------

export const possibleSolutionSchema = z.object({
  id: z.number().int(),
  question_id: z.number().int(),
  position: z.number().int(),
  content: z.string(),
  is_correct: z.union([z.literal(0), z.literal(1)]),
  stdin: z.string(),
  expected_output: z.string(),
  is_hidden: z.union([z.literal(0), z.literal(1)]),
  weight: z.number(),
  /** ALGORITHM: the case's test code ('' for none and for the other kinds). */
  test_code: z.string(),
  /** ALGORITHM: when the case's result is shown after grading (from is_hidden when never set). */
  display: caseDisplaySchema,
});
export type PossibleSolution = z.infer<typeof possibleSolutionSchema>;

const fileRefSchema = z.object({ id: z.number().int(), name: z.string(), mime: z.string() });

/** Staff shape: everything. */
export const questionSchema = z.object({
  id: z.number().int(),
  type: questionKindSchema,
  /** null: unnamed (the bank shows the statement's start). */
  name: z.string().nullable(),
  statement: z.string(),
  language: languageSchema.nullable(),
  points: z.number(),
  course_id: z.number().int().nullable(),
  course_title: z.string().nullable(),
  chapter_id: z.number().int().nullable(),
  is_practice: z.union([z.literal(0), z.literal(1)]),
  tags: z.array(z.string()),
  starter_code: z.string().nullable(),
  reference_solution: z.string().nullable(),
  tolerance: toleranceSchema.nullable(),
  limits: limitsSchema.nullable(),
  /** MATCHING: how it counts; null for the other kinds. */
  scoring: scoringSchema.nullable(),
  /** ALGORITHM: how it counts; null for the other kinds. */
  grading: gradingSchema.nullable(),
  /** MATH: the form required (EQUIVALENT: any); null for the other kinds. */
  math_form: mathFormSchema.nullable(),
  /** ALGORITHM in Python: `input()` echoes what it reads. */
  echo_input: z.union([z.literal(0), z.literal(1)]),
  /** ESSAY: its settings, grader information included (staff only); null for the other kinds. */
  essay: essaySettingsShape.nullable(),
  /** FILE: its settings, grader information included (staff only); null for the other kinds. */
  file_answer: fileAnswerSettingsShape.nullable(),
  generator: z.string().nullable(),
  possible_solutions: z.array(possibleSolutionSchema),
  files: z.array(fileRefSchema),
  exam_count: z.number().int(),
  /** Exams using the question that some student has started (their copies keep the version they were given). */
  started_exam_count: z.number().int(),
  created_by: z.number().int().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /** Number of the question's latest saved version (question_versions): what an exam published now would pin. */
  version_number: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

/** A row of the staff list: no statement HTML, a plain-text excerpt instead (formulas between \( and \)). */
export const questionListItemSchema = z.object({
  id: z.number().int(),
  type: questionKindSchema,
  /** The question's name, or null (the screens show the excerpt alone). */
  name: z.string().nullable(),
  excerpt: z.string(),
  language: languageSchema.nullable(),
  points: z.number(),
  course_id: z.number().int().nullable(),
  course_title: z.string().nullable(),
  is_practice: z.union([z.literal(0), z.literal(1)]),
  /** 1: the question has a generator (each student gets a variant). */
  is_parameterised: z.union([z.literal(0), z.literal(1)]),
  tags: z.array(z.string()),
  solutions_count: z.number().int(),
  exam_count: z.number().int(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuestionListItem = z.infer<typeof questionListItemSchema>;

export const questionTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export type QuestionTag = z.infer<typeof questionTagSchema>;

/** Student shape: what a student may see of a question. Never a correct flag, an accepted answer, a hidden
 *  test case, the reference solution, the expected expression or a matching's pairs. `multiple`: a QCM with several correct
 *  choices (checkboxes rather than radio buttons). */
export const studentQuestionSchema = z.object({
  id: z.number().int(),
  type: questionKindSchema,
  statement: z.string(),
  language: languageSchema.nullable(),
  points: z.number(),
  starter_code: z.string().nullable(),
  limits: limitsSchema.nullable(),
  multiple: z.boolean(),
  choices: z.array(z.object({ id: z.number().int(), content: z.string() })),
  /** ALGORITHM: the examples (never a hidden case), with their test code when they have one. */
  tests: z.array(z.object({ stdin: z.string(), expected_output: z.string(), test_code: z.string().optional() })),
  /** MATCHING: the items to match (in the teacher's order), and the answers to pick from, each once, shuffled per
   *  student (distractors among them): never which answer goes with which item. Empty for the other kinds. */
  items: z.array(z.object({ id: z.number().int(), content: z.string() })),
  options: z.array(z.string()),
  /** CLOZE: its gaps in order (the statement's marker `{n}` is gap n): the kind of each, and a list's choices, each once,
   *  shuffled per student. Never which choice is right nor an accepted answer. Absent for the other kinds. */
  gaps: z.array(z.object({ kind: z.enum(CLOZE_GAP_KINDS), choices: z.array(z.string()) })).optional(),
  /** ESSAY: the word limit and the response template (never the grader information); absent for the other kinds. */
  essay: essayStudentSchema.optional(),
  /** FILE: the accepted types and the limits (never the grader information); absent for the other kinds. */
  file_answer: fileAnswerStudentSchema.optional(),
  /** MATH: the form the answer must have (EXPANDED, FACTORED, SIMPLIFIED), shown beside the question; absent (or
   *  null, or EQUIVALENT) when any equivalent form is right and for the other kinds. */
  math_form: mathFormSchema.nullish(),
});
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;

/** Answer shapes (docs/api.md): each kind's `answer` (QCM → choice ids; EXACT, ALGORITHM, MATH → a string). */

/** POST questions/{id}/preview: the grade a student would get for this answer (student-safe details only). */
export const questionPreviewResultSchema = z.object({
  is_valid: z.boolean(),
  /** Fraction 0..1 of the points (ALGORITHM: weighted share of the cases passed). */
  score: z.number(),
  details: gradeDetailsSchema,
});
export type QuestionPreviewResult = z.infer<typeof questionPreviewResultSchema>;

export const questionEnvelopeSchema = envelopeSchema(questionSchema);
export const questionPageSchema = paginatedSchema(questionListItemSchema);
export const questionDeletedEnvelopeSchema = envelopeSchema(z.object({ id: z.number().int() }));
export const questionTagsEnvelopeSchema = envelopeSchema(z.array(questionTagSchema));
export const questionPreviewEnvelopeSchema = envelopeSchema(
  z.object({
    question: studentQuestionSchema,
    result: questionPreviewResultSchema.nullable(),
    /** A parameterised question: the variant shown (staff only: its values are the answer's ingredients). */
    variant: z.object({ seed: z.number().int(), values: variantValuesSchema }).nullable(),
  }),
);
export const possibleSolutionEnvelopeSchema = envelopeSchema(possibleSolutionSchema);
export const possibleSolutionDeletedEnvelopeSchema = envelopeSchema(z.object({ id: z.number().int(), question_id: z.number().int() }));

/** Messages shown by the editor (and sent by the API as the envelope message). */
export const QUESTION_TEXTS = {
  noReferenceWarning:
    'Question enregistrée, sans solution de référence : les cas de test n’ont pas été vérifiés. Ajoutez-en une pour que chaque enregistrement les contrôle.',
  referenceChecked: (n: number) => `Question enregistrée : la solution de référence réussit les ${n} cas de test.`,
  variantsChecked: (n: number) => `Question enregistrée : ses ${n} premières variantes ont été fabriquées et vérifiées.`,
} as const;
