// The MATH kind's field in the editor: the expected expression, typed in MathLive.
import { Controller } from 'react-hook-form';
import { MathInput } from '@/components/math-input';
import type { EditorFieldsProps } from '../types';
import { mathTexts as t } from './texts';

export function MathEditorFields({ control, errors }: EditorFieldsProps) {
  return (
    <Controller
      control={control}
      name="expected"
      render={({ field }) => <MathInput label={t.expected} description={t.expectedHint} value={field.value} onChange={field.onChange} onSubmit={() => undefined} error={errors.expected?.message} />}
    />
  );
}
