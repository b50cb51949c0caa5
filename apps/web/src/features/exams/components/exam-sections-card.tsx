// The exam's sections: each proposes some of the exam's questions; a section may draw a number of them for each
// student (every student then gets as many questions, worth as many points) and give each student their own order.
// The questions choose their section in their own row.
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ActionIcon, Button, Card, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { examsTexts } from '../texts';
import type { ExamFormValues } from './exam-form-values';

const t = examsTexts.sections;

export function ExamSectionsCard({
  control,
  register,
  errors,
  frozen,
  onRemoved,
}: {
  control: Control<ExamFormValues>;
  register: UseFormRegister<ExamFormValues>;
  errors: FieldErrors<ExamFormValues>;
  frozen: boolean;
  /** A section was removed: the questions of the sections after it follow their section's new number. */
  onRemoved: (index: number) => void;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'sections', keyName: 'key' });
  const questions = useWatch({ control, name: 'questions' });
  const values = useWatch({ control, name: 'sections' });
  const inSection = (i: number) => questions.filter((q) => Number(q.section) === i + 1).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t.title}>
          {fields.map((f, i) => {
            const count = inSection(i);
            return (
              <Paper key={f.key} component="li" withBorder p="xs" radius="md" data-testid="exam-section">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Text fw={600} size="sm" w={24} ta="right" pb={8}>
                    {i + 1}.
                  </Text>
                  <TextInput
                    label={t.name}
                    aria-label={t.nameLabel(i)}
                    placeholder={t.namePlaceholder(i)}
                    disabled={frozen}
                    style={{ flex: '1 1 12rem' }}
                    error={errors.sections?.[i]?.title?.message}
                    {...register(`sections.${i}.title`)}
                  />
                  <Controller
                    control={control}
                    name={`sections.${i}.pick`}
                    render={({ field }) => (
                      <NumberInput
                        label={t.pick}
                        aria-label={t.pickLabel(i)}
                        placeholder={t.all}
                        w={150}
                        min={1}
                        allowDecimal={false}
                        disabled={frozen}
                        value={field.value}
                        onChange={field.onChange}
                        error={errors.sections?.[i]?.pick?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`sections.${i}.shuffle`}
                    render={({ field }) => (
                      <Switch label={t.shuffle} aria-label={t.shuffleLabel(i)} disabled={frozen} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} pb={8} />
                    )}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={6}
                    aria-label={t.remove(i)}
                    title={count > 0 ? t.removeBlocked : undefined}
                    disabled={frozen || fields.length === 1 || count > 0}
                    onClick={() => {
                      remove(i);
                      onRemoved(i);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <Text size="xs" c="dimmed" mt={4} ml={{ base: 0, sm: 32 }} data-testid="exam-section-summary">
                  {t.summary(count, Number(values[i]?.pick) || null)}
                </Text>
              </Paper>
            );
          })}
        </Stack>
        {errors.sections?.message || errors.sections?.root?.message ? (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {errors.sections?.message ?? errors.sections?.root?.message}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} disabled={frozen} onClick={() => append({ title: '', pick: '', shuffle: false })}>
            {t.add}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
