// The question kinds of the server, one module each, in one table keyed by the kind: a kind of QUESTION_KINDS left
// out of SERVER_KINDS does not compile, and every feature asks the table rather than testing `type === '…'`.
// Public entry of the feature: the grading service, the question bank, exam taking, results and the exchange use it.
import type { QuestionKind } from '@exam/shared';
import { algorithmServerKind } from './algorithm';
import { clozeServerKind } from './cloze';
import { essayServerKind } from './essay';
import { exactServerKind } from './exact';
import { fileServerKind } from './file';
import { matchingServerKind } from './matching';
import { mathServerKind } from './math';
import { orderingServerKind } from './ordering';
import { qcmServerKind } from './qcm';
import type { GradeInputOf, ServerQuestionKind } from './types';

export const SERVER_KINDS = {
  QCM: qcmServerKind,
  EXACT: exactServerKind,
  ALGORITHM: algorithmServerKind,
  MATH: mathServerKind,
  MATCHING: matchingServerKind,
  ORDERING: orderingServerKind,
  ESSAY: essayServerKind,
  CLOZE: clozeServerKind,
  FILE: fileServerKind,
} as const satisfies { [K in QuestionKind]: ServerQuestionKind<K, { type: K }> };

type Kinds = typeof SERVER_KINDS;

/** A question as the grading service takes it: one shape per kind (the kind's `toGradable`). */
export type GradableQuestion = { [K in QuestionKind]: ReturnType<Kinds[K]['toGradable']> }[QuestionKind];
export type GradableOf<K extends QuestionKind> = Extract<GradableQuestion, { type: K }>;
export type GradeInput = GradeInputOf<GradableQuestion>;

/**
 * The module of a question's kind, seen through the common interface: what every feature calls. (The table's own
 * entries keep their precise types; this view lets a caller holding any kind use them without a switch.)
 */
export function serverKind<K extends QuestionKind>(kind: K): ServerQuestionKind<K, GradableOf<K>> {
  return SERVER_KINDS[kind] as unknown as ServerQuestionKind<K, GradableOf<K>>;
}

export { checkReferenceSolution, runReference } from './algorithm';
export { checkExpectedExpression } from './math';
export { readGiftMatching, MATCHING_TEXTS } from './matching';
export type { AlgorithmQuestion } from './algorithm-runs';
export { matchesExact, normalizeText, numbersMatch, parseNumber, type Tolerance } from './exact-match';
export { escapeGift, GRADING_TEXTS, partialCreditNote, shareOf } from './common';
export type {
  ExamSolution,
  GradeCaller,
  GradeOutcome,
  InternalCaseResult,
  KindCaller,
  KindImport,
  MoodleReader,
  ReferenceFailure,
  RunMode,
  SaveCheckSource,
  ServerQuestionKind,
  StoredSolution,
  StudentFields,
  VariantSolution,
} from './types';
