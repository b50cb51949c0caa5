// A MATH answer: the MathLive field with its preview; locked, the expression as typed.
import { Code, Stack, Text } from '@mantine/core';
import { MathInput } from '@/components/math-input';
import type { AnswerInputProps } from '../types';
import { mathTexts as t } from './texts';

export function MathAnswerInput({ value, onChange, onSubmit, locked }: AnswerInputProps) {
  const text = typeof value === 'string' ? value : '';
  if (locked) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t.yourExpression}
        </Text>
        <Code block>{text || ' '}</Code>
      </Stack>
    );
  }
  return <MathInput label={t.yourExpression} value={text} onChange={onChange} onSubmit={onSubmit} />;
}
