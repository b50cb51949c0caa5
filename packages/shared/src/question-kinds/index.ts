// The question kinds of the shared side, one module each, in one table keyed by the kind: a kind of QUESTION_KINDS
// left out of QUESTION_KIND_MODULES does not compile. The server (features/question-kinds) and the web app key
// their own tables on the same QuestionKind.
import { z } from 'zod';
import { QUESTION_KINDS, type QuestionKind } from '../helper';
import { algorithmKind } from './algorithm';
import { clozeKind } from './cloze';
import { essayKind } from './essay';
import { exactKind } from './exact';
import { fileKind } from './file';
import { matchingKind } from './matching';
import { mathKind } from './math';
import { orderingKind } from './ordering';
import { qcmKind } from './qcm';
import type { SharedQuestionKind } from './types';

export const QUESTION_KIND_MODULES = {
  QCM: qcmKind,
  EXACT: exactKind,
  ALGORITHM: algorithmKind,
  MATH: mathKind,
  MATCHING: matchingKind,
  ORDERING: orderingKind,
  ESSAY: essayKind,
  CLOZE: clozeKind,
  FILE: fileKind,
} as const satisfies { [K in QuestionKind]: SharedQuestionKind<K> };

/** The kind's module, typed by the kind. */
export function questionKindModule<K extends QuestionKind>(kind: K): (typeof QUESTION_KIND_MODULES)[K] {
  return QUESTION_KIND_MODULES[kind];
}

type DetailsSchema = (typeof QUESTION_KIND_MODULES)[QuestionKind]['details'];

/** What a student may see of a grade, one shape per kind (the kind's `details`). */
export const gradeDetailsSchema = z.discriminatedUnion(
  'type',
  QUESTION_KINDS.map((k) => QUESTION_KIND_MODULES[k].details) as unknown as [DetailsSchema, ...DetailsSchema[]],
);
export type GradeDetails = z.infer<typeof gradeDetailsSchema>;
export type GradeDetailsOf<K extends QuestionKind> = Extract<GradeDetails, { type: K }>;

export { qcmAnswerSchema, QCM_MAX_CHOICES, QCM_MIN_CHOICES } from './qcm';
export { textAnswerSchema, EXACT_MAX_ANSWERS } from './exact';
export { ALGORITHM_MAX_TESTS, visibleCaseResultSchema, type VisibleCaseResult } from './algorithm';
export {
  countWords,
  ESSAY_NOTE_MAX,
  ESSAY_TEXT_MAX,
  ESSAY_TEXTS,
  ESSAY_WORD_LIMIT_MAX,
  essayAnswerSchema,
  essayKind,
  essaySettingsSchema,
  essaySettingsShape,
  essayStudentSchema,
  NO_ESSAY_SETTINGS,
  type EssayAnswer,
  type EssaySettings,
  type EssayStudent,
} from './essay';
export type { KindAnswerSource, KindIssue, KindRuleInput, SharedQuestionKind } from './types';
export {
  matchingAnswerKey,
  matchingAnswerSchema,
  matchingKind,
  MATCHING_ANSWER_MAX,
  MATCHING_MAX_ITEMS,
  MATCHING_MAX_ROWS,
  MATCHING_MIN_ITEMS,
  MATCHING_SCORING_LABELS,
  MATCHING_SCORINGS,
  type MatchingAnswer,
  type MatchingScoring,
} from './matching';
