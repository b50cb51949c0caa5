// Expected output against the program's output, line by line: the lines that differ are marked (a sign and a
// colour, and the words for a screen reader), a missing or extra line is named.
import { Code, Stack, Table, Text } from '@mantine/core';
import { componentTexts } from '../texts';

const t = componentTexts.grade;

export interface DiffRow {
  line: number;
  expected: string | null;
  got: string | null;
  same: boolean;
}

const lines = (s: string) => {
  const l = s.replace(/\r\n/g, '\n').split('\n');
  if (l.length > 1 && l[l.length - 1] === '') l.pop();
  return l;
};

/** Line-by-line comparison (the runner compares outputs the same way, trailing spaces and newlines aside). */
export function diffLines(expected: string, got: string): DiffRow[] {
  const a = lines(expected);
  const b = lines(got);
  const n = Math.max(a.length, b.length);
  return Array.from({ length: n }, (_, i) => {
    const e = i < a.length ? a[i]! : null;
    const g = i < b.length ? b[i]! : null;
    return { line: i + 1, expected: e, got: g, same: e !== null && g !== null && e.trimEnd() === g.trimEnd() };
  });
}

const MAX_ROWS = 200;

export function OutputDiff({ expected, got }: { expected: string; got: string }) {
  const rows = diffLines(expected, got);
  const differing = rows.filter((r) => !r.same);
  if (differing.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {expected === got ? t.diffSame : t.trailingSpaces}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t.diffTitle}
      </Text>
      <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label={t.diffTitle}>
        <Table withTableBorder withColumnBorders verticalSpacing={2} fz="xs" data-testid="output-diff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">{t.expected}</Table.Th>
              <Table.Th scope="col">{t.got}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, MAX_ROWS).map((r) => (
              <Table.Tr key={r.line} bg={r.same ? undefined : 'var(--mantine-color-red-0)'} data-differs={r.same ? undefined : 'true'}>
                <Table.Th scope="row" fw={r.same ? 400 : 700}>
                  {r.same ? r.line : `≠ ${r.line}`}
                </Table.Th>
                <Table.Td>{r.expected === null ? <Text span fz="xs" fs="italic">{t.extraLine}</Text> : <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{r.expected || ' '}</Code>}</Table.Td>
                <Table.Td>{r.got === null ? <Text span fz="xs" fs="italic">{t.missingLine}</Text> : <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{r.got || ' '}</Code>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
