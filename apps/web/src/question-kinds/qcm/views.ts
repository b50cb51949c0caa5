// How a QCM answer is read back: its choices, the ticked and the right ones marked.
import { noSolution } from '../bank-view';
import type { KindViews } from '../types';
import { QcmAnswerView } from './answer-view';

export const qcmViews: KindViews = {
  AnswerView: QcmAnswerView,
  SolutionView: null,
  GradeDetails: null,
  fromBank: (q) => ({
    question: { type: q.type, language: q.language, choices: q.possible_solutions.map((p) => ({ id: p.id, content: p.content })), items: [] },
    solution: { ...noSolution, choice_ids: q.possible_solutions.filter((p) => p.is_correct === 1).map((p) => p.id) },
  }),
};
