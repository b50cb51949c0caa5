// An ALGORITHM question's test cases in the editor: input, expected output, test code (run after the student's code),
// hidden or not and when a hidden one's result is shown, weight, moved with the arrows; a case the reference solution
// failed on the server shows why, inside the case.
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ALGORITHM_MAX_TESTS, CASE_DISPLAY_LABELS, CASE_DISPLAYS, type CaseDisplay, type Language } from '@exam/shared';
import { CodeEditor } from '@/components/code-editor';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { blankTest } from './form';
import { algorithmTexts as t } from './texts';

const DISPLAY_OPTIONS = CASE_DISPLAYS.map((d) => ({ value: d, label: CASE_DISPLAY_LABELS[d] }));

export function TestCasesField({ control, errors, register, language }: Pick<EditorFieldsProps, 'control' | 'errors' | 'register'> & { language: Language }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'tests', keyName: 'key' });
  const tests = useWatch({ control, name: 'tests' });
  return (
    <Stack gap="md">
      <Text fw={500} size="sm">
        {t.tests}
      </Text>
      {fields.map((f, i) => {
        const caseError = rootMessage(errors.tests?.[i]);
        return (
          <Paper key={f.key} withBorder p="sm" radius="md" component="section" aria-label={t.test(i)} style={errors.tests?.[i] ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t.test(i)}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t.moveUp(i)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t.moveDown(i)} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t.removeTest(i)} disabled={fields.length <= 1} onClick={() => remove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Textarea
                  label={t.stdin}
                  autosize
                  minRows={2}
                  maxRows={8}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...register(`tests.${i}.stdin`)}
                  error={errors.tests?.[i]?.stdin?.message}
                />
                <Textarea
                  label={t.expectedOutput}
                  autosize
                  minRows={2}
                  maxRows={8}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...register(`tests.${i}.expected_output`)}
                  error={errors.tests?.[i]?.expected_output?.message}
                />
              </SimpleGrid>
              <Controller
                control={control}
                name={`tests.${i}.test_code`}
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t.caseTestCode(i)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.caseTestCodeHint}
                    </Text>
                    <CodeEditor language={language} value={field.value ?? ''} onChange={field.onChange} onRun={() => undefined} label={t.caseTestCode(i)} minHeight="60px" />
                    {errors.tests?.[i]?.test_code?.message ? (
                      <Text c="var(--mantine-color-error)" size="sm">
                        {errors.tests?.[i]?.test_code?.message}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              />
              <Group gap="lg" align="flex-end">
                <Controller
                  control={control}
                  name={`tests.${i}.is_hidden`}
                  render={({ field }) => <Switch label={t.hidden} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
                />
                {tests?.[i]?.is_hidden ? (
                  <Controller
                    control={control}
                    name={`tests.${i}.display`}
                    render={({ field }) => (
                      <Select
                        label={t.display}
                        description={t.displayHint}
                        data={DISPLAY_OPTIONS}
                        value={field.value}
                        onChange={(v) => field.onChange((v ?? 'HIDE') as CaseDisplay)}
                        allowDeselect={false}
                        w={240}
                        error={errors.tests?.[i]?.display?.message}
                      />
                    )}
                  />
                ) : null}
                <Controller
                  control={control}
                  name={`tests.${i}.weight`}
                  render={({ field }) => (
                    <NumberInput label={t.weight} min={0.01} max={1000} step={1} decimalScale={2} decimalSeparator="," w={110} value={field.value} onChange={field.onChange} error={errors.tests?.[i]?.weight?.message} />
                  )}
                />
              </Group>
              {caseError ? (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t.referenceRefused} role="alert">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {caseError}
                  </Text>
                </Alert>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {rootMessage(errors.tests) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.tests)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={fields.length >= ALGORITHM_MAX_TESTS} onClick={() => append(blankTest())}>
          {t.addTest}
        </Button>
      </Group>
    </Stack>
  );
}
