// « Recorriger »: a dry run first (nothing written) listing whose score would change (old → new), then « Appliquer »
// after a confirmation; the result of either is shown in the dialog.
import { useEffect } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ExamRegradeResult } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { formatNumber, formatPoints, fullName } from '@/components/format';
import { useRegrade } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.regrade;

function Changes({ result }: { result: ExamRegradeResult }) {
  const dry = !result.applied;
  return (
    <Stack gap="xs" data-testid="regrade-result">
      <Alert color={dry ? 'blue' : 'teal'} variant="light" icon={<IconInfoCircle aria-hidden="true" />} role="status">
        <Text size="sm" fw={500}>
          {dry ? t.dryRunDone : t.applied}
        </Text>
        <Text size="sm">{t.figures(result)}</Text>
        {result.versions.map((v) => (
          <Text key={v.question_id} size="sm" data-testid="regrade-version">
            {t.version(v.position, v.from, v.to, dry)}
          </Text>
        ))}
        {result.changes.length === 0 ? <Text size="sm">{t.noChange}</Text> : null}
      </Alert>
      {result.changes.length > 0 ? (
        <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={t.changesCaption(dry)}>
          <Table striped withTableBorder captionSide="top" fz="sm">
            <Table.Caption>{t.changesCaption(dry)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.colStudent}</Table.Th>
                <Table.Th scope="col">{t.colOld}</Table.Th>
                <Table.Th scope="col">{t.colNew}</Table.Th>
                <Table.Th scope="col">{t.colValidated}</Table.Th>
                <Table.Th scope="col">{t.colQuestions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.changes.map((c) => (
                <Table.Tr key={c.user_id}>
                  <Table.Th scope="row" fw={500}>
                    {fullName(c)}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(c.old_score_20)} / 20 ({formatPoints(c.old_score)})
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                    {formatNumber(c.new_score_20)} / 20 ({formatPoints(c.new_score)})
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <span aria-hidden="true">
                      {c.old_validated} {t.arrow} {c.new_validated}
                    </span>
                    <VisuallyHidden>{t.changeLabel(String(c.old_validated), String(c.new_validated))}</VisuallyHidden>
                  </Table.Td>
                  <Table.Td>
                    {c.questions
                      .map((q) => `Q${q.position} : ${examResultsTexts.verdict[q.old_state]} → ${examResultsTexts.verdict[q.new_state]} (${formatNumber(q.old_score)} → ${formatPoints(q.new_score)})`)
                      .join(' ; ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

export function RegradeModal({ examId, opened, onClose }: { examId: number; opened: boolean; onClose: () => void }) {
  const regrade = useRegrade(examId);
  const result = regrade.data;
  // Each opening starts from a fresh dry run: a result of earlier may no longer hold.
  useEffect(() => {
    if (opened) regrade.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const apply = async () => {
    if (!result) return;
    const message = result.changes.length ? t.applyConfirm(result.changes.length) : t.applyNothingConfirm;
    if (await confirmDialog({ message, confirmLabel: t.apply })) await regrade.mutateAsync(false).catch(() => undefined);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="xl" centered closeOnClickOutside={!regrade.isPending}>
      <Stack gap="md">
        <Text size="sm">{t.intro}</Text>
        {regrade.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t.running}</Text>
          </Group>
        ) : result ? (
          <Changes result={result} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={regrade.isPending}>
            {t.close}
          </Button>
          {!result || result.applied ? (
            <Button variant={result ? 'light' : 'filled'} onClick={() => void regrade.mutateAsync(true).catch(() => undefined)} loading={regrade.isPending && regrade.variables === true}>
              {t.dryRun}
            </Button>
          ) : (
            <Button onClick={() => void apply()} loading={regrade.isPending}>
              {t.apply}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
