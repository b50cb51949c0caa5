// What the web app knows of one question kind, in one place: the table of index.ts maps every QuestionKind to one of
// these, so the compiler names each part a new kind must bring (its editor fields, its answer input, its answer view).
import type { ComponentType } from 'react';
import type { Control, UseFormSetError } from 'react-hook-form';
import type { ExamShowResult, ExchangeFormat, GradeDetails, Question, QuestionInput, QuestionKind, StudentQuestion, Variant } from '@exam/shared';
import type { QuestionFormErrors, QuestionFormRegister, QuestionFormValues } from './form-values';

/** What an answer input reads of a question: the student shape (never a correct flag or an accepted answer). */
export type InputQuestion = Pick<StudentQuestion, 'id' | 'type' | 'language' | 'multiple' | 'choices' | 'tests' | 'starter_code' | 'items' | 'options' | 'math_form'> & { essay?: StudentQuestion['essay']; file_answer?: StudentQuestion['file_answer'] } & Partial<Pick<StudentQuestion, 'statement' | 'gaps'>>;

export interface AnswerInputProps {
  question: InputQuestion;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Enter in a one-line field, Ctrl+Enter in an editor: the screen's own action (« Soumettre », « Vérifier »…). */
  onSubmit: () => void;
  /** A trial run of a program (Ctrl+Enter in the code editor), where the screen has one; else Ctrl+Enter is onSubmit. */
  onRun?: () => void;
  /** Shown but not editable (the attempt is over, or the question has no try left). */
  locked?: boolean;
}

/** The right answer, when the viewer may see it (the student after closing, if the exam allows it; staff always). */
export type KnownSolution = NonNullable<ExamShowResult['questions'][number]['solution']>;

/** What an answer view reads of a question: its kind, and what an answer names by id (QCM choices, MATCHING items). */
export interface ViewQuestion {
  type: QuestionKind;
  language: StudentQuestion['language'];
  choices: Array<{ id: number; content: string }>;
  items: Array<{ id: number; content: string }>;
}

export interface AnswerViewProps {
  question: ViewQuestion;
  /** As stored: never null here (the caller says « no answer » itself). */
  answer: unknown;
  solution: KnownSolution | null;
  /** Whose copy it is: the student's own (« Votre choix ») or a student's, read by staff. */
  reader: 'student' | 'staff';
  /** Accessible name of a read-only program. */
  label: string;
  /** The grading of this answer, when shown with it: a kind may draw on the answer what its grader marked there
   *  (a file's annotations on its pages) rather than draw the answer twice. */
  details?: GradeDetails | null;
}

export interface EditorFieldsProps {
  control: Control<QuestionFormValues>;
  errors: QuestionFormErrors;
  register: QuestionFormRegister;
  languageOptions: { value: string; label: string }[];
}

/** The part of the API body a kind decides (the general card gives the rest; a field left out is sent as null). */
export type KindBody = Pick<QuestionInput, 'possible_solutions'> & Partial<Pick<QuestionInput, 'language' | 'starter_code' | 'reference_solution' | 'tolerance' | 'limits' | 'scoring' | 'grading' | 'echo_input' | 'math_form' | 'essay' | 'file_answer'>>;

export interface KindEditor<Slice> {
  /** The kind's own fields, shown under « Réponse attendue ». */
  Fields: ComponentType<EditorFieldsProps>;
  /** The kind's part of the form: from the stored question when it is of this kind, else the blank one. */
  toForm: (q: Question | undefined) => Slice;
  /** The kind's part of the body. */
  toBody: (v: QuestionFormValues) => KindBody;
  /** The form field where the body's `possible_solutions` messages land: a list (its items by index; `wholeItem`: a
   *  message on an item's content belongs to the whole item), one field, or the kind's own mapping (index null: the
   *  list as a whole). */
  solutionsField: { list: string; wholeItem?: boolean } | { single: string } | { path: (index: number | null, field: string | undefined, v: QuestionFormValues) => string };
  /** A check the shared schema cannot make (it sees the body, not the form): false when it put an error. */
  check?: (v: QuestionFormValues, setError: UseFormSetError<QuestionFormValues>) => boolean;
  /** One line under the generator's hint, when the kind has something to add. */
  generatorHint?: string;
  /** A generated variant's answers, as the teacher checks them. */
  VariantAnswers: ComponentType<{ solutions: Variant['possible_solutions'] }>;
}

/** What the web app knows of a kind without drawing it (./facts.ts: light enough for any page to read). */
export interface KindFacts {
  /** The colour of its badge (a Mantine colour), the same on every screen. */
  color: string;
  /** The answer of a question not answered yet (a program starts from its starter code). */
  emptyAnswer: (q: Pick<InputQuestion, 'starter_code' | 'essay'>) => unknown;
  /** A stored answer made safe for the input, or null when it is not one of this kind. */
  normalise: (value: unknown) => unknown;
  /** The answer can be tried on the question's visible examples before it is sent (« Tester sur les exemples »). */
  runsExamples: boolean;
  /** The question exchange formats that can hold the kind (the others leave it out of an export). */
  exchangeFormats: readonly ExchangeFormat[];
  /** The answer input draws the statement itself, its gaps in place (a cloze): the screen does not show it again. */
  showsStatement?: boolean;
  /** Graded by a person (an essay): its points below the question's are the grader's mark, never a penalty. */
  humanGraded?: boolean;
}

/** How a kind's answers are read back (./views.tsx: no editor, no input, for the pages that only show answers). */
export interface KindViews {
  AnswerView: ComponentType<AnswerViewProps>;
  /** The right answer beside the student's, when it is not already in the answer view (QCM marks its choices). */
  SolutionView: ComponentType<{ solution: KnownSolution }> | null;
  /** What the grading says beyond the verdict (a maths reading message, a program's cases). */
  /** `answer`: the answer graded (an essay's annotations point into its text). */
  GradeDetails: ComponentType<{ details: GradeDetails; caseHeading?: 'h3' | 'h4' | 'h5'; answer?: unknown }> | null;
  /** The question as the bank holds it, for staff reading a student's copy: what its answers name, and the right answer. */
  fromBank: (q: Question) => { question: ViewQuestion; solution: KnownSolution };
  /** The statement read beside an answer, when the kind marks something in it (a cloze's gaps); absent: as written. */
  Statement?: ComponentType<{ html: string }>;
}

/** The whole kind: its facts, its views, its one answer input and its editor. */
export interface QuestionKindUi<Slice = unknown> extends KindFacts, KindViews {
  kind: QuestionKind;
  /** Why a non-blank answer cannot be sent yet (a maths field with empty boxes), or null. */
  incomplete?: (value: unknown) => string | null;
  AnswerInput: ComponentType<AnswerInputProps>;
  editor: KindEditor<Slice>;
}
