// One student's attempt, opened from the results table in a drawer (a dialog: focus kept inside, Échap closes):
// the attempt's figures, the addresses and browsers it was made from, and per question every submission (the
// answer or the program read-only, verdict, points, time, and for programs each test case with its output).
import { useState } from 'react';
import { Accordion, Alert, Badge, Code, Drawer, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import { durationLabel, type ExamStudentResult, type StaffSubmission } from '@exam/shared';
import { DownloadButton } from '@/components/download-button';
import { VerdictBadge } from '@/components/verdict-badge';
import { PageSkeleton } from '@/components/loading-skeleton';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { formatDateTime, formatNumber, fullName } from '@/components/format';
import type { ViewQuestion } from '@/question-kinds/types';
import { AnswerView, GradeDetailsView, KIND_VIEWS, StatementView } from '@/question-kinds/views';
import { useBankQuestion, useStudentResult } from '../api/exam-results';
import { AttemptBadge, VerdictIcon } from './badges';
import { AttemptJournal } from './attempt-journal';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.student;
type ResultQuestionWithSubs = ExamStudentResult['questions'][number];

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <Table fz="sm" withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" w="45%" fw={500} c="dimmed">
              {k}
            </Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The question as this student was given it: the values drawn for their variant and the statement they read. */
function DrawnQuestion({ q }: { q: ResultQuestionWithSubs }) {
  const values = q.variant_values ? Object.entries(q.variant_values) : [];
  if (q.drawn_statement === null && values.length === 0) return null;
  return (
    <Paper withBorder p="sm" data-testid="drawn-question">
      {values.length > 0 ? (
        <Group gap={6} mb="xs" wrap="wrap" data-testid="drawn-values">
          <Text size="sm" fw={500}>
            {t.drawnValues(q.variant_seed)}
          </Text>
          {values.map(([name, value]) => (
            <Code key={name}>{`${name} = ${String(value)}`}</Code>
          ))}
        </Group>
      ) : null}
      {q.drawn_statement !== null ? (
        <>
          <Text size="xs" c="dimmed" fw={500}>
            {t.drawnStatement}
          </Text>
          <div data-testid="drawn-statement">
            <StatementView type={q.type} html={q.drawn_statement} />
          </div>
        </>
      ) : null}
    </Paper>
  );
}

/** The submission's answer in the view of its kind, with the question as the bank has it now (what the answer names
 *  and the right answer: staff may see them). */
function StaffAnswer({ q, s, index }: { q: ResultQuestionWithSubs; s: StaffSubmission; index: number }) {
  const bank = useBankQuestion(q.question_id, true);
  if (bank.isLoading) return <Loader size="xs" aria-label={t.loadingAnswer} />;
  // The question as the bank has it now (a question since deleted: the answer alone).
  const view = bank.data ? KIND_VIEWS[q.type].fromBank(bank.data) : null;
  const question: ViewQuestion = view?.question ?? { type: q.type, language: q.language, choices: [], items: [] };
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t.answer}
      </Text>
      <AnswerView question={question} answer={s.answer} solution={view?.solution ?? null} reader="staff" label={t.code(q.position, index)} details={s.details} />
    </Stack>
  );
}

