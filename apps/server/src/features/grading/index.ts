// The grading service's public entry: other features import from here only.
export { grade, regrade, checkReferenceSolution, checkExpectedExpression, GRADING_TEXTS } from './service';
export { matchesExact } from './exact';
export type { Tolerance } from './exact';
export type { AlgorithmQuestion, GradableQuestion, GradeInput, GradeOutcome, InternalCaseResult, ReferenceFailure } from './types';
