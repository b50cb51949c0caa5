// A question's type as a coloured badge with its French name (« Choix multiple », « Algorithme · Python »…),
// the same on every screen (question bank, exam editor, question picker, preview).
import { Badge, type BadgeProps } from '@mantine/core';
import { questionTypeLabel, type Language, type QuestionKind } from '@exam/shared';

export const QUESTION_TYPE_COLORS: Record<QuestionKind, string> = { QCM: 'blue', EXACT: 'grape', ALGORITHM: 'orange', MATH: 'teal' };

export function QuestionTypeBadge({ type, language, ...props }: { type: QuestionKind; language?: Language | null } & Omit<BadgeProps, 'children' | 'color'>) {
  return (
    <Badge
      variant="light"
      size="sm"
      color={QUESTION_TYPE_COLORS[type]}
      // The whole label, never cut off with an ellipsis.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible', textTransform: 'none' } }}
      {...props}
    >
      {questionTypeLabel(type, language)}
    </Badge>
  );
}
