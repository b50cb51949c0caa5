// The grading service's contract: what a question must say to be graded, and what grading gives back. Each kind's
// part of it lives in its module (../question-kinds).
export type {
  AlgorithmQuestion,
  GradableQuestion,
  GradeCaller,
  GradeInput,
  GradeOutcome,
  InternalCaseResult,
  ReferenceFailure,
} from '../question-kinds';
