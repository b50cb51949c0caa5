// Beside a free editor: the exercises of one kind from the student's courses, grouped by course, each marked done or
// to do, each opening the course's exercise screen on it. A premium course shows locked to a student who is not.
import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconLock } from '@tabler/icons-react';
import type { PracticeFilter } from '@exam/shared';
import { paths } from '@/config/paths';
import { useExercises } from '../api/student-practice';
import { studentPracticeTexts } from '../texts';

const t = studentPracticeTexts.list;

export function ExerciseList({ type, kind }: { type: PracticeFilter; kind: string }) {
  const list = useExercises({ type });
  const data = list.data;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="exercices-titre">
      <Title order={2} size="h4" id="exercices-titre" mb="xs">
        {t.title(kind)}
      </Title>
      {list.isLoading ? (
        <Text size="sm" c="dimmed">
          …
        </Text>
      ) : !data || data.courses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.error?.message ?? t.empty}
        </Text>
      ) : (
        <Stack gap="md">
          {data.courses.map((c) => (
            <Stack key={c.id} gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {c.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.progress(c.progress.validated, c.progress.total)}
                </Text>
              </Group>
              <Progress value={c.progress.total ? (100 * c.progress.validated) / c.progress.total : 0} size="sm" color="teal" aria-label={`${c.title} : ${t.progress(c.progress.validated, c.progress.total)}`} />
              {c.locked ? (
                <Anchor component={Link} to={paths.noPremium.path} size="sm">
                  <Group gap={4} wrap="nowrap">
                    <IconLock size={14} aria-hidden="true" />
                    {t.locked}
                  </Group>
                </Anchor>
              ) : (
                <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {c.exercises.map((e, i) => (
                    <li key={e.id}>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <Badge
                          size="sm"
                          variant="light"
                          color={e.done ? 'teal' : 'gray'}
                          leftSection={e.done ? <IconCircleCheck size={12} aria-hidden="true" /> : <IconCircleDashed size={12} aria-hidden="true" />}
                          style={{ flexShrink: 0, textTransform: 'none' }}
                        >
                          {e.done ? t.done : t.notDone}
                        </Badge>
                        <Anchor component={Link} to={`${paths.studentPracticeExercise.href(c.id)}?exercice=${e.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {t.open(i + 1, e.excerpt)}
                        </Anchor>
                      </Group>
                    </li>
                  ))}
                </Stack>
              )}
              {!c.locked ? (
                <Anchor component={Link} to={paths.studentPracticeExercise.href(c.id)} size="xs">
                  {t.all}
                </Anchor>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