function Submission({ q, s, index, count }: { q: ResultQuestionWithSubs; s: StaffSubmission; index: number; count: number }) {
  // Kept while the runner could not answer: no verdict yet (« en cours de correction »), its failed tries if any.
  const later = s.grading_later;
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={t.submission(index, count)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} size="h6">
            {t.submission(index, count)}
          </Title>
          <Group gap={6}>
            {later ? (
              <Badge variant="light" color="blue" leftSection={<IconClockHour4 size={12} aria-hidden="true" />}>
                {t.gradingLater}
              </Badge>
            ) : (
              <>
                <Badge variant="light" color={s.is_valid ? 'teal' : 'red'} leftSection={s.is_valid ? <IconCheck size={12} aria-hidden="true" /> : <IconX size={12} aria-hidden="true" />}>
                  {s.is_valid ? t.valid : t.invalid}
                </Badge>
                <Text size="sm">{t.earned(s.score, q.points)}</Text>
              </>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t.submittedAt} {formatDateTime(s.submitted_at)} · {t.elapsed(durationLabel(s.elapsed_seconds))} · {s.from_draft ? t.fromDraft : (s.ip ?? t.unknown)}
          {s.penalty > 0 ? ` · ${t.penalty(s.penalty)}` : ''}
          {s.graded_later_at ? ` · ${t.gradedLaterAt(formatDateTime(s.graded_later_at))}` : ''}
        </Text>
        {later ? (
          <Alert color="blue" variant="light" p="xs" data-testid="grading-later">
            <Text size="sm">
              {t.gradingLaterHelp}
              {later.failures > 0 ? ` ${t.gradingLaterFailed(later.failures, later.reason ?? '')}` : ''}
              {later.next_try_at ? ` ${t.gradingLaterNext(formatDateTime(later.next_try_at))}` : ''}
            </Text>
          </Alert>
        ) : null}
        <StaffAnswer q={q} s={s} index={index} />
        {/* A program's cases come in full below (hidden ones too): its details would say less. */}
        {s.details && !s.cases && !later ? <GradeDetailsView details={s.details} /> : null}
        {s.cases && s.cases.length > 0 ? (
          <Stack gap={6}>
            <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} role="region" aria-label={t.cases}>
              <Table fz="xs" withTableBorder striped captionSide="top">
                <Table.Caption>{t.cases}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {t.caseColumns.map((c) => (
                      <Table.Th key={c} scope="col">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.cases.map((c) => (
                    <Table.Tr key={c.index}>
                      <Table.Th scope="row" fw={500}>
                        {t.caseLabel(c.index, c.is_hidden)}
                      </Table.Th>
                      <Table.Td>
                        <VerdictBadge verdict={c.verdict} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.duration(c.duration_ms)}</Table.Td>
                      <Table.Td>{c.exit_code ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {s.cases
              .filter((c) => c.stdout || c.stderr)
              .map((c) => (
                <Stack key={c.index} gap={2}>
                  <Text size="xs" fw={500}>
                    {t.caseLabel(c.index, c.is_hidden)}
                  </Text>
                  {c.stdout ? (
                    <>
                      <Text size="xs" c="dimmed">
                        {t.stdout}
                      </Text>
                      <Code block style={{ maxHeight: 160, overflow: 'auto' }} tabIndex={0}>
                        {c.stdout}
                      </Code>
                    </>
                  ) : null}
                  {c.stderr ? (
                    <>
                      <Text size="xs" c="dimmed">
                        {t.stderr}
                      </Text>
                      <Code block color="red.0" style={{ maxHeight: 160, overflow: 'auto' }} tabIndex={0}>
                        {c.stderr}
                      </Code>
                    </>
                  ) : null}
                </Stack>
              ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function StudentResult({ data }: { data: ExamStudentResult }) {
  const [open, setOpen] = useState<string | null>(null);
  const a = data.attempt;
  const extra = [
    data.student.extra_time_factor > 1 ? examResultsTexts.show.extraTimeFactor(data.student.extra_time_factor) : null,
    data.student.extra_minutes > 0 ? examResultsTexts.show.extraMinutes(data.student.extra_minutes) : null,
  ].filter(Boolean);
  return (
    <Stack gap="lg">
      <section aria-labelledby="student-attempt">
        <Title order={3} size="h5" id="student-attempt" mb={4}>
          {t.attempt}
        </Title>
        <Facts
          rows={[
            [t.number, data.student.student_number ?? '—'],
            [t.email, data.student.email],
            [t.status, <AttemptBadge key="s" status={data.status} />],
            ...(a
              ? ([
                  [t.score, `${formatNumber(a.score_20)} / 20 (${t.earned(a.score, data.exam.total_points)})`],
                  [t.validated, `${a.validated_count} / ${data.questions.length}`],
                  [t.timeSpent, durationLabel(a.time_spent_seconds)],
                  [t.startedAt, formatDateTime(a.started_at)],
                  [t.deadline, formatDateTime(a.deadline)],
                  [t.finishedAt, a.finished_at ? formatDateTime(a.finished_at) : data.status === 'FINISHED' ? t.endedAtDeadline(formatDateTime(a.deadline)) : '—'],
                ] as Array<[string, React.ReactNode]>)
              : []),
            [t.extraTime, extra.length ? extra.join(', ') : t.noExtra],
          ]}
        />
      </section>
      {!a ? <Alert color="gray">{t.notStarted}</Alert> : null}
      {a?.drafts_failure ? (
        <Alert color="orange" title={t.draftsFailedTitle}>
          {t.draftsFailed(a.drafts_failure.failures, a.drafts_failure.reason, a.drafts_failure.retry_at ? formatDateTime(a.drafts_failure.retry_at) : null)}
        </Alert>
      ) : null}
      {data.origins.length > 0 ? (
        <section aria-labelledby="student-origins">
          <Title order={3} size="h5" id="student-origins">
            {t.origins}
          </Title>
          <Text size="xs" c="dimmed" mb={4}>
            {t.originsHelp}
          </Text>
          <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t.origins}>
            <Table fz="xs" withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.ip}</Table.Th>
                  <Table.Th scope="col">{t.userAgent}</Table.Th>
                  <Table.Th scope="col">{t.originCount}</Table.Th>
                  <Table.Th scope="col">{t.firstSeen}</Table.Th>
                  <Table.Th scope="col">{t.lastSeen}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.origins.map((o, i) => (
                  <Table.Tr key={i}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.ip ?? t.unknown}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{o.user_agent ?? t.unknown}</Table.Td>
                    <Table.Td>{o.count}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.first_seen)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.last_seen)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ) : null}
      {a ? (
        <Group>
          <DownloadButton path={`/admin/exam-results/${data.exam.id}/students/${data.student.user_id}/appeal`} variant="light" size="sm" data-testid="appeal-file">
            {t.appeal}
          </DownloadButton>
          <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
            {t.appealHint}
          </Text>
        </Group>
      ) : null}
      {a ? <AttemptJournal examId={data.exam.id} userId={data.student.user_id} bound={a.bound && data.status === 'IN_PROGRESS'} positions={new Map(data.questions.map((q) => [q.question_id, q.position]))} /> : null}
      {a ? (
        <section aria-labelledby="student-questions">
          <Title order={3} size="h5" id="student-questions" mb={4}>
            {t.questions}
          </Title>
          <Accordion variant="separated" value={open} onChange={setOpen}>
            {data.questions.map((q) => {
              const state = examResultsTexts.verdict[q.state];
              return (
                <Accordion.Item key={q.question_id} value={String(q.question_id)}>
                  <Accordion.Control icon={<VerdictIcon state={q.state} size={18} label={state} />}>
                    <Text size="sm" fw={500}>
                      Q{q.position} · <StatementExcerpt span inherit excerpt={q.title} />
                      {q.variant_seed !== null ? (
                        <Text span c="dimmed" size="sm">
                          {` · ${t.variant(q.variant_seed)}`}
                        </Text>
                      ) : null}
                      {q.exam_position !== q.position ? (
                        <Text span c="dimmed" size="sm">
                          {` ${t.examPosition(q.exam_position)}`}
                        </Text>
                      ) : null}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {state} · {t.earned(q.score, q.points)} · {t.submissionsCount(q.submissions.length)}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {open === String(q.question_id) ? (
                      <Stack gap="sm">
                        <DrawnQuestion q={q} />
                        {q.submissions.length === 0 ? (
                          <Text size="sm">{t.noSubmission}</Text>
                        ) : (
                          q.submissions.map((s, i) => <Submission key={s.id} q={q} s={s} index={i + 1} count={q.submissions.length} />)
                        )}
                      </Stack>
                    ) : null}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </section>
      ) : null}
    </Stack>
  );
}

export function StudentDrawer({ examId, student, onClose }: { examId: number; student: { user_id: number; last_name: string; first_name: string } | null; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const result = useStudentResult(examId, student?.user_id ?? null);
  return (
    <Drawer opened={student !== null} onClose={onClose} position="right" size={narrow ? '100%' : 'xl'} title={student ? t.title(fullName(student)) : ''} padding="md">
      {result.isPending ? <PageSkeleton lines={8} /> : result.data ? <StudentResult data={result.data} /> : null}
    </Drawer>
  );
}
