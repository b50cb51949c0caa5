// The chapters of a course on its edit screen: ordered list (drag and drop or arrows), add, edit,
// delete; editing opens the chapter editor in place of the list.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Chapter } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { TableSkeleton } from '@/components/loading-skeleton';
import { useChapters, useDeleteChapter, useReorderChapters } from '../api/chapters';
import { coursesTexts } from '../texts';
import { ChapterEditor } from './chapter-editor';
import { moveId } from '@/lib/reorder';

const t = coursesTexts.chapters;

export function ChaptersPanel({ courseId }: { courseId: number }) {
  const chapters = useChapters(courseId);
  const reorder = useReorderChapters(courseId);
  const remove = useDeleteChapter(courseId);
  const [editing, setEditing] = useState<Chapter | 'new' | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  if (editing !== null) {
    return (
      <ChapterEditor
        key={editing === 'new' ? 'new' : editing.id}
        courseId={courseId}
        chapter={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  }

  const list = chapters.data ?? [];
  const ids = list.map((c) => c.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    reorder.mutate(moveId(ids, from, to));
  };

  const onDelete = async (c: Chapter) => {
    if (await confirmDialog({ message: t.deleteConfirm(c.title), danger: true, confirmLabel: coursesTexts.list.delete })) {
      remove.mutate(c.id);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="chapters-title">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="chapters-title">
          {t.title}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t.add}
        </Button>
      </Group>
      {chapters.isLoading ? (
        <TableSkeleton rows={3} />
      ) : list.length === 0 ? (
        <Stack gap={4} align="center" py="lg">
          <Text fw={500}>{t.empty}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t.emptyHint}
          </Text>
        </Stack>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.title}>
          {list.map((c, i) => (
            <Paper
              key={c.id}
              component="li"
              withBorder
              radius="sm"
              p="xs"
              data-testid="chapter-row"
              draggable
              onDragStart={(e: React.DragEvent) => {
                setDragIndex(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(c.id));
              }}
              onDragOver={(e: React.DragEvent) => {
                if (dragIndex === null) return;
                e.preventDefault();
                setOverIndex(i);
              }}
              onDrop={(e: React.DragEvent) => {
                e.preventDefault();
                if (dragIndex !== null) move(dragIndex, i);
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
              style={{
                opacity: dragIndex === i ? 0.5 : 1,
                borderColor: overIndex === i && dragIndex !== i ? 'var(--mantine-color-blue-5)' : undefined,
              }}
            >
              {/* The title wraps (never cut: which chapter is being moved must stay readable); on a narrow screen the
                  buttons go to a line of their own. */}
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <IconGripVertical size={18} style={{ cursor: 'grab', flexShrink: 0 }} aria-label={t.drag(c.title)} />
                  <Badge variant="light" circle style={{ flexShrink: 0 }}>
                    {i + 1}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.files(c.files.length)}
                    </Text>
                  </div>
                </Group>
                <Group gap={2} wrap="nowrap" ml="auto">
                  <ActionIcon variant="subtle" aria-label={t.moveUp(c.title)} disabled={i === 0 || reorder.isPending} onClick={() => move(i, i - 1)}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t.moveDown(c.title)}
                    disabled={i === list.length - 1 || reorder.isPending}
                    onClick={() => move(i, i + 1)}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`${t.edit} « ${c.title} »`} onClick={() => setEditing(c)}>
                    <IconEdit size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`${t.delete} « ${c.title} »`} onClick={() => void onDelete(c)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Card>
  );
}
