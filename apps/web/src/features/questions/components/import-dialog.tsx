// The import dialog of the question bank: choose a Moodle XML or GIFT file, see its report (what each question
// becomes, filterable by outcome) before anything is written, then « Importer N questions » in one go.
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Chip, CloseButton, FileInput, Group, List, Modal, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconEye, IconFileImport } from '@tabler/icons-react';
import { IMPORT_MAX_BYTES, IMPORT_OUTCOME_LABELS, IMPORT_OUTCOMES, type ImportOutcome, type ImportReport, type ImportReportItem } from '@exam/shared';
import { RichContent } from '@/components/rich-text/rich-content';
import { AnswerInput, kindOf } from '@/question-kinds';
import { QuestionTypeBadge } from '@/question-kinds/type-badge';
import { isApiError } from '@/lib/api-client';
import { useImportQuestions } from '../api/question-exchange';
import { questionsTexts } from '../texts';

const t = questionsTexts.exchange;

const OUTCOME_COLORS: Record<ImportOutcome, string> = { imported: 'teal', approximated: 'yellow', skipped: 'gray', failed: 'red' };

type Phase =
  | { kind: 'choose' }
  // While a confirmed import is sent, its report stays on screen.
  | { kind: 'sending'; confirm: boolean; sent: number; report?: ImportReport }
  | { kind: 'report'; report: ImportReport }
  | { kind: 'done'; report: ImportReport };

function ProgressView({ sent, confirm }: { sent: number; confirm: boolean }) {
  const pct = Math.round(sent * 100);
  const uploading = sent < 1;
  const label = uploading ? t.sending(pct) : confirm ? t.writing : t.checking;
  return (
    <Stack gap="xs" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress.Root size="lg">
        {/* Once sent, the server reads and checks: its share cannot be measured from here, the bar says it works. */}
        <Progress.Section value={uploading ? pct : 100} animated={!uploading} striped={!uploading} aria-label={label} />
      </Progress.Root>
    </Stack>
  );
}

