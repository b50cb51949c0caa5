// /student/courses: the published courses of the student's parcours and year, as cards.
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBook, IconLock, IconSearch } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useStudentCourses } from '../api/student-courses';
import { formatDate } from '@/components/format';
import { coursesTexts } from '../texts';

const t = coursesTexts.student;

export function StudentCoursesPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const courses = useStudentCourses(debounced);

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} homeTo={paths.studentCourses.path} />
      <TextInput
        mb="lg"
        maw={420}
        type="search"
        label={t.search}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {courses.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : !courses.data?.length ? (
        <EmptyState title={t.emptyTitle} description={t.emptyDescription} icon={<IconBook size={28} aria-hidden="true" />} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {courses.data.map((c) => (
            <Card key={c.id} component="li" withBorder radius="md" padding="lg" data-testid="student-course-card">
              <Stack gap="xs" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Title order={2} size="h4">
                    {c.title}
                  </Title>
                  {c.is_premium ? (
                    <Badge color="yellow" leftSection={<IconLock size={12} />} style={{ flexShrink: 0 }}>
                      {t.premium}
                    </Badge>
                  ) : null}
                </Group>
                {c.description ? (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {c.description}
                  </Text>
                ) : null}
                <Group gap={4}>
                  {c.specializations.map((s) => (
                    <Badge key={s.id} variant="light" size="sm">
                      {s.code}
                    </Badge>
                  ))}
                </Group>
                <Text size="xs" c="dimmed" mt="auto">
                  {t.chapters(c.chapters_count)} · {t.updated(formatDate(c.updated_at))}
                </Text>
                <Button component={Link} to={paths.studentCoursesShow.href(c.id)} variant="light" aria-label={`${t.open} « ${c.title} »`}>
                  {t.open}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

export const Component = StudentCoursesPage;
