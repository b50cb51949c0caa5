// Two programs side by side (stacked on a phone): every line a shared fragment covers is highlighted on both sides;
// choosing a fragment (its button, or « Fragment suivant / précédent ») highlights it more strongly and scrolls both
// programs to its first line, so that the shared passage stands aligned. Each program is a focusable region that
// scrolls with the keyboard.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SimilarityComparison, SimilarityStudent } from '@exam/shared';
import { fullName } from '@/components/format';
import { similarityTexts as t } from '../texts';

type Side = 'left' | 'right';

function Program({ code, student, side, fragments, current, paneRef }: { code: string; student: SimilarityStudent; side: Side; fragments: SimilarityComparison['fragments']; current: number; paneRef: React.RefObject<HTMLDivElement | null> }) {
  const lines = useMemo(() => code.replace(/\n$/, '').split('\n'), [code]);
  const shared = useMemo(() => {
    const s = new Set<number>();
    for (const f of fragments) for (let l = f[side][0]; l <= f[side][2]; l++) s.add(l);
    return s;
  }, [fragments, side]);
  const chosen = fragments[current];
  const width = String(lines.length).length;
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap={6}>
        <Text fw={600} size="sm">
          {t.side.program(fullName(student))}
        </Text>
        {student.from_draft && (
          <Badge size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
            {t.fromDraft}
          </Badge>
        )}
      </Group>
      <div
        ref={paneRef}
        role="region"
        aria-label={t.side.program(fullName(student))}
        tabIndex={0}
        data-testid={`similarity-${side}`}
        style={{ position: 'relative', maxHeight: 420, overflow: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, background: '#fff' }}
      >
        <pre style={{ margin: 0, fontSize: 13, lineHeight: 1.5, fontFamily: 'var(--mantine-font-family-monospace)', color: '#1a1b1e' }}>
          {lines.map((line, i) => {
            const inChosen = chosen !== undefined && i >= chosen[side][0] && i <= chosen[side][2];
            const inShared = shared.has(i);
            return (
              <div
                key={i}
                data-line={i}
                data-shared={inShared ? (inChosen ? 'current' : 'yes') : undefined}
                style={{
                  display: 'flex',
                  background: inChosen ? '#ffd8a8' : inShared ? '#fff3bf' : undefined,
                  borderLeft: inChosen ? '4px solid #a94400' : inShared ? '4px solid #e8b500' : '4px solid transparent',
                }}
              >
                <span aria-hidden="true" style={{ color: '#495057', userSelect: 'none', padding: '0 8px', minWidth: `${width + 2}ch`, textAlign: 'right' }}>
                  {i + 1}
                </span>
                <code style={{ whiteSpace: 'pre', paddingRight: 8 }}>{line || ' '}</code>
              </div>
            );
          })}
        </pre>
      </div>
    </Stack>
  );
}

export function SideBySide({ comparison, onClose, headingRef }: { comparison: SimilarityComparison; onClose: () => void; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const [current, setCurrent] = useState(0);
  const left = useRef<HTMLDivElement | null>(null);
  const right = useRef<HTMLDivElement | null>(null);
  const frags = comparison.fragments;
  const [a, b] = [fullName(comparison.left.student), fullName(comparison.right.student)];

  useEffect(() => setCurrent(0), [comparison]);
  // Both programs scrolled to the chosen fragment's first line: the shared passage side by side.
  useEffect(() => {
    const f = frags[current];
    if (!f) return;
    for (const [pane, side] of [
      [left.current, 'left'],
      [right.current, 'right'],
    ] as const) {
      const line = pane?.querySelector<HTMLElement>(`[data-line="${f[side][0]}"]`);
      if (pane && line) pane.scrollTop = Math.max(0, line.offsetTop - 8);
    }
  }, [current, frags]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="similarity-side-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Stack gap={2}>
          <Title order={3} size="h4" id="similarity-side-title" ref={headingRef} tabIndex={-1}>
            {t.side.title(a, b)}
          </Title>
          <Text size="sm">{t.side.similarity(comparison.similarity)}</Text>
        </Stack>
        <Button variant="default" size="xs" onClick={onClose}>
          {t.side.close}
        </Button>
      </Group>
      <Text size="sm" mb="xs">
        {t.side.help}
      </Text>
      {frags.length === 0 ? (
        <Text size="sm" mb="sm">
          {t.side.noFragment}
        </Text>
      ) : (
        <Stack gap={6} mb="sm">
          <Title order={4} size="h5">
            {t.side.fragments}
          </Title>
          <Group gap={6}>
            <Button size="compact-sm" variant="default" disabled={current === 0} onClick={() => setCurrent((c) => Math.max(0, c - 1))}>
              {t.side.prev}
            </Button>
            <Button size="compact-sm" variant="default" disabled={current >= frags.length - 1} onClick={() => setCurrent((c) => Math.min(frags.length - 1, c + 1))}>
              {t.side.next}
            </Button>
          </Group>
          <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {frags.slice(0, 30).map((f, i) => (
              <li key={i}>
                <Button size="compact-xs" variant={i === current ? 'filled' : 'light'} color={i === current ? undefined : 'gray'} aria-pressed={i === current} onClick={() => setCurrent(i)}>
                  {t.side.fragment(i + 1, f.left[0] + 1, f.left[2] + 1, f.right[0] + 1, f.right[2] + 1)}
                </Button>
              </li>
            ))}
          </Group>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Program code={comparison.left.code} student={comparison.left.student} side="left" fragments={frags} current={current} paneRef={left} />
        <Program code={comparison.right.code} student={comparison.right.student} side="right" fragments={frags} current={current} paneRef={right} />
      </SimpleGrid>
    </Paper>
  );
}
