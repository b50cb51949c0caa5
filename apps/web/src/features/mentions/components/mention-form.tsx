// The mention form (create in a dialog, edit on its own screen), validated by the shared schema.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { mentionSchema, type Mention, type MentionInput } from '@exam/shared';
import type { z } from 'zod';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { mentionsTexts } from '../texts';

const t = mentionsTexts.form;
type FormIn = z.input<typeof mentionSchema>;

export function MentionForm({ mention, onSubmit, onCancel }: { mention?: Mention; onSubmit: (v: MentionInput) => Promise<unknown>; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, MentionInput>({
    resolver: zodResolver(mentionSchema),
    defaultValues: { name: mention?.name ?? '', code: mention?.code ?? '', description: mention?.description ?? '' },
  });
  useUnsavedChanges(isDirty && !isSubmitting);
  const submit = handleSubmit((values) => onSubmit(values).catch((e) => applyApiErrors(e, setError)));
  return (
    <form onSubmit={submit} noValidate aria-label={mention ? mentionsTexts.editTitle : mentionsTexts.createTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t.name} required error={errors.name?.message} {...register('name')} />
          <TextInput label={t.code} description={t.codeHint} required error={errors.code?.message} {...register('code')} />
        </SimpleGrid>
        <Textarea label={t.description} autosize minRows={3} maxRows={8} error={errors.description?.message} {...register('description')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {mention ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
