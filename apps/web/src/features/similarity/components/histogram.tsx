// The distribution of a question's pairs by similarity: an SVG bar chart (its title and summary read by screen
// readers as one image) with the same counts in a table, the threshold drawn across it, the bars at or above it in a
// stronger colour, so that an outlying pair stands out from the question's usual level.
import { useId } from 'react';
import { Slider, Stack, Table, Text, Title } from '@mantine/core';
import { similarityTexts as t } from '../texts';

const W = 600;
const H = 180;
const PAD = { left: 36, right: 22, top: 10, bottom: 28 };

export function SimilarityHistogram({ histogram, threshold, median }: { histogram: number[]; threshold: number; median: number | null }) {
  const id = useId();
  const n = histogram.length;
  const total = histogram.reduce((a, b) => a + b, 0);
  const above = histogram.reduce((sum, c, i) => sum + ((i + 1) / n > threshold ? c : 0), 0);
  // Counts on a square-root scale: one pair of a hundred still shows beside thousands.
  const max = Math.max(1, ...histogram);
  const scale = (c: number) => (c === 0 ? 0 : Math.max(2, (Math.sqrt(c) / Math.sqrt(max)) * (H - PAD.top - PAD.bottom)));
  const bw = (W - PAD.left - PAD.right) / n;
  const x = (f: number) => PAD.left + f * (W - PAD.left - PAD.right);
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxWidth: W, display: 'block' }}>
        <title id={`${id}-t`}>{t.histogramTitle}</title>
        <desc id={`${id}-d`}>{t.histogramDesc(total, median, threshold, above)}</desc>
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="currentColor" strokeWidth={1} />
        {histogram.map((c, i) => {
          const h = scale(c);
          const strong = (i + 1) / n > threshold;
          return (
            <rect
              key={i}
              x={x(i / n) + 1}
              y={H - PAD.bottom - h}
              width={Math.max(1, bw - 2)}
              height={h}
              fill={strong ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-blue-7)'}
            />
          );
        })}
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <text key={f} x={x(f)} y={H - 10} fontSize={11} textAnchor="middle" fill="currentColor">
            {`${Math.round(f * 100)} %`}
          </text>
        ))}
        <line x1={x(threshold)} y1={PAD.top - 4} x2={x(threshold)} y2={H - PAD.bottom} stroke="var(--mantine-color-red-8)" strokeWidth={2} strokeDasharray="5 3" />
        {median !== null && <line x1={x(median)} y1={PAD.top} x2={x(median)} y2={H - PAD.bottom} stroke="currentColor" strokeWidth={1} strokeDasharray="2 3" />}
        <text x={4} y={PAD.top + 8} fontSize={11} fill="currentColor">
          {max}
        </text>
      </svg>
      <Text component="figcaption" size="sm" mt={4}>
        {t.histogramDesc(total, median, threshold, above)}
      </Text>
      <details>
        <summary style={{ cursor: 'pointer' }}>
          <Text component="span" size="sm">
            {t.histogramTable}
          </Text>
        </summary>
        <Table withTableBorder striped fz="sm" mt="xs" style={{ maxWidth: 320 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.histogramBin}</Table.Th>
              <Table.Th scope="col">{t.histogramCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {histogram.map((c, i) => (
              <Table.Tr key={i}>
                <Table.Td>{t.bin(i, n)}</Table.Td>
                <Table.Td>{c}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </figure>
  );
}

/** The section « distribution » of a comparison, exam or practice: the threshold the teacher moves and the chart. */
export function DistributionSection({ histogram, median, threshold, onThreshold, drawn }: {
  histogram: number[];
  median: number | null;
  threshold: number;
  onThreshold: (v: number) => void;
  /** The threshold the chart draws (the slider's, once it rests). */
  drawn: number;
}) {
  return (
    <section aria-labelledby="similarity-distribution">
      <Title order={2} size="h3" id="similarity-distribution" mb="sm">
        {t.histogramTitle}
      </Title>
      <Stack gap="xs" maw={600} mb="md">
        <Text size="sm" fw={600} id="similarity-threshold">
          {t.threshold} : {Math.round(threshold * 100)} %
        </Text>
        <Slider value={Math.round(threshold * 100)} onChange={(v) => onThreshold(v / 100)} min={5} max={100} step={5} label={(v) => `${v} %`} thumbLabel={t.threshold} thumbProps={{ 'aria-describedby': 'similarity-threshold-help' }} />
        <Text size="xs" id="similarity-threshold-help">
          {t.thresholdHelp}
        </Text>
      </Stack>
      <SimilarityHistogram histogram={histogram} threshold={drawn} median={median} />
    </section>
  );
}
