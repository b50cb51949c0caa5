// How a FILE answer is read back: each file (images inline, a PDF page by page); the grade says « en attente de
// correction » until a person marks it, then the grader's comment and annotations (drawn on the pages and listed).
import { Stack, Text } from '@mantine/core';
import type { FileAnnotation, GradeDetails } from '@exam/shared';
import { noSolution, plainView } from '../bank-view';
import type { AnswerViewProps, KindViews } from '../types';
import { fileIds } from './facts';
import { AnnotationList, AnswerFileView } from './file-preview';
import { fileTexts as t } from './texts';

export function FileAnswerView({ answer }: AnswerViewProps) {
  const ids = fileIds(answer) ?? [];
  if (ids.length === 0) return <Text size="sm">{t.noFile}</Text>;
  return (
    <Stack gap="sm" data-testid="file-view">
      {ids.map((id, i) => (
        <AnswerFileView key={id} id={id} index={i + 1} />
      ))}
    </Stack>
  );
}

export function FileGradeDetails({ details }: { details: GradeDetails }) {
  if (details.type !== 'FILE') return null;
  if (details.pending) return <Text size="sm">{t.pendingHint}</Text>;
  const notes: FileAnnotation[] = details.file_annotations ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm">{details.comment ? t.comment(details.comment) : t.graded}</Text>
      {notes.length > 0 ? (
        <>
          <AnnotationList notes={notes} />
          {[...new Set(notes.map((n) => n.file_id))].map((id, i) => (
            <AnswerFileView key={id} id={id} index={i + 1} notes={notes} numberOf={(n) => notes.indexOf(n) + 1} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}

export const fileViews: KindViews = {
  AnswerView: FileAnswerView,
  SolutionView: null,
  GradeDetails: FileGradeDetails,
  fromBank: (q) => ({ question: plainView(q), solution: noSolution }),
};
