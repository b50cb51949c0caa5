// The course form (create and edit): title, description, year, parcours, premium and published flags.
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { courseInputSchema, type Course, type CourseData } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { coursesTexts } from '../texts';

const t = coursesTexts.form;

export interface CourseFormValues {
  title: string;
  description: string;
  academic_year_id: string | null;
  specialization_ids: string[];
  is_premium: boolean;
  is_published: boolean;
}

const toForm = (c?: Course): CourseFormValues => ({
  title: c?.title ?? '',
  description: c?.description ?? '',
  academic_year_id: c ? String(c.academic_year_id) : null,
  specialization_ids: c ? c.specialization_ids.map(String) : [],
  is_premium: c ? c.is_premium === 1 : false,
  is_published: c ? c.is_published === 1 : false,
});

export function CourseForm({
  course,
  submitLabel,
  onSubmit,
  onCancel,
  narrow = false,
}: {
  /** Inside a narrow column (edit screen): one field per row. */
  narrow?: boolean;
  course?: Course;
  submitLabel: string;
  onSubmit: (values: CourseData) => Promise<unknown>;
  onCancel: () => void;
}) {
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CourseFormValues, unknown, CourseData>({
    resolver: zodResolver(courseInputSchema) as unknown as Resolver<CourseFormValues, unknown, CourseData>,
    defaultValues: toForm(course),
  });

  useEffect(() => reset(toForm(course)), [course, reset]);

  // A new course defaults to the current year.
  useEffect(() => {
    if (!course && !getValues('academic_year_id') && years.data) {
      const current = years.data.find((y) => y.is_current === 1) ?? years.data[0];
      if (current) setValue('academic_year_id', String(current.id));
    }
  }, [course, years.data, getValues, setValue]);

  useUnsavedChanges(isDirty && !isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      applyApiErrors(err, setError);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label={t.courseCard}>
        <Stack gap="md">
          <TextInput label={t.title} required error={errors.title?.message} {...register('title')} />
          <Textarea label={t.description} autosize minRows={2} maxRows={8} error={errors.description?.message} {...register('description')} />
          <SimpleGrid cols={narrow ? 1 : { base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="academic_year_id"
              render={({ field }) => (
                <Select
                  label={t.year}
                  placeholder={t.yearPlaceholder}
                  required
                  data={(years.data ?? []).map(yearOption)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.academic_year_id?.message}
                  disabled={years.isLoading}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={control}
              name="specialization_ids"
              render={({ field }) => (
                <MultiSelect
                  label={t.specializations}
                  placeholder={field.value.length ? undefined : t.specializationsPlaceholder}
                  required
                  searchable
                  data={(specs.data ?? []).map(specializationOption)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.specialization_ids?.message ?? errors.specialization_ids?.[0]?.message}
                  disabled={specs.isLoading}
                />
              )}
            />
          </SimpleGrid>
          <Group gap="md">
            <Controller
              control={control}
              name="is_published"
              render={({ field }) => <Switch label={t.published} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
            />
            <Controller
              control={control}
              name="is_premium"
              render={({ field }) => <Switch label={t.premium} color="yellow" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
