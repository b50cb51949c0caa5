// The table of the question kinds: a kind of QUESTION_KINDS left out does not compile.
import type { QuestionKind } from '@exam/shared';
import { algorithmKind } from './algorithm';
import { clozeKind } from './cloze';
import { essayKind } from './essay';
import { exactKind } from './exact';
import { fileKind } from './file';
import { matchingKind } from './matching';
import { mathKind } from './math';
import { orderingKind } from './ordering';
import { qcmKind } from './qcm';
import type { QuestionKindUi } from './types';

export const QUESTION_KINDS_UI: { [K in QuestionKind]: QuestionKindUi } = {
  QCM: qcmKind,
  EXACT: exactKind,
  ALGORITHM: algorithmKind,
  MATH: mathKind,
  MATCHING: matchingKind,
  ORDERING: orderingKind,
  ESSAY: essayKind,
  CLOZE: clozeKind,
  FILE: fileKind,
};

export const kindOf = (type: QuestionKind): QuestionKindUi => QUESTION_KINDS_UI[type];
