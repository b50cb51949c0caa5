// Who read this student's copies (administrators only): every opening by staff of a copy, an attempt journal, an
// appeal file or the data archive, the most recent first, times in Paris.
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { STUDENT_READ_LABELS, type StudentAccess } from '@exam/shared';
import { formatDateTimeSeconds } from '@/components/format';
import { api } from '@/lib/api-client';
import { peopleTexts } from '../texts';

const t = peopleTexts.accessLog;

export function StudentAccessLog({ studentId }: { studentId: number }) {
  const q = useQuery({ queryKey: ['users', 'accesses', studentId], queryFn: () => api.get<StudentAccess[]>(`/admin/users/${studentId}/accesses`, undefined, { silent: true }) });
  return (
    <Card withBorder radius="md" padding="lg" maw={820} mt="lg" component="section" aria-labelledby="access-log-title" data-testid="access-log">
      <Stack gap="sm">
        <Title order={2} size="h4" id="access-log-title">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {q.isLoading ? (
          <Skeleton h={80} />
        ) : q.isError ? (
          <Text c="red.8">{q.error instanceof Error ? q.error.message : t.error}</Text>
        ) : (q.data ?? []).length === 0 ? (
          <Text>{t.empty}</Text>
        ) : (
          <Table striped>
            <Table.Caption>{t.caption(q.data!.length)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.when}</Table.Th>
                <Table.Th scope="col">{t.who}</Table.Th>
                <Table.Th scope="col">{t.what}</Table.Th>
                <Table.Th scope="col">{t.exam}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data!.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeSeconds(a.at)}</Table.Td>
                  <Table.Td>{a.staff_name}</Table.Td>
                  <Table.Td>{STUDENT_READ_LABELS[a.what]}</Table.Td>
                  <Table.Td>{a.exam_title ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
                  )}
      </Stack>
    </Card>
  );
}