/** One converted question as a student will see it, drawn by its kind's own answer input (nothing is sent). */
function ItemPreview({ item, onClose }: { item: ImportReportItem; onClose: () => void }) {
  const question = item.preview!;
  const [answer, setAnswer] = useState<unknown>(() => kindOf(question.type).emptyAnswer(question));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [item.index]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="import-preview" role="region" aria-labelledby="import-preview-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text component="h3" id="import-preview-title" fw={600} size="sm" ref={heading} tabIndex={-1}>
            {t.previewTitle(item.name, item.line)}
          </Text>
          <CloseButton onClick={onClose} aria-label={t.previewClose} />
        </Group>
        <Group gap={4}>
          <QuestionTypeBadge size="xs" type={question.type} language={question.language} />
          <Badge size="xs" variant="light" style={{ textTransform: 'none' }}>
            {t.previewPoints(question.points)}
          </Badge>
        </Group>
        {/* A kind whose input draws the statement (a cloze's gaps sit in its text) shows it there. */}
        {kindOf(question.type).showsStatement ? null : <RichContent html={question.statement} />}
        <AnswerInput question={question} value={answer} onChange={setAnswer} onSubmit={() => undefined} />
        <Text size="xs" c="gray.7">
          {t.previewHint}
        </Text>
      </Stack>
    </Paper>
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  const [filter, setFilter] = useState<string>('all');
  const [shown, setShown] = useState<number | null>(null);
  const previewed = report.items.find((i) => i.index === shown && i.preview);
  const rows = report.items.filter((i) => filter === 'all' || i.outcome === filter);
  return (
    <Stack gap="sm">
      <Chip.Group multiple={false} value={filter} onChange={setFilter}>
        <Group gap="xs" role="radiogroup" aria-label={t.filter}>
          <Chip value="all" size="sm">
            {t.all(report.total)}
          </Chip>
          {IMPORT_OUTCOMES.map((o) => (
            <Chip key={o} value={o} size="sm" disabled={report.counts[o] === 0}>
              {`${IMPORT_OUTCOME_LABELS[o]} (${report.counts[o]})`}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {/* A wide table scrolls inside its own box on a phone; the box can be reached with the keyboard. */}
      {/* Short enough that the dialog's buttons stay in view below it. */}
      <div style={{ overflowX: 'auto', maxHeight: 'max(12rem, calc(100dvh - 30rem))', overflowY: 'auto' }} tabIndex={0} role="region" aria-label={t.tableLabel}>
        <Table striped withTableBorder verticalSpacing={6} miw={640} aria-label={t.tableLabel} data-testid="import-report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.colLine}</Table.Th>
              <Table.Th scope="col">{t.colName}</Table.Th>
              <Table.Th scope="col">{t.colOutcome}</Table.Th>
              <Table.Th scope="col">{t.colBecomes}</Table.Th>
              <Table.Th scope="col">{t.colSource}</Table.Th>
              <Table.Th scope="col">{t.colNotes}</Table.Th>
              <Table.Th scope="col">{t.colPreview}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((i) => (
              <Table.Tr key={i.index}>
                <Table.Td>{i.line}</Table.Td>
                <Table.Td style={{ minWidth: 140 }}>{i.name}</Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    variant="light"
                    color={OUTCOME_COLORS[i.outcome]}
                    // The whole word, never cut off with an ellipsis.
                    styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible', textTransform: 'none' } }}
                  >
                    {IMPORT_OUTCOME_LABELS[i.outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td>{i.type ? <QuestionTypeBadge size="xs" type={i.type} language={i.language} /> : '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {i.source_type}
                  </Text>
                </Table.Td>
                <Table.Td style={{ minWidth: 220 }}>
                  {i.notes.length || i.checked_cases ? (
                    <List size="xs" spacing={2}>
                      {i.checked_cases ? <List.Item>{t.checkedCases(i.checked_cases)}</List.Item> : null}
                      {i.notes.map((n, k) => (
                        // Expected and obtained outputs keep their lines.
                        <List.Item key={k} style={{ whiteSpace: 'pre-wrap' }}>
                          {n}
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  {i.preview ? (
                    <Button
                      size="compact-xs"
                      variant={shown === i.index ? 'filled' : 'light'}
                      leftSection={<IconEye size={14} aria-hidden="true" />}
                      aria-label={t.previewButton(i.name)}
                      aria-pressed={shown === i.index}
                      onClick={() => setShown(shown === i.index ? null : i.index)}
                    >
                      {t.previewShort}
                    </Button>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>{t.noneInFilter}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
      {previewed ? <ItemPreview key={previewed.index} item={previewed} onClose={() => setShown(null)} /> : null}
    </Stack>
  );
}

export function ImportQuestionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const mutation = useImportQuestions();

  const reset = () => {
    setFile(null);
    setError(null);
    setPhase({ kind: 'choose' });
  };
  const close = () => {
    if (phase.kind === 'sending') return;
    reset();
    onClose();
  };

  const send = async (confirm: boolean) => {
    setError(null);
    if (!file) {
      setError(t.chooseFile);
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setError(t.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
      return;
    }
    const previous = phase;
    const shown = phase.kind === 'report' ? phase.report : undefined;
    setPhase({ kind: 'sending', confirm, sent: 0, report: shown });
    try {
      const r = await mutation.mutateAsync({ file, confirm, onProgress: (sent) => setPhase({ kind: 'sending', confirm, sent, report: shown }) });
      setPhase(confirm ? { kind: 'done', report: r.data } : { kind: 'report', report: r.data });
    } catch (e) {
      setPhase(previous.kind === 'report' ? previous : { kind: 'choose' });
      setError(isApiError(e) ? (e.errors.file?.join(' ') ?? e.message) : String(e));
    }
  };

  const report = phase.kind === 'report' || phase.kind === 'sending' ? phase.report : undefined;
  const sending = phase.kind === 'sending';

  return (
    <Modal opened={opened} onClose={close} title={t.importTitle} size="80rem" fullScreen={Boolean(narrow)} closeOnClickOutside={false}>
      {phase.kind === 'done' ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCheck size={18} />} title={t.doneTitle(phase.report.question_ids.length)}>
            {t.doneBody}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t.close}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {report ? (
            <>
              <div>
                <Text fw={600}>{t.reportTitle(report.file_name)}</Text>
                <Text size="sm">{t.reportSummary(report.total, report.importable)}</Text>
                {report.check_ms ? (
                  <Text size="sm" c="dimmed">
                    {t.checkedPrograms(report.check_ms)}
                  </Text>
                ) : null}
              </div>
              <ReportTable report={report} />
            </>
          ) : (
            <>
              <Text size="sm">{t.intro}</Text>
              <FileInput
                label={t.file}
                placeholder={t.filePlaceholder}
                accept=".xml,.txt,.gift,application/xml,text/xml,text/plain"
                leftSection={<IconFileImport size={16} aria-hidden="true" />}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setError(null);
                }}
                clearable
                clearButtonProps={{ 'aria-label': t.clearFile }}
                // Mantine's dimmed placeholder is too pale on white for WCAG AA (4.5:1).
                styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                disabled={sending}
                error={error}
              />
            </>
          )}
          {phase.kind === 'sending' ? <ProgressView sent={phase.sent} confirm={phase.confirm} /> : null}
          {report && error ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {report ? (
              <>
                {/* Keys: a button of the report is never the analyse button reused, still coming back from its loader. */}
                <Button key="other" variant="default" onClick={reset} disabled={sending}>
                  {t.other}
                </Button>
                <Button key="confirm" onClick={() => void send(true)} disabled={report.importable === 0} loading={sending}>
                  {t.confirm(report.importable)}
                </Button>
              </>
            ) : (
              <>
                <Button key="cancel" variant="default" onClick={close} disabled={sending}>
                  {t.cancel}
                </Button>
                <Button key="analyse" onClick={() => void send(false)} loading={sending}>
                  {t.analyse}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
