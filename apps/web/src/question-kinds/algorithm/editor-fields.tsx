// An ALGORITHM question's own fields in the editor: the language, the starter code, the test cases, how the question
// counts, the input echo (Python), the run limits (both or none) and the reference solution, run on every case when the
// question is saved.
import { Controller, useWatch } from 'react-hook-form';
import { Alert, Checkbox, Code, Divider, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ALGORITHM_GRADING_LABELS, ALGORITHM_GRADINGS, QUESTION_LIMIT_BOUNDS, type AlgorithmGrading, type Variant } from '@exam/shared';
import { CodeEditor } from '@/components/code-editor';
import type { EditorFieldsProps } from '../types';
import { TestCasesField } from './test-cases-field';
import { algorithmTexts as t } from './texts';

const { cpu_seconds: CPU, memory_mb: MEM } = QUESTION_LIMIT_BOUNDS;
const GRADING_OPTIONS = ALGORITHM_GRADINGS.map((g) => ({ value: g, label: ALGORITHM_GRADING_LABELS[g] }));

export function AlgorithmEditorFields({ control, errors, register, languageOptions }: EditorFieldsProps) {
  const language = useWatch({ control, name: 'language' }) ?? 'PYTHON';
  const reference = useWatch({ control, name: 'reference_solution' });
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Select label={t.language} required data={languageOptions} value={field.value} onChange={(v) => field.onChange(v)} allowDeselect={false} error={errors.language?.message} maw={260} />
        )}
      />
      <Controller
        control={control}
        name="starter_code"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.starterCode}
            </Text>
            <CodeEditor language={language} value={field.value} onChange={field.onChange} onRun={() => undefined} label={t.starterCode} minHeight="120px" />
            {errors.starter_code?.message ? (
              <Text c="var(--mantine-color-error)" size="sm">
                {errors.starter_code.message}
              </Text>
            ) : null}
          </Stack>
        )}
      />

      <TestCasesField control={control} errors={errors} register={register} language={language} />

      <Controller
        control={control}
        name="grading"
        render={({ field }) => (
          <Select
            label={t.grading}
            description={t.gradingHint}
            data={GRADING_OPTIONS}
            value={field.value}
            onChange={(v) => field.onChange((v ?? 'PER_CASE') as AlgorithmGrading)}
            allowDeselect={false}
            error={errors.grading?.message}
          />
        )}
      />
      {language === 'PYTHON' ? (
        <Controller
          control={control}
          name="echo_input"
          render={({ field }) => (
            <Checkbox
              label={t.echoInput}
              description={t.echoInputHint}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={errors.echo_input?.message}
            />
          )}
        />
      ) : null}

      <Divider />
      <Text fw={500} size="sm">
        {t.limits}
      </Text>
      <Text size="sm" c="dimmed" mt={-8}>
        {t.limitsHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="cpu_seconds"
          render={({ field }) => (
            <NumberInput label={t.cpu(CPU.min, CPU.max)} min={CPU.min} max={CPU.max} allowDecimal={false} clampBehavior="strict" value={field.value} onChange={field.onChange} error={errors.cpu_seconds?.message} />
          )}
        />
        <Controller
          control={control}
          name="memory_mb"
          render={({ field }) => (
            <NumberInput label={t.memory(MEM.min, MEM.max)} min={MEM.min} max={MEM.max} allowDecimal={false} step={64} value={field.value} onChange={field.onChange} error={errors.memory_mb?.message} />
          )}
        />
      </SimpleGrid>

      <Divider />
      <Controller
        control={control}
        name="reference_solution"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.reference}
            </Text>
            <Text size="sm" c="dimmed">
              {t.referenceHint}
            </Text>
            <CodeEditor language={language} value={field.value} onChange={field.onChange} onRun={() => undefined} label={t.reference} minHeight="160px" />
            {errors.reference_solution?.message ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {errors.reference_solution.message}
                </Text>
              </Alert>
            ) : null}
          </Stack>
        )}
      />
      {!reference?.trim() ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t.referenceMissing}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A generated variant's test cases: input, then the expected output (computed by the reference solution when left empty). */
export function AlgorithmVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <Stack gap={6}>
      {solutions.map((p, i) => (
        <div key={i}>
          <Text size="xs" fw={500}>
            {t.caseLine(i, p.is_hidden === 1)}
          </Text>
          <SimpleGrid cols={2} spacing={4}>
            <Code block>
              {p.stdin.replace(/\n+$/, '') || ' '}
            </Code>
            <Code block>
              {p.expected_output.replace(/\n+$/, '') || ' '}
            </Code>
          </SimpleGrid>
        </div>
      ))}
    </Stack>
  );
}
