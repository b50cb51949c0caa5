// The user form (users and students screens, create and edit), validated by the shared userInputSchema.
// Students also have a number, a year, parcours, the tiers-temps coefficient and the premium flag.
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, MultiSelect, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { ACCOMMODATION_REASON_LABELS, ACCOMMODATION_REASONS, userInputSchema, type AccommodationReason, type Role, type UserInput, type UserListItem } from '@exam/shared';
import type { z } from 'zod';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useHelper } from '@/session';
import { useYearOptions } from '@/lib/reference-options';
import { specializationOption, useSpecializationOptions } from '@/lib/reference-options';
import { peopleTexts } from '../texts';

const t = peopleTexts.form;
type FormIn = z.input<typeof userInputSchema>;

const toForm = (u: UserListItem | undefined, role: Role): FormIn => ({
  last_name: u?.last_name ?? '',
  first_name: u?.first_name ?? '',
  email: u?.email ?? '',
  password: '',
  role: u?.role ?? role,
  is_premium: u ? u.is_premium === 1 : false,
  student_number: u?.student_number ?? '',
  academic_year_id: u?.academic_year_id ?? null,
  specialization_ids: u ? u.specializations.map((s) => s.id) : [],
  extra_time_factor: u?.extra_time_factor ?? 1,
  accommodation_reason: u?.accommodation_reason ?? null,
  separate_room: u ? u.separate_room === 1 : false,
  large_text: u ? u.large_text === 1 : false,
});

export function UserForm({
  user,
  fixedRole,
  onSubmit,
  onCancel,
}: {
  user?: UserListItem;
  /** Students screens: the role is STUDENT and not shown. */
  fixedRole?: Role;
  onSubmit: (v: UserInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const helper = useHelper();
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, UserInput>({ resolver: zodResolver(userInputSchema), defaultValues: toForm(user, fixedRole ?? 'TEACHER') });
  const role = useWatch({ control, name: 'role' });
  const student = role === 'STUDENT';

  // A new student goes to the current year unless another one is chosen.
  useEffect(() => {
    if (!user && student && !getValues('academic_year_id') && years.data) {
      const current = years.data.find((y) => y.is_current === 1) ?? years.data[0];
      if (current) setValue('academic_year_id', current.id);
    }
  }, [user, student, years.data, getValues, setValue]);

  useUnsavedChanges(isDirty && !isSubmitting);
  const submit = handleSubmit((values) => onSubmit(values).catch((e) => applyApiErrors(e, setError)));
  const roleOptions = (helper.data?.ROLE ?? []).map((r) => ({ value: r.value, label: r.label }));
  const specOptions = (specs.data ?? []).map(specializationOption);

  return (
    <form onSubmit={submit} noValidate aria-label={user ? (student ? peopleTexts.students.editTitle : peopleTexts.users.editTitle) : student ? peopleTexts.students.createTitle : peopleTexts.users.createTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t.lastName} required autoComplete="off" error={errors.last_name?.message} {...register('last_name')} />
          <TextInput label={t.firstName} required autoComplete="off" error={errors.first_name?.message} {...register('first_name')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t.email} type="email" required autoComplete="off" error={errors.email?.message} {...register('email')} />
          {fixedRole ? null : (
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select label={t.role} required data={roleOptions} value={field.value} onChange={(v) => field.onChange(v ?? 'TEACHER')} allowDeselect={false} error={errors.role?.message} />
              )}
            />
          )}
        </SimpleGrid>
        <PasswordInput
          label={t.password}
          description={user ? t.passwordEditHint : t.passwordCreateHint}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {student ? (
          <>
            <Divider label={t.studentSection} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={t.studentNumber} required autoComplete="off" error={errors.student_number?.message} {...register('student_number')} />
              <Controller
                control={control}
                name="academic_year_id"
                render={({ field }) => (
                  <Select
                    label={t.year}
                    required
                    data={(years.data ?? []).map((y) => ({ value: String(y.id), label: y.label }))}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={errors.academic_year_id?.message}
                    disabled={years.isPending}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="specialization_ids"
              render={({ field }) => (
                <MultiSelect
                  label={t.specializations}
                  placeholder={t.specializationsPlaceholder}
                  required
                  searchable
                  data={specOptions}
                  value={(field.value ?? []).map(String)}
                  onChange={(v) => field.onChange(v.map(Number))}
                  error={errors.specialization_ids?.message ?? (errors.specialization_ids as unknown as Array<{ message?: string }> | undefined)?.[0]?.message}
                  disabled={specs.isPending}
                />
              )}
            />
            <Controller
              control={control}
              name="extra_time_factor"
              render={({ field }) => (
                <NumberInput
                  label={t.extraTimeFactor}
                  description={t.extraTimeFactorHelp}
                  min={1}
                  max={3}
                  step={0.01}
                  decimalScale={2}
                  decimalSeparator=","
                  clampBehavior="none"
                  value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
                  onChange={(v) => field.onChange(v === '' ? undefined : v)}
                  onBlur={field.onBlur}
                  error={errors.extra_time_factor?.message}
                  maw={{ xs: 320 }}
                />
              )}
            />
            <Controller
              control={control}
              name="accommodation_reason"
              render={({ field }) => (
                <Select
                  label={t.accommodationReason}
                  description={t.accommodationReasonHelp}
                  data={ACCOMMODATION_REASONS.map((r) => ({ value: r, label: ACCOMMODATION_REASON_LABELS[r] }))}
                  placeholder={t.accommodationNone}
                  clearable
                  value={field.value ?? null}
                  onChange={(v) => field.onChange((v as AccommodationReason | null) ?? null)}
                  onBlur={field.onBlur}
                  error={errors.accommodation_reason?.message}
                  maw={{ xs: 320 }}
                />
              )}
            />
            <Controller
              control={control}
              name="separate_room"
              render={({ field }) => (
                <Switch label={t.separateRoom} description={t.separateRoomHelp} checked={field.value === true || field.value === 1} onChange={(e) => field.onChange(e.currentTarget.checked)} />
              )}
            />
            <Controller
              control={control}
              name="large_text"
              render={({ field }) => (
                <Switch label={t.largeText} description={t.largeTextHelp} checked={field.value === true || field.value === 1} onChange={(e) => field.onChange(e.currentTarget.checked)} />
              )}
            />
            <Controller
              control={control}
              name="is_premium"
              render={({ field }) => <Switch label={t.premium} checked={field.value === true || field.value === 1} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
            />
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {user ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
