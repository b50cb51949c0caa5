// Staff, on the course edit screen: the course's practice exercises validated by each student (a table students ×
// exercises) and the most-failed exercises.
import { Link } from 'react-router';
import { Anchor, Card, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { QUESTION_KIND_LABELS } from '@exam/shared';
import { paths } from '@/config/paths';
import { useCoursePracticeStats } from '../api/courses';
import { coursesTexts } from '../texts';

const t = coursesTexts.practice;
const LANGUAGE_LABELS = { PYTHON: 'Python', R: 'R' } as const;

export function PracticePanel({ courseId }: { courseId: number }) {
  const stats = useCoursePracticeStats(courseId);
  const d = stats.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pratique-titre">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="pratique-titre">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.description}
          </Text>
        </div>
        {stats.isLoading ? (
          <Text size="sm" c="dimmed">
            …
          </Text>
        ) : !d || d.exercises.length === 0 ? (
          <Text size="sm">{stats.error?.message ?? t.none}</Text>
        ) : (
          <>
            <Stack gap={4}>
              <Text fw={600} size="sm" component="h3">
                {t.exerciseList}
              </Text>
              <List size="sm" type="ordered" spacing={2}>
                {d.exercises.map((e, i) => (
                  <List.Item key={e.id}>
                    <Text size="sm" span>
                      {e.excerpt}
                    </Text>{' '}
                    <Text size="xs" c="dimmed" span>
                      ({e.language ? LANGUAGE_LABELS[e.language] : QUESTION_KIND_LABELS[e.type]}
                      {e.chapter ? ` · ${e.chapter.title}` : ''} · {t.students(e.students_validated, e.students_tried)})
                    </Text>
                    {e.language && (
                      <>
                        {' '}
                        <Anchor component={Link} to={paths.practiceSimilarity.href(e.id)} size="xs" aria-label={t.similarLabel(i + 1)}>
                          {t.similar}
                        </Anchor>
                      </>
                    )}
                  </List.Item>
                ))}
              </List>
            </Stack>
            <Stack gap={4}>
              <Text fw={600} size="sm" component="h3">
                {t.mostFailed}
              </Text>
              {d.most_failed.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.noFailure}
                </Text>
              ) : (
                <List size="sm" spacing={2}>
                  {d.most_failed.map((e) => (
                    <List.Item key={e.id}>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" span fw={500}>
                          {t.exercise(d.exercises.findIndex((x) => x.id === e.id) + 1)}
                        </Text>
                        <Text size="sm" span>
                          {e.excerpt}
                        </Text>
                        <Text size="xs" c="red.9" span>
                          {t.failures(e.failures)} · {t.students(e.students_validated, e.students_tried)}
                        </Text>
                      </Group>
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
            {d.students.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noStudent}
              </Text>
            ) : (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t.legend}
                </Text>
                <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label={t.title}>
                  <Table striped withTableBorder withColumnBorders fz="sm" data-testid="practice-table">
                    <Table.Caption>{t.title}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t.student}</Table.Th>
                        <Table.Th scope="col">{t.validated}</Table.Th>
                        {d.exercises.map((e, i) => (
                          <Table.Th key={e.id} scope="col" title={e.excerpt}>
                            {t.exercise(i + 1)}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.students.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Th scope="row" fw={500}>
                            {s.last_name} {s.first_name}
                          </Table.Th>
                          <Table.Td>
                            {s.validated} / {d.exercises.length}
                          </Table.Td>
                          {d.exercises.map((e) => {
                            const done = s.validated_ids.includes(e.id);
                            const tried = s.tried_ids.includes(e.id);
                            return (
                              <Table.Td key={e.id} ta="center" c={done ? 'teal.9' : tried ? 'red.8' : 'dimmed'}>
                                <span aria-hidden="true">{done ? '✓' : tried ? '✗' : '–'}</span>
                                <VisuallyHidden>{done ? t.cellDone : tried ? t.cellTried : t.cellNone}</VisuallyHidden>
                              </Table.Td>
                            );
                          })}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
