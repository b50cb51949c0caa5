// The exam editor's first card: title, description, year, parcours, opening and closing (Paris time), duration,
// solutions after closing, and the tries allowed per question with the penalty per wrong try.
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Card, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { examsTexts } from '../texts';
import { penaltyOptions, type ExamFormValues } from './exam-form-values';
import { ParisDateTime } from './paris-date-time';

const t = examsTexts.form;

export function ExamGeneralCard({
  control,
  register,
  errors,
  frozen,
}: {
  control: Control<ExamFormValues>;
  register: UseFormRegister<ExamFormValues>;
  errors: FieldErrors<ExamFormValues>;
  /** Students started: the tries and the penalty no longer change. */
  frozen: boolean;
}) {
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const datePicker = (name: 'start_at' | 'end_at', label: string, timeLabel: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <ParisDateTime label={label} timeLabel={timeLabel} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors[name]?.message} />}
    />
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.general}
        </Title>
        <TextInput label={t.title} required error={errors.title?.message} {...register('title')} />
        <Textarea label={t.description} description={t.descriptionHint} autosize minRows={2} maxRows={8} error={errors.description?.message} {...register('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="academic_year_id"
            render={({ field }) => (
              <Select
                label={t.year}
                placeholder={t.yearPlaceholder}
                required
                allowDeselect={false}
                data={(years.data ?? []).map(yearOption)}
                value={field.value}
                onChange={field.onChange}
                error={errors.academic_year_id?.message}
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
                error={errors.specialization_ids?.message ?? errors.specialization_ids?.[0]?.message}
              />
            )}
          />
          {datePicker('start_at', t.startAt, t.startTime)}
          {datePicker('end_at', t.endAt, t.endTime)}
          <Controller
            control={control}
            name="duration_minutes"
            render={({ field }) => (
              <NumberInput label={t.duration} description={t.durationHint} min={1} max={1440} allowDecimal={false} value={field.value} onChange={field.onChange} error={errors.duration_minutes?.message} />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="show_solutions_after_close"
          render={({ field }) => <Switch label={t.showSolutions} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
        />
        <Controller
          control={control}
          name="show_provisional_score"
          render={({ field }) => (
            <Switch label={t.showProvisional} description={t.showProvisionalHint} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="max_submissions"
            render={({ field }) => (
              <NumberInput
                label={t.maxSubmissions}
                description={t.maxSubmissionsHint}
                min={1}
                max={100}
                allowDecimal={false}
                disabled={frozen}
                value={field.value}
                onChange={field.onChange}
                error={errors.max_submissions?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="wrong_try_penalty"
            render={({ field }) => (
              <Select
                label={t.penalty}
                description={t.penaltyHint}
                allowDeselect={false}
                disabled={frozen}
                data={penaltyOptions(Number(field.value))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '0')}
                error={errors.wrong_try_penalty?.message}
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
