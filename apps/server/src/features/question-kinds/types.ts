// What every question kind says on the server (docs/questions.md « Un type de question, un module »): how it is
// stored, shown to a student, graded, checked when saved and made into variants, read from and written to Moodle
// XML and GIFT, and shown once the solutions are visible. One module per kind, gathered in ./index.ts in a table
// keyed by QuestionKind: a kind left out does not compile.
import type { FastifyBaseLogger } from 'fastify';
import type { CaseDisplay, ExamShowResult, GradeDetails, GradeDetailsOf, MathForm, Question, QuestionInput, QuestionKind, QuestionSolutionData, StudentQuestion, Verdict } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import type { XmlElement } from '../../lib/xml';

/** One test case as stored for staff (hidden ones included). */
export interface InternalCaseResult {
  test_id: number;
  index: number;
  is_hidden: boolean;
  verdict: Verdict;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  duration_ms: number;
}

export interface GradeOutcome {
  /** Validated / not validated. */
  is_valid: boolean;
  /** Fraction 0..1 (ALGORITHM: weighted share of passed cases; others 0 or 1). */
  score: number;
  /** Student-safe (gradeDetailsSchema). */
  details: GradeDetails;
  /** Staff-only full run data (ALGORITHM: every case with its output) for storing; never sent to students. */
  internal?: { cases: InternalCaseResult[] };
  /** No verdict yet: a person grades it (an essay). Its points are not counted as 0 meanwhile. */
  pending?: boolean;
}

/** Who asks, for the per-user run limit and for the logs. */
export interface GradeCaller {
  userId: number;
  requestId?: string;
  log?: FastifyBaseLogger;
}

/** Who saves a question: `metered: false` when the caller has already counted these runs (an import counts once). */
export interface KindCaller extends GradeCaller {
  metered?: boolean;
}

export interface GradeInputOf<G> extends GradeCaller {
  question: G;
  answer: unknown;
  /** ALGORITHM only: run the visible cases only ("Tester sur les exemples"). */
  visibleOnly?: boolean;
  /** An answer of an exam (a student's, or a draft graded at its end): the runner serves it first and never refuses it
   *  because others fill its queue. */
  exam?: boolean;
  /** A draft handed in when the attempt ended (not sent by the student): kept even where a sent answer is refused. */
  draft?: boolean;
}

/** How a grade uses the runner: students count against the per-user limit with the cases side by side; a regrade
 *  does not count (staff asked once for the whole exam) and runs one case at a time. */
export interface RunMode {
  limitRate: boolean;
  concurrency?: number;
}

export interface ReferenceFailure {
  index: number;
  test_id: number;
  verdict: Verdict;
  stdin: string;
  expected: string;
  got: string;
  stderr: string;
}

/** What grading needs of a stored question (a version, or a variant of it). */
export type GradingSource = Pick<Question, 'type' | 'language' | 'tolerance' | 'limits' | 'possible_solutions'> & { scoring?: Question['scoring']; grading?: Question['grading']; echo_input?: Question['echo_input']; essay?: Question['essay']; file_answer?: Question['file_answer']; math_form?: Question['math_form'] };
/** What a student's view is made from. */
export type StudentSource = Pick<Question, 'id' | 'type' | 'statement' | 'language' | 'points' | 'starter_code' | 'limits' | 'possible_solutions'> & { essay?: Question['essay']; file_answer?: Question['file_answer']; math_form?: Question['math_form'] };
/** The fields of the student shape that depend on the kind. */
export type StudentFields = Pick<StudentQuestion, 'language' | 'starter_code' | 'limits' | 'multiple' | 'choices' | 'tests' | 'items' | 'options' | 'essay' | 'math_form'> &
  Partial<Pick<StudentQuestion, 'gaps' | 'file_answer'>>;
/** A kind with none of the kind-dependent fields. */
export const NO_STUDENT_FIELDS: StudentFields = { language: null, starter_code: null, limits: null, multiple: false, choices: [], tests: [], items: [], options: [] };

/** The correction a student sees once an exam's solutions are visible. */
export type ExamSolution = NonNullable<ExamShowResult['questions'][number]['solution']>;

/** A possible solution as stored (the repository's row values). */
export interface StoredSolution {
  id?: number;
  content: string;
  is_correct: number;
  stdin: string;
  expected_output: string;
  is_hidden: number;
  weight: number;
  /** ALGORITHM: code run after the student's code in this case ('' for none). */
  test_code: string;
  /** ALGORITHM: when the case's result is shown after grading (null: from is_hidden). */
  display: CaseDisplay | null;
}

