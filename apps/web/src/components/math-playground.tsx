// Maths practice: the answer and the expected expression in MathLive fields with previews, and the verdict.
// Staff and students use it with their own compare URL; a student screen puts its exercise list beside it (`aside`).
import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import katex from 'katex';
import { IconCheck, IconEqual, IconX } from '@tabler/icons-react';
import { PageHeader, type Crumb } from '@/components/page-header';
import { isApiError, notifyError } from '@/lib/api-client';
import { useMutation } from '@tanstack/react-query';
import type { CompareMathResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { hasPlaceholder, MathInput, previewLatex } from './math-input';
import { playgroundTexts } from './playground-texts';

const t = playgroundTexts.math;

export function useCompareMath(url: string) {
  return useMutation({
    // Unreadable expressions come back as 422 with per-field messages, shown under the fields.
    mutationFn: (body: { expression: string; expected: string }) => api.post<CompareMathResult>(url, body, { silent: true }),
  });
}

const EXAMPLES: Array<[string, string]> = [
  ['\\frac{1}{2}x', '0.5x'],
  ['\\sin^2(x)+\\cos^2(x)', '1'],
  ['\\ln(xy)', '\\ln x+\\ln y'],
  ['\\sqrt{x^2}', 'x'],
  ['(x+1)^2', 'x^2+2x+1'],
];

/** The example pair drawn with KaTeX (constant content of this module). */
function exampleHtml(a: string, b: string): string {
  return katex.renderToString(`${a} \\;\\overset{?}{=}\\; ${b}`, { throwOnError: false, strict: 'ignore' });
}

/** The compared pair with = or ≠, drawn with KaTeX (throwOnError: false never runs or throws on user LaTeX). */
function verdictHtml(a: string, b: string, equal: boolean): string {
  return katex.renderToString(`${previewLatex(a)} ${equal ? '=' : '\\neq'} ${previewLatex(b)}`, { throwOnError: false, strict: 'ignore', trust: false, maxExpand: 200 });
}

export interface MathPlaygroundProps {
  title: string;
  description: string;
  breadcrumbs: Crumb[];
  homeTo?: string;
  compareUrl: string;
  /** Shown beside the fields (the verdict then goes under them). */
  aside?: ReactNode;
}

export function MathPlayground({ title, description, breadcrumbs, homeTo, compareUrl, aside }: MathPlaygroundProps) {
  const [expression, setExpression] = useState('');
  const [expected, setExpected] = useState('');
  const [missing, setMissing] = useState(false);
  const [incomplete, setIncomplete] = useState<{ expression?: string; expected?: string }>({});
  const compare = useCompareMath(compareUrl);
  const { mutate, isPending, reset } = compare;
  const fieldErrors = compare.error && isApiError(compare.error) && compare.error.status === 422 ? compare.error.errors : {};

  const submit = useCallback(() => {
    if (isPending) return;
    if (!expression.trim() || !expected.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    // MathLive leaves empty boxes (\placeholder) in an unfinished expression: say so plainly, ask nothing of the server.
    const blanks = {
      expression: hasPlaceholder(expression) ? t.incomplete : undefined,
      expected: hasPlaceholder(expected) ? t.incomplete : undefined,
    };
    setIncomplete(blanks);
    if (blanks.expression || blanks.expected) {
      reset();
      return;
    }
    mutate(
      { expression, expected },
      {
        onError: (err) => {
          if (!isApiError(err) || err.status !== 422) notifyError(err.message);
        },
      },
    );
  }, [expression, expected, isPending, mutate, reset]);

  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setIncomplete({});
    if (compare.data || compare.error) reset();
  };

  const resultPanel = (
          <Paper withBorder p="md" radius="sm" aria-live="polite" aria-busy={isPending}>
            <Title order={2} size="h4" mb="sm">
              {playgroundTexts.code.result}
            </Title>
            {compare.data ? (
              <Alert
                color={compare.data.equal ? 'teal' : 'orange'}
                variant="light"
                icon={compare.data.equal ? <IconCheck aria-hidden="true" /> : <IconX aria-hidden="true" />}
                title={compare.data.equal ? t.equal : t.notEqual}
              >
                <span dangerouslySetInnerHTML={{ __html: verdictHtml(compare.variables?.expression ?? '', compare.variables?.expected ?? '', compare.data.equal) }} />
              </Alert>
            ) : incomplete.expression || incomplete.expected ? (
              <Alert color="orange" variant="light" icon={<IconX aria-hidden="true" />} title={t.incomplete} />
            ) : Object.keys(fieldErrors).length ? (
              <Alert color="red" variant="light" icon={<IconX aria-hidden="true" />} title={compare.error?.message} />
            ) : (
              <Text size="sm" c="dimmed">
                {isPending ? t.comparing : t.noResult}
              </Text>
            )}
          </Paper>
  );

  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} homeTo={homeTo} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: aside ? 8 : 7 }}>
          <Stack gap="md">
            <MathInput
              label={t.answer}
              description={t.answerHint}
              value={expression}
              onChange={change(setExpression)}
              onSubmit={submit}
              error={incomplete.expression ?? fieldErrors.expression?.[0]}
            />
            <MathInput label={t.expected} value={expected} onChange={change(setExpected)} onSubmit={submit} error={incomplete.expected ?? fieldErrors.expected?.[0]} />
            <Group gap="sm" align="center">
              <Button leftSection={<IconEqual size={16} aria-hidden="true" />} onClick={submit} loading={isPending}>
                {t.compare}
              </Button>
              <Text size="xs" c="dimmed">
                {t.shortcut}
              </Text>
            </Group>
            {missing ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {t.required}
              </Text>
            ) : null}
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t.examples}
              </Text>
              <Group gap="xs">
                {EXAMPLES.map(([a, b]) => (
                  <Button
                    key={a + b}
                    variant="default"
                    size="compact-md"
                    fw={400}
                    onClick={() => {
                      setExpression(a);
                      setExpected(b);
                      setMissing(false);
                      setIncomplete({});
                      reset();
                    }}
                  >
                    {/* Named by its (hidden) text, not an aria-label, so what is seen and what is heard agree. */}
                    <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: exampleHtml(a, b) }} />
                    <VisuallyHidden>{t.exampleLabel(a, b)}</VisuallyHidden>
                  </Button>
                ))}
              </Group>
            </Stack>
            {aside ? resultPanel : null}
          </Stack>
        </Grid.Col>
        {aside ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>{aside}</Grid.Col>
        ) : (
          <Grid.Col span={{ base: 12, lg: 5 }}>{resultPanel}</Grid.Col>
        )}
      </Grid>
    </>
  );
}
