// A QCM answered: radio buttons when one choice is right, check boxes when several are (the student shape says
// which, never which ones), in the server's order. The value is the list of the ticked choices' ids.
import { Checkbox, Radio, Stack } from '@mantine/core';
import type { AnswerInputProps } from '../types';
import { ChoiceText } from './choice-text';
import { qcmTexts as t } from './texts';

export function QcmAnswerInput({ question, value, onChange, locked }: AnswerInputProps) {
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  if (question.multiple) {
    return (
      <Checkbox.Group label={t.chooseMany} value={chosen.map(String)} onChange={(v) => onChange(v.map(Number))}>
        <Stack gap="xs" mt="xs">
          {question.choices.map((c) => (
            <Checkbox key={c.id} value={String(c.id)} label={<ChoiceText text={c.content} />} disabled={locked} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group label={t.chooseOne} value={chosen[0] !== undefined ? String(chosen[0]) : null} onChange={(v) => onChange([Number(v)])}>
      <Stack gap="xs" mt="xs">
        {question.choices.map((c) => (
          <Radio key={c.id} value={String(c.id)} label={<ChoiceText text={c.content} />} disabled={locked} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