/** The question-level fields a kind keeps; the others are stored empty. */
export interface KindFields {
  /** language (Python or R). */
  language: boolean;
  /** starter_code, reference_solution, limits. */
  program: boolean;
  /** tolerance. */
  tolerance: boolean;
  /** scoring (PARTIAL or ALL_OR_NOTHING). */
  scoring: boolean;
  /** math_form (the form a MATH answer must have beside equivalence). */
  mathForm?: boolean;
  /** essay (word limit, response template, grader information). */
  essay?: boolean;
  /** file_answer (accepted types, max files, max size, grader information). */
  fileAnswer?: boolean;
}

/** What the save checks need of the question being saved. */
export interface SaveCheckSource {
  language: 'PYTHON' | 'R' | null;
  reference_solution: string | null;
  limits: { cpu_seconds: number; memory_mb: number } | null;
  /** ALGORITHM in Python: input() echoes what it reads (the reference's outputs include it). */
  echo_input?: 0 | 1;
  /** MATH: the form required (the expected expression must have it). */
  math_form?: MathForm | null;
}

/** A possible solution of a variant being checked (a draft's have no id yet). */
export interface VariantSolution {
  content: string;
  stdin: string;
  expected_output: string;
  is_hidden: 0 | 1;
  weight: number;
  test_code?: string;
  display?: CaseDisplay | null;
  id?: number;
}

/** A question read from a file, without what every kind has (statement, points, tags); `statement` when the kind
 *  rewrites it (a cloze's gaps become markers). */
export type KindImport = Omit<QuestionInput, 'statement' | 'points' | 'tags'> & { statement?: string };
/** Reads one Moodle XML question of a type the kind takes: the question, or the French reason it is skipped.
 *  `statement`: the question text as read (its files' addresses already rewritten). */
export type MoodleReader = (q: XmlElement, notes: string[], statement: string) => KindImport | string;

export interface ServerQuestionKind<K extends QuestionKind, G extends { type: K }> {
  kind: K;
  /** Storage: the question fields kept, and a possible solution as stored (fields the kind does not use reset). */
  fields: KindFields;
  storeSolution: (p: QuestionSolutionData, empty: StoredSolution) => StoredSolution;
  /** Grading: the question as the grading service takes it, and its rule. */
  toGradable: (q: GradingSource) => G;
  // Written as methods: the table checks each kind against its own gradable shape G (see ./index.ts).
  grade(ctx: AppContext, input: GradeInputOf<G>, mode: RunMode): Promise<GradeOutcome>;
  /** Details of an answer the current question cannot grade any more (a removed choice, a wrong shape). */
  ungradable(q: G, message: string): GradeDetailsOf<K>;
  /** Graded by a person (an essay): its grade is pending until marked, and a regrade never touches its answers. */
  humanGraded?: boolean;
  /** Its grade runs in the sandbox (programs, expressions): a regrade counts it. */
  usesRunner: boolean;
  /** « Tester sur les exemples » exists (the visible cases of a program). */
  runsExamples: boolean;
  /** What a student sees: never a correct flag, an accepted answer, a hidden test or the expected expression. */
  student: (q: StudentSource, seed: number | string, shuffle: <T>(items: readonly T[]) => T[]) => StudentFields;
  /** The correction once the exam's solutions are visible; null: none is shown (a program). */
  solution: (q: Pick<Question, 'possible_solutions'>) => ExamSolution | null;
  /** On save of a question without generator: checks in the sandbox (reference, expression); cases checked. */
  checkOnSave: (ctx: AppContext, caller: KindCaller, q: SaveCheckSource, solutions: StoredSolution[]) => Promise<number>;
  /** Why a variant cannot be given to students, or null; may fill what the variant computes (expected outputs). */
  checkVariant: (ctx: AppContext, caller: KindCaller, q: SaveCheckSource, solutions: VariantSolution[]) => Promise<string | null>;
  /** Moodle XML: the question type and body written (or why it is omitted), and the Moodle types it reads. */
  moodle: {
    write: (q: Question) => { type: string; body: string; statement?: string } | { omitted: string };
    read: Record<string, MoodleReader>;
  };
  /** GIFT: the answer block written after the statement, or null when GIFT has no such type. */
  gift: { write: (q: Question) => string | null };
}
