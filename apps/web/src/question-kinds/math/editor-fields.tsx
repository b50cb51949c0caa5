// The MATH kind's fields in the editor: the expected expression, typed in MathLive, and the form required.
import { Stack, Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { MATH_FORM_LABELS, MATH_FORMS } from '@exam/shared';
import { MathInput } from '@/components/math-input';
import type { EditorFieldsProps } from '../types';
import { mathTexts as t } from './texts';

const FORM_OPTIONS = MATH_FORMS.map((value) => ({ value, label: MATH_FORM_LABELS[value] }));

export function MathEditorFields({ control, errors }: EditorFieldsProps) {
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="expected"
        render={({ field }) => <MathInput label={t.expected} description={t.expectedHint} value={field.value} onChange={field.onChange} onSubmit={() => undefined} error={errors.expected?.message} />}
      />
      <Controller
        control={control}
        name="math_form"
        render={({ field }) => (
          <Select
            label={t.form}
            description={t.formHint}
            data={FORM_OPTIONS}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'EQUIVALENT')}
            allowDeselect={false}
            error={errors.math_form?.message}
            maw={420}
          />
        )}
      />
    </Stack>
  );
}
