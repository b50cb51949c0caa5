// How a program is read back: the code, read-only; its grade's cases.
import { noSolution, plainView } from '../bank-view';
import type { KindViews } from '../types';
import { AlgorithmAnswerView } from './answer-view';
import { AlgorithmGradeDetails } from './case-results';

export const algorithmViews: KindViews = {
  AnswerView: AlgorithmAnswerView,
  SolutionView: null,
  GradeDetails: AlgorithmGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: noSolution }),
};
