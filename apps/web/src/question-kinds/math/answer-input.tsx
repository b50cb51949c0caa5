// A MATH answer: the form asked when there is one (« Réponse attendue sous forme développée. »), then the MathLive
// field with its preview; locked, the expression as typed.
import { Code, Stack, Text } from '@mantine/core';
import { MathInput } from '@/components/math-input';
import type { AnswerInputProps, InputQuestion } from '../types';
import { mathTexts as t } from './texts';

/** The form the question asks, said beside it; nothing when any equivalent expression is right. */
export function MathFormAsked({ question }: { question: Pick<InputQuestion, 'math_form'> }) {
  const form = question.math_form;
  if (!form || form === 'EQUIVALENT') return null;
  return (
    <Text size="sm" fw={500} data-testid="math-form-asked">
      {t.formAsked(form)}
    </Text>
  );
}

export function MathAnswerInput({ question, value, onChange, onSubmit, locked }: AnswerInputProps) {
  const text = typeof value === 'string' ? value : '';
  if (locked) {
    return (
      <Stack gap={4}>
        <MathFormAsked question={question} />
        <Text size="sm" fw={500}>
          {t.yourExpression}
        </Text>
        <Code block>{text || ' '}</Code>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <MathFormAsked question={question} />
      <MathInput label={t.yourExpression} value={text} onChange={onChange} onSubmit={onSubmit} />
    </Stack>
  );
}
