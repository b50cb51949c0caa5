// An ALGORITHM answer: the visible examples (test code run after the student's code, input and expected output), then
// the program in the code editor of its
// language; Ctrl+Enter runs it on the examples where the screen can, else does the screen's action. Locked, the program is shown read-only.
import { Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CodeEditor } from '@/components/code-editor';
import type { AnswerInputProps, InputQuestion } from '../types';
import { algorithmTexts as t } from './texts';

function Examples({ question }: { question: InputQuestion }) {
  if (question.tests.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t.examples}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {question.tests.map((c, i) => (
          <Paper key={i} withBorder p="xs" radius="sm">
            <Text size="xs" fw={600}>
              {t.example(i + 1)}
            </Text>
            {c.test_code ? (
              <>
                <Text size="xs" c="dimmed">
                  {t.testCode} <span>({t.testCodeHint})</span>
                </Text>
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {c.test_code}
                </Code>
              </>
            ) : null}
            <Text size="xs" c="dimmed">
              {t.input}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {c.stdin || ' '}
            </Code>
            <Text size="xs" c="dimmed">
              {t.expected}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {c.expected_output || ' '}
            </Code>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function AlgorithmAnswerInput({ question, value, onChange, onSubmit, onRun, locked }: AnswerInputProps) {
  const text = typeof value === 'string' ? value : '';
  return (
    <Stack gap="sm">
      <Examples question={question} />
      <Text size="sm" fw={500} id={`code-${question.id}-label`}>
        {t.code}
      </Text>
      {locked ? (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {text || ' '}
        </Code>
      ) : (
        <CodeEditor language={question.language ?? 'PYTHON'} value={text} onChange={onChange} onRun={onRun ?? onSubmit} label={t.code} minHeight="200px" />
      )}
    </Stack>
  );
}
