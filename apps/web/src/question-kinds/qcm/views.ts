// How a QCM answer is read back: its choices, the ticked and the right ones marked.
import type { KindViews } from '../types';
import { QcmAnswerView } from './answer-view';

export const qcmViews: KindViews = { AnswerView: QcmAnswerView, SolutionView: null, GradeDetails: null };
