// How each kind's answers are read back (answer view, solution, grade details), in a table of its own, with the
// components the screens draw: the pages that only show answers (the student's result, the staff's copy) import this
// module (`@/question-kinds/views`), which loads no answer input and no editor. A kind left out does not compile.
import type { GradeDetails, QuestionKind } from '@exam/shared';
import { RichContent } from '@/components/rich-text/rich-content';
import { algorithmViews } from './algorithm/views';
import { clozeViews } from './cloze/views';
import { essayViews } from './essay/views';
import { fileViews } from './file/views';
import { exactViews } from './exact/views';
import { matchingViews } from './matching/views';
import { mathViews } from './math/views';
import { orderingViews } from './ordering/views';
import { qcmViews } from './qcm/views';
import type { AnswerViewProps, KindViews, KnownSolution } from './types';

export const KIND_VIEWS: { [K in QuestionKind]: KindViews } = {
  QCM: qcmViews,
  EXACT: exactViews,
  ALGORITHM: algorithmViews,
  MATH: mathViews,
  MATCHING: matchingViews,
  ORDERING: orderingViews,
  ESSAY: essayViews,
  CLOZE: clozeViews,
  FILE: fileViews,
};

/** The one answer view of the question's kind (the student's result page, the staff's copy of a student). */
export function AnswerView(props: AnswerViewProps) {
  const { AnswerView: View } = KIND_VIEWS[props.question.type];
  return <View {...props} />;
}

/** The statement beside a read-back answer: as written, or with what the kind marks in it (a cloze's gaps, numbered). */
export function StatementView({ type, html }: { type: QuestionKind; html: string }) {
  const { Statement } = KIND_VIEWS[type];
  return Statement ? <Statement html={html} /> : <RichContent html={html} />;
}

/** The right answer of the question's kind, when it is not already marked in the answer view. */
export function SolutionView({ type, solution }: { type: AnswerViewProps['question']['type']; solution: KnownSolution }) {
  const { SolutionView: View } = KIND_VIEWS[type];
  return View ? <View solution={solution} /> : null;
}

/** What a grade says beyond the verdict, drawn by the kind of the details. */
export function GradeDetailsView({ details, caseHeading, answer }: { details: GradeDetails; caseHeading?: 'h3' | 'h4' | 'h5'; answer?: unknown }) {
  const { GradeDetails: View } = KIND_VIEWS[details.type];
  return View ? <View details={details} caseHeading={caseHeading} answer={answer} /> : null;
}
