// A CLOZE answer: the text with each gap in its place, a native list for a list gap and a text field for a short
// answer or a number, each named « Trou n » (keyboard alone, any width: the fields wrap with the text). The input
// draws the statement itself (the kind says `showsStatement`), so the screen does not repeat it.
import { Paper, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { AnswerInputProps } from '../types';
import { ClozeText } from './cloze-text';
import { clozeAnswerOf, clozeAnswers } from './facts';
import { clozeTexts as t } from './texts';

const field: CSSProperties = {
  font: 'inherit',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 1.4,
  padding: '2px 6px',
  margin: '0 2px',
  maxWidth: '100%',
  color: 'var(--mantine-color-text)',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-gray-6)',
  borderRadius: 4,
  verticalAlign: 'baseline',
};

export function ClozeAnswerInput({ question, value, onChange, onSubmit, locked }: AnswerInputProps) {
  const gaps = question.gaps ?? [];
  const texts = clozeAnswers(value);
  const set = (i: number, v: string) => onChange(clozeAnswerOf(gaps.map((_, j) => (j === i ? v : (texts[j] ?? '')))));
  const renderGap = (n: number) => {
    const gap = gaps[n - 1];
    if (!gap) return <Text span>{`{${n}}`}</Text>;
    const current = texts[n - 1] ?? '';
    if (gap.kind === 'CHOICE') {
      return (
        <select aria-label={t.gapLabel(n)} value={current} disabled={locked} onChange={(e) => set(n - 1, e.currentTarget.value)} style={field}>
          <option value="">{t.choose}</option>
          {gap.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      );
    }
    return (
      <input
        type="text"
        aria-label={t.gapLabel(n)}
        value={current}
        disabled={locked}
        inputMode={gap.kind === 'NUMBER' ? 'decimal' : undefined}
        size={gap.kind === 'NUMBER' ? 8 : 14}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => set(n - 1, e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSubmit();
          }
        }}
        style={field}
      />
    );
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={`cloze-${question.id}-title`}>
      <Text size="sm" fw={500} id={`cloze-${question.id}-title`}>
        {t.instructions}
      </Text>
      <Paper withBorder p="md" radius="md">
        <ClozeText html={question.statement ?? ''} renderGap={renderGap} testId="cloze-text" />
      </Paper>
    </Stack>
  );
}
