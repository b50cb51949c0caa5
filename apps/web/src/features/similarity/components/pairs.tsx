// The pairs and the clusters of a comparison, as an exam's and a practice exercise's pages list them.
import { Badge, Button, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SimilarityCluster, SimilarityPair, SimilarityStudent } from '@exam/shared';
import { fullName } from '@/components/format';
import { similarityTexts as t } from '../texts';

const pct = (x: number) => `${Math.round(x * 100)} %`;

export function Name({ s }: { s: SimilarityStudent }) {
  return (
    <>
      {fullName(s)}
      {s.student_number ? ` (${s.student_number})` : ''}
      {s.from_draft && (
        <Badge ml={4} size="xs" variant="light" color="gray" style={{ textTransform: 'none' }}>
          {t.fromDraft}
        </Badge>
      )}
    </>
  );
}

export function PairsTable({ pairs, onCompare }: { pairs: SimilarityPair[]; onCompare: (p: SimilarityPair) => void }) {
  if (pairs.length === 0) return <Text size="sm">{t.noPair}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder fz="sm" data-testid="similarity-pairs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t.colStudents}</Table.Th>
            <Table.Th scope="col">{t.colSimilarity}</Table.Th>
            <Table.Th scope="col">{t.colFragment}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t.compare}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pairs.map((p) => (
            <Table.Tr key={`${p.left.attempt_id}-${p.right.attempt_id}`}>
              <Table.Td>
                <Name s={p.left} />
                <br />
                <Name s={p.right} />
              </Table.Td>
              <Table.Td fw={700}>{pct(p.similarity)}</Table.Td>
              <Table.Td>
                <Text size="xs">{t.lines(p.longest_lines)}</Text>
                <pre style={{ margin: 0, maxHeight: 72, maxWidth: 360, overflow: 'hidden', fontSize: 11, whiteSpace: 'pre', color: '#1a1b1e' }}>{p.longest_text.split('\n').slice(0, 4).join('\n')}</pre>
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => onCompare(p)} aria-label={t.compareLabel(fullName(p.left), fullName(p.right))}>
                  {t.compare}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The clusters at the threshold; `onOpenCase` (an exam's page) adds « Ouvrir un dossier » to each. */
export function ClusterList({ clusters, onOpenCase }: { clusters: SimilarityCluster[]; onOpenCase?: (members: SimilarityStudent[]) => void }) {
  return (
    <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="similarity-clusters">
      {clusters.map((c, i) => (
        <Paper key={c.members.map((m) => m.attempt_id).join('-')} component="li" withBorder p="sm" radius="md">
          <Text size="sm" fw={600}>
            {t.cluster(i + 1, c.members.length, c.pairs, c.max_similarity)}
          </Text>
          <Text size="sm">{c.members.map(fullName).join(', ')}</Text>
          {onOpenCase && (
            <Button mt={6} size="compact-sm" variant="light" onClick={() => onOpenCase(c.members)}>
              {t.openCase}
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
