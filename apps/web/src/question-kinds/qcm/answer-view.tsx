// A QCM answer read back: every choice, the ticked ones marked, and the right ones when the reader may know them.
import { Badge, List, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { AnswerViewProps } from '../types';
import { ChoiceText } from './choice-text';
import { qcmTexts as t } from './texts';

export function QcmAnswerView({ question, answer, solution, reader }: AnswerViewProps) {
  const chosen = new Set(Array.isArray(answer) ? answer.filter((x): x is number => typeof x === 'number') : []);
  const correct = new Set(solution?.choice_ids ?? []);
  if (chosen.size === 0) return <Text size="sm">{t.noChoice}</Text>;
  // A choice the question no longer has (removed since) is still named, by its number.
  const known = new Set(question.choices.map((c) => c.id));
  const choices = [...question.choices, ...[...chosen].filter((id) => !known.has(id)).map((id) => ({ id, content: t.unknownChoice(id) }))];
  return (
    <List size="sm" spacing={4} data-testid="show-choices">
      {choices.map((c) => (
        <List.Item key={c.id} icon={chosen.has(c.id) ? <IconCheck size={14} aria-hidden="true" /> : <span style={{ display: 'inline-block', width: 14 }} />}>
          <Text span size="sm" fw={chosen.has(c.id) ? 600 : 400}>
            <ChoiceText text={c.content} />
          </Text>
          {chosen.has(c.id) ? (
            <Badge ml={6} size="xs" variant="light" style={{ textTransform: 'none' }}>
              {t.chosen[reader]}
            </Badge>
          ) : null}
          {solution && correct.has(c.id) ? (
            <Badge ml={6} size="xs" color="teal" variant="light" style={{ textTransform: 'none' }}>
              {t.correctChoice}
            </Badge>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}
