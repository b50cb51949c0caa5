// The question editor's « Paramètres (générateur) » card: the Python generator in the code editor, and « Tester le
// générateur », which sends the editor's draft as it stands and shows a few variants (values, statement and answers
// filled in, expected outputs computed by the reference solution) or the server's French reason with its line.
import { Controller, useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { Alert, Button, Card, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import type { QuestionKind, Variant } from '@exam/shared';
import { CodeEditor } from '@/components/code-editor';
import { RichContent } from '@/components/rich-text/rich-content';
import { isApiError } from '@/lib/api-client';
import { useTestGenerator } from '../api/questions';
import { questionsTexts } from '../texts';
import { QUESTION_KINDS_UI, type QuestionFormErrors, type QuestionFormValues } from '@/question-kinds';
import { toBody } from './question-form-values';

const t = questionsTexts.form;

export function GeneratorCard({
  control,
  errors,
  getValues,
  setValue,
}: {
  control: Control<QuestionFormValues>;
  errors: QuestionFormErrors;
  getValues: UseFormGetValues<QuestionFormValues>;
  setValue: UseFormSetValue<QuestionFormValues>;
}) {
  const test = useTestGenerator();
  const type = useWatch({ control, name: 'type' });
  const generator = useWatch({ control, name: 'generator' });
  const run = () => {
    if (!generator.trim()) return;
    // The draft as it stands, saved or not: what the teacher sees is what would be published.
    const d = toBody(getValues());
    test.mutate({
      generator,
      question: { type: d.type, statement: d.statement, language: d.language, reference_solution: d.reference_solution, tolerance: d.tolerance, limits: d.limits, possible_solutions: d.possible_solutions },
    });
  };
  const refusal = test.error ? (isApiError(test.error) ? test.error.message : String(test.error)) : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="generator-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="generator-title">
          {t.generatorSection}
        </Title>
        <Text size="sm" c="dimmed">
          {t.generatorHint}
        </Text>
        {QUESTION_KINDS_UI[type].editor.generatorHint ? (
          <Text size="sm" c="dimmed">
            {QUESTION_KINDS_UI[type].editor.generatorHint}
          </Text>
        ) : null}
        <Controller
          control={control}
          name="generator"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t.generatorLabel}
              </Text>
              <CodeEditor language="PYTHON" value={field.value} onChange={field.onChange} onRun={run} label={t.generatorLabel} minHeight="140px" />
              {errors.generator?.message ? (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {errors.generator.message}
                  </Text>
                </Alert>
              ) : null}
            </Stack>
          )}
        />
        <Group>
          <Button variant="light" leftSection={<IconFlask size={16} />} onClick={run} loading={test.isPending} disabled={!generator.trim()}>
            {t.generatorTry}
          </Button>
          {!generator.trim() ? (
            <Button variant="subtle" onClick={() => setValue('generator', t.generatorExample, { shouldDirty: true })}>
              {t.generatorInsertExample}
            </Button>
          ) : null}
        </Group>
        <div aria-live="polite">
          {refusal ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t.generatorRefused} role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {refusal}
              </Text>
            </Alert>
          ) : null}
          {test.data && !test.isPending && !refusal ? (
            <Stack gap="sm">
              <Text size="sm" fw={500}>
                {t.generatorVariants(test.data.length)}
              </Text>
              <SimpleGrid cols={{ base: 1, md: test.data.length > 1 ? 2 : 1 }} spacing="sm">
                {test.data.map((v) => (
                  <VariantView key={v.seed} variant={v} type={type} />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}

function VariantView({ variant, type }: { variant: Variant; type: QuestionKind }) {
  const ps = variant.possible_solutions;
  const { VariantAnswers } = QUESTION_KINDS_UI[type].editor;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t.seed(variant.seed)}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t.seed(variant.seed)}
        </Text>
        <Group gap={6} aria-label={t.values} role="group">
          {Object.entries(variant.values).map(([name, value]) => (
            <Code key={name}>
              {name} = {String(value)}
            </Code>
          ))}
        </Group>
        <RichContent html={variant.statement} />
        <Text size="xs" fw={600}>
          {t.variantAnswers}
        </Text>
        <VariantAnswers solutions={ps} />
      </Stack>
    </Paper>
  );
}
