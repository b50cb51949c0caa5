// The parcours form (create in a dialog, edit on its own screen): name, code, level and mention.
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LEVELS, specializationSchema, type Specialization, type SpecializationInput } from '@exam/shared';
import type { z } from 'zod';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useMentionOptions } from '@/lib/reference-options';
import { specializationsTexts } from '../texts';

const t = specializationsTexts.form;
type FormIn = z.input<typeof specializationSchema>;

export const levelOptions = LEVELS.map((l) => ({ value: l, label: specializationsTexts.levels[l] ?? l }));

export function SpecializationForm({
  specialization,
  onSubmit,
  onCancel,
}: {
  specialization?: Specialization;
  onSubmit: (v: SpecializationInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const mentions = useMentionOptions();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, SpecializationInput>({
    resolver: zodResolver(specializationSchema),
    defaultValues: {
      name: specialization?.name ?? '',
      code: specialization?.code ?? '',
      level: specialization?.level ?? ('' as FormIn['level']),
      mention_id: specialization ? String(specialization.mention_id) : '',
    },
  });
  useUnsavedChanges(isDirty && !isSubmitting);
  const submit = handleSubmit((values) => onSubmit(values).catch((e) => applyApiErrors(e, setError)));
  return (
    <form onSubmit={submit} noValidate aria-label={specialization ? specializationsTexts.editTitle : specializationsTexts.createTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t.name} required error={errors.name?.message} {...register('name')} />
          <TextInput label={t.code} description={t.codeHint} required error={errors.code?.message} {...register('code')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Controller
            control={control}
            name="level"
            render={({ field }) => (
              <Select
                label={t.level}
                required
                data={levelOptions}
                value={(field.value as string) || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={errors.level?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="mention_id"
            render={({ field }) => (
              <Select
                label={t.mention}
                required
                searchable
                nothingFoundMessage="Aucune mention"
                data={(mentions.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={errors.mention_id?.message}
                disabled={mentions.isPending}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {specialization ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
