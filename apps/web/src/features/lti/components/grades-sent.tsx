// The grades of an exam sent back to the platforms: the score wanted, the one sent, the state and the last error.
import { useState } from 'react';
import { Badge, Button, Select, Stack, Table, Text } from '@mantine/core';
import { LTI_GRADE_STATE_LABELS } from '@exam/shared';
import { formatDateTime } from '@/components/format';
import { useExamOptions, useGrades, useRetryGrade } from '../api/lti';
import { ltiTexts } from '../texts';

const t = ltiTexts.grades;
const COLORS = { PENDING: 'blue', SENT: 'teal', FAILED: 'red' } as const;

export function GradesSent() {
  const exams = useExamOptions();
  const [exam, setExam] = useState<string | null>(null);
  const examId = exam ? Number(exam) : null;
  const grades = useGrades(examId);
  const retry = useRetryGrade(examId);
  return (
    <Stack gap="xs">
      <Select label={t.exam} data={(exams.data?.data ?? []).map((e) => ({ value: String(e.id), label: e.title }))} value={exam} onChange={setExam} searchable maw={420} />
      {examId !== null && (grades.data ?? []).length === 0 && <Text size="sm">{t.empty}</Text>}
      {(grades.data ?? []).length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.student}</Table.Th>
                <Table.Th>{t.columns.activity}</Table.Th>
                <Table.Th>{t.columns.score}</Table.Th>
                <Table.Th>{t.columns.state}</Table.Th>
                <Table.Th>{t.columns.error}</Table.Th>
                <Table.Th>{t.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(grades.data ?? []).map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    {g.last_name} {g.first_name}
                  </Table.Td>
                  <Table.Td>
                    {g.activity} ({g.platform})
                  </Table.Td>
                  <Table.Td>
                    {g.score_given === null ? t.withdrawn : `${g.score_given.toLocaleString('fr-FR')} / ${g.score_maximum.toLocaleString('fr-FR')}`}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[g.state]} variant="light">
                      {LTI_GRADE_STATE_LABELS[g.state]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {g.state === 'SENT' && g.sent_at ? formatDateTime(g.sent_at) : g.state === 'FAILED' ? `${g.tries} ${g.tries > 1 ? 'essais' : 'essai'}, prochain le ${formatDateTime(g.next_try_at)}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{g.last_error ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {g.state !== 'SENT' && (
                      <Button size="xs" variant="light" loading={retry.isPending} onClick={() => retry.mutate(g.id)} aria-label={`${t.retry} : ${g.last_name} ${g.first_name}`}>
                        {t.retry}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
