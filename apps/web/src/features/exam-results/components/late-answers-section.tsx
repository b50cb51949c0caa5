// « Réponses arrivées après la fin »: each late answer of the exam (delayed by the network, or from a student's
// emergency copy) with its times, and the decision: attach it to the copy (graded at its time) or refuse it, always
// with a reason, kept with who decided and when. Staff import an emergency copy here too.
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Code, FileButton, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { LateAnswer, LateDecision } from '@exam/shared';
import { formatDateTimeSeconds, fullName } from '@/components/format';
import { notifyError } from '@/lib/api-client';
import { useDecideLate, useImportEmergencyCopy, useLateAnswers } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.late;

const answerText = (a: unknown) => (typeof a === 'string' ? a : JSON.stringify(a));

function lateness(row: LateAnswer): string {
  const minutes = (Date.parse(row.given_at) - Date.parse(row.deadline)) / 60_000;
  return minutes <= 0 ? t.beforeDeadline : t.lateBy(minutes);
}

function DecisionModal({ examId, row, onClose }: { examId: number; row: LateAnswer | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideLate(examId);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const send = async (decision: LateDecision) => {
    setError(null);
    try {
      await decide.mutateAsync({ id: row!.id, decision, reason });
      close();
    } catch (e) {
      const fields = (e as { errors?: Record<string, string[]> }).errors;
      setError(fields?.reason?.[0] ?? (e as Error).message);
    }
  };
  return (
    <Modal opened={row !== null} onClose={close} title={t.modalTitle} size="lg">
      {row ? (
        <Stack gap="sm">
          <Text size="sm">
            {fullName(row)} · {t.question(row.position)} · {t.origin[row.source]} ({t.kind[row.kind]})
          </Text>
          <Text size="sm">
            {t.colGiven} : {formatDateTimeSeconds(row.given_at)} ({lateness(row)}) · {t.colReceived} : {formatDateTimeSeconds(row.received_at)}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t.answer}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>
              {answerText(row.answer)}
            </Code>
          </Stack>
          <Text size="sm">{t.attemptEnded(formatDateTimeSeconds(row.attempt_ended_at))}</Text>
          {row.solutions_visible ? (
            <Alert color="red" variant="light" data-testid="late-solutions-visible">
              {t.solutionsVisible}
            </Alert>
          ) : null}
          {row.matches_draft ? (
            <Alert color="blue" variant="light">
              {t.matchesDraft}
            </Alert>
          ) : null}
          <Textarea label={t.reason} description={t.reasonHint} required autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" color="red" onClick={() => void send('REFUSED')} loading={decide.isPending}>
              {t.refuse}
            </Button>
            <Button onClick={() => void send('ATTACHED')} loading={decide.isPending}>
              {t.attach}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function LateAnswersSection({ examId }: { examId: number }) {
  const late = useLateAnswers(examId);
  const importCopy = useImportEmergencyCopy(examId);
  const [deciding, setDeciding] = useState<LateAnswer | null>(null);
  const resetRef = useRef<() => void>(null);
  const rows = late.data ?? [];

  const onFile = async (file: File | null) => {
    if (!file) return;
    let copy: unknown;
    try {
      copy = JSON.parse(await file.text());
    } catch {
      notifyError(t.importBad);
      return;
    } finally {
      resetRef.current?.();
    }
    await importCopy.mutateAsync(copy).catch(() => undefined);
  };

  return (
    <section aria-labelledby="results-late">
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} size="h3" id="results-late">
          {t.title}
        </Title>
        <FileButton onChange={(f) => void onFile(f)} accept="application/json,.json" resetRef={resetRef}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconFileImport size={16} aria-hidden="true" />} loading={importCopy.isPending}>
              {t.import}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t.intro}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">{late.isPending ? '' : t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder fz="sm" data-testid="late-answers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.colStudent}</Table.Th>
                <Table.Th scope="col">{t.colQuestion}</Table.Th>
                <Table.Th scope="col">{t.colGiven}</Table.Th>
                <Table.Th scope="col">{t.colOrigin}</Table.Th>
                <Table.Th scope="col">{t.colDecision}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="late-answer-row">
                  <Table.Th scope="row" fw={500}>
                    {fullName(r)}
                  </Table.Th>
                  <Table.Td>{t.question(r.position)}</Table.Td>
                  <Table.Td>
                    {formatDateTimeSeconds(r.given_at)}
                    <Text size="xs" c="dimmed">
                      {lateness(r)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.attemptEnded(formatDateTimeSeconds(r.attempt_ended_at))}
                    </Text>
                    {r.solutions_visible ? (
                      <Badge color="red" variant="light" size="sm" style={{ textTransform: 'none' }}>
                        {t.solutionsVisibleShort}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {t.origin[r.source]} ({t.kind[r.kind]})
                  </Table.Td>
                  <Table.Td>
                    {r.decision ? (
                      <Stack gap={2}>
                        <Badge color={r.decision === 'ATTACHED' ? 'teal' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
                          {r.decision === 'ATTACHED' ? `${t.attached}${r.verdict ? ` (${t.verdict(r.verdict.is_valid)})` : ''}` : t.refused}
                        </Badge>
                        <Text size="xs">{t.decidedBy(r.decided_by_name, formatDateTimeSeconds(r.decided_at), r.reason)}</Text>
                      </Stack>
                    ) : (
                      <Button size="compact-sm" variant="light" onClick={() => setDeciding(r)} aria-label={t.decide(fullName(r), r.position)}>
                        {t.decideShort}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DecisionModal examId={examId} row={deciding} onClose={() => setDeciding(null)} />
    </section>
  );
}
