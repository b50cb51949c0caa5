// How an EXACT answer is read back: the text as typed, and the accepted answers.
import { TextAnswerView } from '../text-answer-view';
import { noSolution, plainView } from '../bank-view';
import type { KindViews } from '../types';
import { ExactSolutionView } from './solution-view';

export const exactViews: KindViews = {
  AnswerView: TextAnswerView,
  SolutionView: ExactSolutionView,
  GradeDetails: null,
  fromBank: (q) => ({ question: plainView(q), solution: { ...noSolution, accepted: q.possible_solutions.map((p) => p.content) } }),
};
