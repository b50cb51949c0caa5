// An EXACT answer: one line of text; Enter sends it.
import { TextInput } from '@mantine/core';
import type { AnswerInputProps } from '../types';
import { exactTexts as t } from './texts';

export function ExactAnswerInput({ value, onChange, onSubmit, locked }: AnswerInputProps) {
  return (
    <TextInput
      label={t.yourAnswer}
      value={typeof value === 'string' ? value : ''}
      readOnly={locked}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSubmit();
        }
      }}
      maw={520}
    />
  );
}
