// A practice screen for one language: editor, stdin, Run (and Ctrl+Enter), verdict, output, errors and time.
// Staff and students use it with their own run URL; a student screen puts its exercise list beside it (`aside`).
import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button, Code, Grid, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPlay, IconRestore } from '@tabler/icons-react';
import type { ExecResult, Language } from '@exam/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CodeEditor } from './code-editor';
import { PageHeader, type Crumb } from './page-header';
import { playgroundTexts } from './playground-texts';
import { VerdictBadge } from './verdict-badge';

const t = playgroundTexts.code;

/** Runs a program (the language goes with it: the student run URL serves both languages). */
export function useRunCode(url: string, language: Language) {
  return useMutation({
    mutationFn: (body: { code: string; stdin: string }) => api.post<ExecResult>(url, { ...body, language }),
  });
}

export interface CodePlaygroundProps {
  language: Language;
  title: string;
  description: string;
  breadcrumbs: Crumb[];
  homeTo?: string;
  runUrl: string;
  starter: string;
  starterStdin: string;
  /** Shown beside the editor (the result then goes under the editor). */
  aside?: ReactNode;
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

export function CodePlayground({ language, title, description, breadcrumbs, homeTo, runUrl, starter, starterStdin, aside }: CodePlaygroundProps) {
  const [code, setCode] = useState(starter);
  const [stdin, setStdin] = useState(starterStdin);
  const run = useRunCode(runUrl, language);
  const { mutate, isPending } = run;

  const execute = useCallback(() => {
    if (isPending || !code.trim()) return;
    mutate({ code, stdin });
  }, [code, stdin, isPending, mutate]);

  const resultPanel = (
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
  );

  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} homeTo={homeTo} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: aside ? 8 : 7 }}>
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
            {aside ? resultPanel : null}
          </Stack>
        </Grid.Col>
        {aside ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>{aside}</Grid.Col>
        ) : (
          <Grid.Col span={{ base: 12, lg: 5 }}>
  {resultPanel}
        </Grid.Col>
        )}
      </Grid>
    </>
  );
}
