// The grading service's public entry: other features import from here only.
export { grade, regrade, checkReferenceSolution, checkExpectedExpression } from './service';
export type { AlgorithmQuestion, GradableQuestion, GradeOutcome, InternalCaseResult } from './types';
