// An answer's text with a grader's annotations (docs/correction-humaine.md « Annotations »): each commented passage is
// highlighted, underlined and followed by its number in brackets (never colour alone), and the comments follow in a
// numbered list with the passage they comment. Shown to the grader while grading and to the student with their mark.
import { Fragment } from 'react';
import { List, Stack, Text } from '@mantine/core';
import { rubricTexts as t } from './texts';

export interface TextAnnotation {
  start: number;
  end: number;
  quote: string;
  comment: string;
  /** Under double marking, who made it (« Correcteur 1 »…). */
  by?: string;
}

const markStyle = { background: 'var(--mantine-color-yellow-1)', color: 'inherit', borderBottom: '2px solid var(--mantine-color-yellow-9)', padding: '0 1px' } as const;

/** The text cut at the annotations' ends: plain runs and annotated ones (an overlap is cut where the previous ends). */
function segments(text: string, annotations: readonly TextAnnotation[]) {
  const sorted = annotations.map((a, i) => ({ ...a, n: i + 1 })).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Array<{ text: string; n: number | null }> = [];
  let at = 0;
  for (const a of sorted) {
    const start = Math.max(a.start, at);
    const end = Math.min(a.end, text.length);
    if (end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), n: null });
    out.push({ text: text.slice(start, end), n: a.n });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), n: null });
  return out;
}

export function AnnotatedText({ text, annotations, listLabel, testId }: { text: string; annotations: readonly TextAnnotation[]; listLabel: string; testId?: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {segments(text, annotations).map((s, i) =>
          s.n === null ? (
            <Fragment key={i}>{s.text}</Fragment>
          ) : (
            <Fragment key={i}>
              <mark style={markStyle}>{s.text}</mark>
              <sup>{t.annotationNumber(s.n)}</sup>
            </Fragment>
          ),
        )}
      </Text>
      {annotations.length ? (
        <List type="ordered" size="sm" spacing={4} aria-label={listLabel}>
          {annotations.map((a, i) => (
            <List.Item key={i}>
              <Text size="sm" span fw={600}>
                {t.annotationItem(i + 1, a.quote)}
              </Text>
              <Text size="sm" span>
                {' : '}
                {a.comment}
              </Text>
              {a.by ? (
                <Text size="xs" c="dimmed" span>
                  {` (${a.by})`}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
