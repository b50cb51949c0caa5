// A question's type as a coloured badge with its French name (« Choix multiple », « Algorithme · Python »…),
// the same on every screen (question bank, exam editor, question picker, preview).
import { Badge, type BadgeProps } from '@mantine/core';
import { questionTypeLabel, type Language, type QuestionKind } from '@exam/shared';
import { KIND_FACTS } from './facts';


export function QuestionTypeBadge({ type, language, ...props }: { type: QuestionKind; language?: Language | null } & Omit<BadgeProps, 'children' | 'color'>) {
  return (
    <Badge
      variant="light"
      size="sm"
      color={KIND_FACTS[type].color}
      // The whole label, never cut off with an ellipsis.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible', textTransform: 'none' } }}
      {...props}
    >
      {questionTypeLabel(type, language)}
    </Badge>
  );
}
