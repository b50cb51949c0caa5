// How an EXACT answer is read back: the text as typed, and the accepted answers.
import { TextAnswerView } from '../text-answer-view';
import type { KindViews } from '../types';
import { ExactSolutionView } from './solution-view';

export const exactViews: KindViews = { AnswerView: TextAnswerView, SolutionView: ExactSolutionView, GradeDetails: null };
