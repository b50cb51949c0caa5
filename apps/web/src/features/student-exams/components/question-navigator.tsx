// Every question of the exam as a button with its state (Validé / Non validé / Non répondu, by colour, icon and
// words), a draft not submitted and a flag to come back to shown beside it, the current one marked; Tab and Enter,
// or the arrow keys inside the list, move between them.
import { useRef, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconClockHour4, IconDeviceFloppy, IconFlag, IconPencil, IconX } from '@tabler/icons-react';
import { QUESTION_STATE_LABELS, type QuestionState } from '@exam/shared';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.taking;

const LOOK: Record<QuestionState, { color: string; variant: 'light' | 'default'; Icon: typeof IconCheck }> = {
  VALIDATED: { color: 'teal', variant: 'light', Icon: IconCheck },
  NOT_VALIDATED: { color: 'red', variant: 'light', Icon: IconX },
  UNANSWERED: { color: 'gray', variant: 'default', Icon: IconCircleDashed },
  // Verdicts hidden until the end: the answer is stored, nothing more is said.
  ANSWERED: { color: 'blue', variant: 'light', Icon: IconDeviceFloppy },
  // Waiting for a person to grade it (an essay): no verdict yet.
  PENDING: { color: 'blue', variant: 'light', Icon: IconClockHour4 },
};

export interface NavigatorItem {
  id: number;
  state: QuestionState;
  pending: boolean;
  /** Typed, never submitted (graded automatically when the attempt ends). */
  unsent: boolean;
  flagged: boolean;
}

/** What the button says beside the state: waiting, draft not submitted, flagged. */
export function itemNotes(item: NavigatorItem): string[] {
  const notes: string[] = [];
  if (item.pending) notes.push(studentExamsTexts.answer.queuedShort);
  if (item.unsent) notes.push(t.unsentDraft);
  if (item.flagged) notes.push(t.flagged);
  return notes;
}

export function QuestionNavigator({
  items,
  current,
  onSelect,
  hidden = false,
}: {
  items: NavigatorItem[];
  current: number;
  onSelect: (index: number) => void;
  /** Verdicts hidden until the end: the key says « Réponse enregistrée », not Validé / Non validé. */
  hidden?: boolean;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + items.length) % items.length;
    refs.current[next]?.focus();
  };
  return (
    <nav aria-labelledby="exam-navigator-title">
      <Stack gap="xs">
        <Text id="exam-navigator-title" fw={600} component="h2" size="md">
          {t.navigator}
        </Text>
        <Text size="xs" c="dimmed">
          {t.navigatorHint}
        </Text>
        <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="exam-navigator">
          {items.map((item, i) => {
            const look = LOOK[item.state];
            const Icon = item.pending ? IconClockHour4 : look.Icon;
            const label = QUESTION_STATE_LABELS[item.state];
            const full = [label, ...itemNotes(item)].join(', ');
            return (
              <li key={item.id}>
                <Button
                  ref={(el) => {
                    refs.current[i] = el;
                  }}
                  size="sm"
                  miw={64}
                  color={look.color}
                  variant={i === current ? 'filled' : look.variant}
                  aria-current={i === current ? 'step' : undefined}
                  aria-label={t.questionButton(i + 1, full)}
                  title={full}
                  leftSection={<Icon size={14} aria-hidden="true" />}
                  onClick={() => onSelect(i)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  data-state={item.state}
                  data-unsent={item.unsent || undefined}
                  data-flagged={item.flagged || undefined}
                  rightSection={
                    item.unsent || item.flagged ? (
                      <Group gap={0} wrap="nowrap" aria-hidden="true">
                        {item.unsent ? <IconPencil size={12} /> : null}
                        {item.flagged ? <IconFlag size={12} /> : null}
                      </Group>
                    ) : undefined
                  }
                >
                  {i + 1}
                </Button>
              </li>
            );
          })}
        </Group>
        <Stack gap={2} aria-hidden="true">
          {(Object.keys(LOOK) as QuestionState[])
            .filter((s) => (hidden ? s !== 'VALIDATED' && s !== 'NOT_VALIDATED' : s !== 'ANSWERED'))
            .filter((s) => s !== 'PENDING' || items.some((i) => i.state === 'PENDING'))
            .map((s) => {
            const { Icon, color } = LOOK[s];
            return (
              <Group key={s} gap={6} wrap="nowrap">
                <Icon size={14} color={`var(--mantine-color-${color}-8)`} />
                <Text size="xs">{QUESTION_STATE_LABELS[s]}</Text>
              </Group>
            );
          })}
          <Group gap={6} wrap="nowrap">
            <IconPencil size={14} />
            <Text size="xs">{t.unsentDraft}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconFlag size={14} />
            <Text size="xs">{t.flagged}</Text>
          </Group>
        </Stack>
      </Stack>
    </nav>
  );
}
