// A chart in a card with what it means (explanation, how to read it) and its text alternative (RGAA 1.x: a summary
// sentence always shown, the data as a table behind a toggle). The drawing itself is hidden from assistive
// technologies: everything it shows is in the summary and the table.
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, Collapse, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import '@mantine/charts/styles.css';
import { componentTexts } from './texts';

export interface ChartTable {
  caption: string;
  columns: string[];
  rows: Array<Array<ReactNode>>;
}

export interface ChartCardProps {
  title: string;
  /** What the figure is (one or two sentences). */
  explanation?: ReactNode;
  /** How to read it (thresholds, what to do). */
  howToRead?: ReactNode;
  /** The chart's content in one or two sentences: the text alternative every user gets. */
  summary: ReactNode;
  /** The data behind the chart, shown as a table on demand. */
  table?: ChartTable;
  /** Heading level of the title (3 by default: the card sits under a section's h2). */
  order?: 2 | 3 | 4;
  children: ReactNode;
}

const t = componentTexts.chart;

export function ChartCard({ title, explanation, howToRead, summary, table, order = 3, children }: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="xs">
        <Title order={order} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {explanation ? (
          <Text size="sm" c="dimmed">
            {explanation}
          </Text>
        ) : null}
        <Box aria-hidden="true" style={{ minWidth: 0 }}>
          {children}
        </Box>
        <Text size="sm" id={`${id}-summary`}>
          {summary}
        </Text>
        {howToRead ? <Text size="sm">{howToRead}</Text> : null}
        {table ? (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconTable size={16} aria-hidden="true" />}
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((v) => !v)}
              style={{ alignSelf: 'flex-start' }}
            >
              {showTable ? t.hideData : t.showData}
            </Button>
            <Collapse expanded={showTable} id={`${id}-table`}>
              {showTable ? (
                <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label={table.caption}>
                  <Table striped withTableBorder withColumnBorders captionSide="top" fz="sm">
                    <Table.Caption>{table.caption}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        {table.columns.map((c) => (
                          <Table.Th key={c} scope="col">
                            {c}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {table.rows.map((row, i) => (
                        <Table.Tr key={i}>
                          {row.map((cell, j) =>
                            j === 0 ? (
                              <Table.Th key={j} scope="row" fw={500}>
                                {cell}
                              </Table.Th>
                            ) : (
                              <Table.Td key={j}>{cell}</Table.Td>
                            ),
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              ) : null}
            </Collapse>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
