// A practice screen for one language: editor, stdin, Run (and Ctrl+Enter), verdict, output, errors and time.
import { useCallback, useState } from 'react';
import { Box, Button, Code, Grid, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPlay, IconRestore } from '@tabler/icons-react';
import type { ExecResult, Language } from '@exam/shared';
import { PageHeader, type Crumb } from '@/components/page-header';
import { useRunCode } from '../api/practice';
import { practiceTexts } from '../texts';
import { CodeEditor } from '@/components/code-editor';
import { VerdictBadge } from './verdict-badge';

const t = practiceTexts.code;

export interface CodePlaygroundProps {
  language: Language;
  title: string;
  description: string;
  breadcrumbs: Crumb[];
  homeTo?: string;
  runUrl: string;
  starter: string;
  starterStdin: string;
}

function OutputBlock({ label, text, error }: { label: string; text: string; error?: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} component="h3">
        {label}
      </Text>
      <Code
        block
        c={error ? 'red.8' : undefined}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto', fontSize: 13 }}
      >
        {text || t.emptyOutput}
      </Code>
    </Stack>
  );
}

const LIMIT_VERDICTS = new Set(['TIME_LIMIT', 'MEMORY_LIMIT', 'OUTPUT_LIMIT']);

/** How the program ended, in words: nothing for a limit (the verdict says it), a signal by name, else the exit code. */
export function exitText(result: Pick<ExecResult, 'verdict' | 'exit_code'>): string | null {
  if (LIMIT_VERDICTS.has(result.verdict)) return null;
  if (result.exit_code === null) return t.stopped;
  if (result.exit_code > 128) return t.signal(result.exit_code - 128);
  return t.exitCode(result.exit_code);
}

function ResultPanel({ result }: { result: ExecResult }) {
  const exit = exitText(result);
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <VerdictBadge verdict={result.verdict} limits={result.limits} />
        <Text size="sm" c="dimmed">
          {t.durationLabel} : {t.duration(result.duration_ms)}
        </Text>
        {exit ? (
          <Text size="sm" c="dimmed">
            {exit}
          </Text>
        ) : null}
      </Group>
      <OutputBlock label={t.stdout} text={result.stdout} />
      {result.stderr ? <OutputBlock label={t.stderr} text={result.stderr} error /> : null}
    </Stack>
  );
}

export function CodePlayground({ language, title, description, breadcrumbs, homeTo, runUrl, starter, starterStdin }: CodePlaygroundProps) {
  const [code, setCode] = useState(starter);
  const [stdin, setStdin] = useState(starterStdin);
  const run = useRunCode(runUrl);
  const { mutate, isPending } = run;

  const execute = useCallback(() => {
    if (isPending || !code.trim()) return;
    mutate({ code, stdin });
  }, [code, stdin, isPending, mutate]);

  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} homeTo={homeTo} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="xs">
              <Text size="sm" fw={500}>
                {t.editor}
              </Text>
              <Text size="xs" c="dimmed">
                {t.editorHint}
              </Text>
            </Group>
            <CodeEditor language={language} value={code} onChange={setCode} onRun={execute} label={t.editor} />
            <Textarea
              label={t.stdin}
              placeholder={t.stdinPlaceholder}
              value={stdin}
              onChange={(e) => setStdin(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  execute();
                }
              }}
              autosize
              minRows={3}
              maxRows={10}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group gap="sm">
              <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={execute} loading={isPending} disabled={!code.trim()}>
                {t.run}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRestore size={16} aria-hidden="true" />}
                onClick={() => {
                  setCode(starter);
                  setStdin(starterStdin);
                  run.reset();
                }}
              >
                {t.reset}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" radius="sm" aria-live="polite" aria-busy={isPending}>
            <Title order={2} size="h4" mb="sm">
              {t.result}
            </Title>
            {run.data ? (
              <Box style={{ opacity: isPending ? 0.5 : 1 }}>
                <ResultPanel result={run.data} />
              </Box>
            ) : (
              <Text size="sm" c="dimmed">
                {run.isError ? t.failed : isPending ? t.running : t.noResult}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
