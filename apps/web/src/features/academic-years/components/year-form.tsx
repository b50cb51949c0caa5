// The academic year form (create in a dialog, edit on its own screen), validated by the shared schema.
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { academicYearSchema, type AcademicYear, type AcademicYearInput } from '@exam/shared';
import type { z } from 'zod';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { yearsTexts } from '../texts';

const t = yearsTexts.form;
type FormIn = z.input<typeof academicYearSchema>;

const toForm = (y?: AcademicYear): FormIn => ({
  label: y?.label ?? '',
  start_date: y?.start_date ?? '',
  end_date: y?.end_date ?? '',
  access_start: y?.access_start ?? '',
  access_end: y?.access_end ?? '',
  is_current: y ? y.is_current === 1 : false,
});

export function YearForm({ year, onSubmit, onCancel }: { year?: AcademicYear; onSubmit: (v: AcademicYearInput) => Promise<unknown>; onCancel: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, AcademicYearInput>({ resolver: zodResolver(academicYearSchema), defaultValues: toForm(year) });

  useUnsavedChanges(isDirty && !isSubmitting);
  const submit = handleSubmit((values) => onSubmit(values).catch((e) => applyApiErrors(e, setError)));

  return (
    <form onSubmit={submit} noValidate aria-label={year ? yearsTexts.editTitle : yearsTexts.createTitle}>
      <Stack gap="md">
        <TextInput label={t.label} placeholder={t.labelPlaceholder} required error={errors.label?.message} {...register('label')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label={t.start} required error={errors.start_date?.message} {...register('start_date')} />
          <TextInput type="date" label={t.end} required error={errors.end_date?.message} {...register('end_date')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t.accessHint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label={t.accessStart} required error={errors.access_start?.message} {...register('access_start')} />
          <TextInput type="date" label={t.accessEnd} required error={errors.access_end?.message} {...register('access_end')} />
        </SimpleGrid>
        <Controller
          control={control}
          name="is_current"
          render={({ field }) => (
            <Switch
              label={t.current}
              description={t.currentHint}
              checked={field.value === true || field.value === 1 || field.value === '1' || field.value === 'true'}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={errors.is_current?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {year ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
