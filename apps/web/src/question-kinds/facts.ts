// What the web app knows of each kind without drawing it (its answer value, its exchange formats…), in a table of its
// own with no component: the exam's storage reads it from the sign-in page (the answers still waiting at logout), the
// question list without loading every editor. A kind left out does not compile.
import type { QuestionKind } from '@exam/shared';
import { algorithmFacts } from './algorithm/facts';
import { clozeFacts } from './cloze/facts';
import { essayFacts } from './essay/facts';
import { fileFacts } from './file/facts';
import { exactFacts } from './exact/facts';
import { matchingFacts } from './matching/facts';
import { mathFacts } from './math/facts';
import { orderingFacts } from './ordering/facts';
import { qcmFacts } from './qcm/facts';
import type { KindFacts } from './types';

export const KIND_FACTS: { [K in QuestionKind]: KindFacts } = {
  QCM: qcmFacts,
  EXACT: exactFacts,
  ALGORITHM: algorithmFacts,
  MATH: mathFacts,
  MATCHING: matchingFacts,
  ORDERING: orderingFacts,
  ESSAY: essayFacts,
  CLOZE: clozeFacts,
  FILE: fileFacts,
};
