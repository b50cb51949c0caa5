// How a FILE answer is read back: each file (images inline, a PDF page by page), with the graders' annotations drawn
// on its pages once the mark is there; the grade says « en attente de correction » until a person marks it, then the
// grader's comment, the rubric's levels chosen and the annotations listed (under double marking each says which marker
// made it), numbered as on the pages.
import { Stack, Text } from '@mantine/core';
import type { FileAnnotation, GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { fileIds } from './facts';
import { AnnotationList, AnswerFileView } from './file-preview';
import { fileTexts as t } from './texts';
import { RubricLevelsView } from '../rubric-levels';

/** The graders' annotations of a marked answer, each saying who made it under double marking. */
function annotationsOf(details: GradeDetails | null | undefined): FileAnnotation[] {
  if (!details || details.type !== 'FILE' || details.pending) return [];
  return (details.file_annotations ?? []).map((n) => (n.by ? { ...n, comment: `${n.comment} (${n.by})` } : n));
}

export function FileAnswerView({ answer, details }: AnswerViewProps) {
  const ids = fileIds(answer) ?? [];
  const notes = annotationsOf(details);
  if (ids.length === 0) return <Text size="sm">{t.noFile}</Text>;
  return (
    <Stack gap="sm" data-testid="file-view">
      {ids.map((id, i) => (
        <AnswerFileView key={id} id={id} index={i + 1} notes={notes} numberOf={(n) => notes.indexOf(n) + 1} />
      ))}
    </Stack>
  );
}

export function FileGradeDetails({ details }: { details: GradeDetails }) {
  if (details.type !== 'FILE') return null;
  if (details.pending) return <Text size="sm">{t.pendingHint}</Text>;
  const notes = annotationsOf(details);
  const levels = details.levels ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm">{details.comment ? t.comment(details.comment) : t.graded}</Text>
      <RubricLevelsView levels={levels} testId="file-levels" />
      {/* Drawn on the files above (FileAnswerView), listed here with their comments. */}
      <AnnotationList notes={notes} />
    </Stack>
  );
}

export const fileViews: KindViews = {
  AnswerView: FileAnswerView,
  SolutionView: null,
  GradeDetails: FileGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: noSolution }),
};
