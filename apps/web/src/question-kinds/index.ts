// The question kinds of the web app, one module each (./<kind>/), in one table keyed by QuestionKind: a kind of
// QUESTION_KINDS left out does not compile. Screens never test a question's type themselves: they ask its kind
// (its answer input, answer view, editor fields…), mostly through <AnswerInput>, <AnswerView>… Pages that only show
// answers import `@/question-kinds/views` (no input, no editor); pages that read a kind's facts, `./facts`.
export { QUESTION_KINDS_UI, kindOf } from './table';
export { KIND_FACTS } from './facts';
export { AnswerInput } from './answer-input';
export { AnswerView, GradeDetailsView, KIND_VIEWS, SolutionView } from './views';
export { AnswerVerdict, type AnswerVerdictProps } from './answer-verdict';
export { MathText } from './math/math-text';
export { QuestionTypeBadge } from './type-badge';
export type { AnswerInputProps, AnswerViewProps, InputQuestion, KnownSolution, ViewQuestion, QuestionKindUi } from './types';
export { num, rootMessage, type GeneralFormValues, type QuestionFormErrors, type QuestionFormRegister, type QuestionFormValues } from './form-values';
