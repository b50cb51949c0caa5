// The grading service's public entry: other features import from here only.
export { grade, regrade, checkReferenceSolution, checkExpectedExpression, runReference } from './service';
export type { TestCaseResult as ReferenceCaseResult } from '@exam/runner';
export type { AlgorithmQuestion, GradableQuestion, GradeInput, GradeOutcome, InternalCaseResult } from './types';
