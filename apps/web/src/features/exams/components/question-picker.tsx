// Picking questions from the bank for an exam: search, type filter, "Ajouter" per question (already chosen ones
// are marked), more rows on demand.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuestionListItem } from '@exam/shared';
import { SearchBox } from '@/components/list-table';
import { QuestionTypeBadge } from '@/question-kinds/type-badge';
import { StatementExcerpt, excerptText } from '@/components/statement-excerpt';
import { TableSkeleton } from '@/components/loading-skeleton';
import { useBankQuestions } from '../api/question-bank';
import { examsTexts } from '../texts';

const t = examsTexts.picker;

export function QuestionPicker({ opened, onClose, chosen, onAdd }: { opened: boolean; onClose: () => void; chosen: number[]; onAdd: (q: QuestionListItem) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<string | null>(null);
  const [perPage, setPerPage] = useState(20);
  const bank = useBankQuestions({ page: 1, per_page: perPage, search: debounced || undefined, type: type ?? undefined, sort: '-updated_at' }, opened);
  const rows = bank.data?.data ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="lg">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <SearchBox value={search} onChange={setSearch} label={t.search} />
          <Select
            aria-label={t.type}
            placeholder={t.allTypes}
            clearable
            data={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
            value={type}
            onChange={setType}
            style={{ flex: '1 1 160px' }}
          />
        </Group>
        {bank.isPending ? (
          <TableSkeleton rows={4} />
        ) : rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t.empty}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((q) => {
              const added = chosen.includes(q.id);
              return (
                <Paper key={q.id} component="li" withBorder p="xs" radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <StatementExcerpt size="sm" lineClamp={2} excerpt={q.excerpt} />
                      <Group gap={4}>
                        <QuestionTypeBadge size="xs" type={q.type} language={q.language} />
                        <Badge size="xs" variant="outline" color="dark">
                          {q.points.toLocaleString('fr-FR')} pt
                        </Badge>
                      </Group>
                    </Stack>
                    <Button
                      size="xs"
                      variant={added ? 'subtle' : 'light'}
                      disabled={added}
                      leftSection={added ? <IconCheck size={14} /> : <IconPlus size={14} />}
                      aria-label={added ? undefined : t.addLabel(excerptText(q.excerpt).slice(0, 60))}
                      onClick={() => onAdd(q)}
                    >
                      {added ? t.added : t.add}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        <Group justify="space-between">
          {bank.data && bank.data.meta.total > rows.length ? (
            <Button variant="subtle" onClick={() => setPerPage((n) => Math.min(100, n + 20))} loading={bank.isFetching}>
              {t.more}
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>{t.close}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
