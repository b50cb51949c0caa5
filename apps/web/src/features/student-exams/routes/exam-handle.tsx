// /student/exams/{exam}/handle: the rules and « Commencer l'examen » before the start; then the questions with the
// countdown from the server's deadline, the navigator, drafts and the offline queue; « Terminer l'examen ».
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Grid, Group, List, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconFlag, IconHourglassEmpty, IconPlayerPlay } from '@tabler/icons-react';
import { EXAM_TAKING_TEXTS, QUESTION_STATE_LABELS, type StudentExamListItem } from '@exam/shared';
import { useCurrentUser } from '@/session';
import { confirmDialog } from '@/components/confirm-dialog';
import { useSkipLink } from '@/components/skip-link';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/components/format';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError, notifyError } from '@/lib/api-client';
import { sebConfigPath, useExamAccess, useExamQuestions, useFinishExam, useStartExam, useStudentExams, type QuestionsWithClock } from '../api/student-exams';
import { AccessCodeDialog } from '../components/access-code-dialog';
import { DownloadButton } from '@/components/download-button';
import { Countdown } from '../components/countdown';
import { useLargeText } from '../state/large-text';
import { EmergencyCopyButton, LateAnswersNotice } from '../components/late-answers-notice';
import { OfflineBanner } from '../components/offline-banner';
import { itemNotes, QuestionNavigator, type NavigatorItem } from '../components/question-navigator';
import { QuestionPanel } from '../components/question-panel';
import { useExamSession } from '../state/use-exam-session';
import { useJournalSignals } from '../state/use-journal-signals';
import { durationLabel, studentExamsTexts } from '../texts';

const t = studentExamsTexts;
/** After « Temps écoulé », the result opens this long later (once nothing waits to be sent). */
const TIME_UP_REDIRECT_MS = 3000;

function Header({ exam }: { exam: Pick<StudentExamListItem, 'title'> }) {
  // The last crumb is the screen's short name: a long exam title would not wrap at 375 px (it is the heading).
  return <PageHeader title={exam.title} breadcrumbs={[{ label: t.list.title, to: paths.studentExams.path }, { label: paths.studentExamsHandle.title }]} homeTo={paths.studentHome.path} />;
}

function RulesScreen({ exam, onStarted }: { exam: StudentExamListItem; onStarted: () => void }) {
  const start = useStartExam(exam.id);
  const access = useExamAccess(exam.id).data;
  const [askingCode, setAskingCode] = useState(false);
  const r = t.rules;
  const upcoming = exam.group === 'A_VENIR';
  const closed = exam.group === 'TERMINE';
  const minutes = exam.allowed_minutes ?? exam.duration_minutes;
  const startWithCode = async (code: string) => {
    await start.mutateAsync(code);
    setAskingCode(false);
    onStarted();
  };
  const begin = async () => {
    if (access?.access_code_required) {
      setAskingCode(true);
      return;
    }
    try {
      await start.mutateAsync();
      onStarted();
    } catch {
      // The API client showed the server's French message.
    }
  };
  return (
    <>
      <Header exam={exam} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820}>
        <Stack gap="md">
          <Title order={2} size="h3">
            {r.title}
          </Title>
          {exam.description ? <Text>{exam.description}</Text> : null}
          <Text c="dimmed">{r.intro}</Text>
          <Table variant="vertical" withTableBorder layout="fixed" data-testid="exam-rules">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={{ base: 120, sm: 220 }}>{r.duration}</Table.Th>
                <Table.Td>{minutes == null ? r.untilClosing : r.durationValue(durationLabel(minutes))}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{r.questions}</Table.Th>
                <Table.Td>{r.questionCount(exam.progress.total)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{r.points}</Table.Th>
                <Table.Td>{r.pointsValue(exam.total_points)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{r.closes}</Table.Th>
                <Table.Td>{formatDateTime(exam.end_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <List spacing="xs" size="sm">
            {[
              ...(access?.hide_verdicts ? [r.verdictsHiddenFirst, ...r.list.slice(1)] : r.list),
              ...(access?.access_code_required ? [r.codeRule] : []),
              ...(access?.networks_restricted ? [r.networksRule] : []),
              ...(access?.single_session ? [r.singleSessionRule] : []),
              ...(access?.time_bonus_percent ? [r.bonusRule(access.time_bonus_percent)] : []),
              ...(exam.max_submissions !== null ? [r.triesRule(exam.max_submissions)] : []),
              ...(exam.wrong_try_penalty > 0 ? [r.penaltyRule(exam.wrong_try_penalty)] : []),
            ].map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {access?.seb_required ? (
            <Alert color="blue" variant="light" data-testid="seb-rule">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{r.sebRule}</Text>
                <DownloadButton path={sebConfigPath(exam.id)} variant="light" size="sm">
                  {r.sebDownload}
                </DownloadButton>
              </Stack>
            </Alert>
          ) : null}
          {upcoming ? (
            <Alert color="blue" variant="light">
              {r.notOpen(formatDateTime(exam.start_at))}
            </Alert>
          ) : null}
          {closed ? (
            <Alert color="gray" variant="light">
              {r.closed}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button size="md" leftSection={<IconPlayerPlay size={18} aria-hidden="true" />} onClick={() => void begin()} loading={start.isPending} disabled={upcoming || closed}>
              {r.start}
            </Button>
            <Button component={Link} to={paths.studentExams.path} variant="default" size="md">
              {r.back}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <AccessCodeDialog opened={askingCode} onClose={() => setAskingCode(false)} onSubmit={startWithCode} />
    </>
  );
}

function SessionScreen({ exam, data }: { exam: StudentExamListItem; data: QuestionsWithClock }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const s = useExamSession({ examId: exam.id, userId: user.id, data });
  useJournalSignals(exam.id, s.serverNow, !s.locked, s.online);
  const finish = useFinishExam(exam.id);
  const [current, setCurrent] = useState(() => Math.max(0, data.questions.findIndex((q) => q.state !== 'VALIDATED')));
  // True at first: once the exam starts (or resumes), the first question's title takes the focus.
  const moved = useRef(true);
  const question = s.questions[current];

  // A question chosen in the navigator: its title takes the focus (a screen reader starts there).
  useEffect(() => {
    if (!moved.current || !question) return;
    moved.current = false;
    document.getElementById(`question-${question.id}-title`)?.focus();
  }, [question]);
  const go = (i: number) => {
    moved.current = true;
    setCurrent(Math.min(Math.max(i, 0), s.questions.length - 1));
  };

  // Time up: the result opens once nothing waits to be sent (answers pressed before the deadline may still go out
  // during the grace period).
  const { timeUp, pending, sendingNow } = s;
  useEffect(() => {
    if (!timeUp || pending > 0 || sendingNow) return;
    const id = window.setTimeout(() => navigate(paths.studentExamsShow.href(exam.id), { replace: true, state: { timeUp: true } }), TIME_UP_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [timeUp, pending, sendingNow, navigate, exam.id]);

  const [summary, setSummary] = useState(false);
  // The questions' list is the second stop of the Tab order, right after « Aller au contenu ».
  useSkipLink(summary ? '#exam-summary-title' : '#exam-navigator-title', t.taking.skipToNavigator);
  const items: NavigatorItem[] = s.questions.map((q) => ({
    id: q.id,
    state: s.states[q.id] ?? 'UNANSWERED',
    pending: (s.pendingByQuestion[q.id] ?? 0) > 0,
    unsent: s.unsent.has(q.id),
    flagged: s.flags.has(q.id),
  }));
  const openSummary = () => {
    setSummary(true);
    // The summary's heading takes the focus, as a new page would.
    window.setTimeout(() => document.getElementById('exam-summary-title')?.focus(), 0);
  };
  const backTo = (i: number) => {
    setSummary(false);
    go(i);
  };

  const onFinish = async () => {
    const left = await s.flush();
    if (left > 0) {
      notifyError(t.taking.finishPending);
      return;
    }
    // Questions typed and never submitted are graded when the attempt ends: counted apart from the empty ones.
    const unanswered = items.filter((i) => i.state === 'UNANSWERED' && !i.unsent).length;
    const ok = await confirmDialog({ title: t.taking.finishTitle, message: t.taking.finishMessage(unanswered, s.unsent.size), confirmLabel: t.taking.finishConfirm, focusConfirm: true });
    if (!ok) return;
    await s.saveDrafts();
    try {
      await finish.mutateAsync();
      // The result page puts the focus on its title (a screen reader starts there, a keyboard goes on from there).
      navigate(paths.studentExamsShow.href(exam.id), { replace: true, state: { finished: true } });
    } catch {
      // The API client showed the message.
    }
  };

  const copyProps = { exam: { id: exam.id, title: exam.title }, questionIds: s.questions.map((q) => q.id), store: s.store };
  const validated = s.questions.filter((q) => s.states[q.id] === 'VALIDATED').length;
  const answered = s.questions.filter((q) => s.states[q.id] !== 'UNANSWERED').length;

  return (
    <>
      <Header exam={exam} />
      <Paper
        withBorder
        radius="md"
        p="sm"
        mb="md"
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 5, background: 'var(--mantine-color-body)' }}
      >
        {/* One line on a phone (the progress is in the navigator there): the bar stays small while it follows the page. */}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Countdown deadline={s.deadline} serverNow={s.serverNow} timeUp={s.timeUp} attemptKey={`${user.id}:${exam.id}`} />
          <Text size="sm" c="dimmed" data-testid="exam-progress" visibleFrom="sm">
            {data.verdicts_hidden ? t.taking.progressHidden(answered, s.questions.length) : t.taking.progress(validated, answered, s.questions.length)}
          </Text>
          <Button
            color="red"
            variant="light"
            size="compact-md"
            leftSection={<IconFlag size={16} aria-hidden="true" />}
            onClick={openSummary}
            disabled={s.locked || summary}
            style={{ flexShrink: 0 }}
            aria-label={t.taking.finish}
          >
            {t.taking.finishShort}
            <Box component="span" visibleFrom="sm">
              &nbsp;{t.taking.finishRest}
            </Box>
          </Button>
        </Group>
      </Paper>
      <Stack gap="sm" mb="md">
        <OfflineBanner online={s.online} pending={s.pending} action={<EmergencyCopyButton {...copyProps} size="xs" />} />
        <LateAnswersNotice late={s.late} {...copyProps} />
        {s.timeUp ? (
          <Alert color="red" variant="filled" icon={<IconHourglassEmpty size={20} aria-hidden="true" />} title={t.taking.timeUpTitle} data-testid="time-up">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{s.pending > 0 && !s.graceOver() ? t.taking.timeUpPending : t.taking.timeUp}</Text>
              <Button component={Link} to={paths.studentExamsShow.href(exam.id)} variant="white" color="dark" size="xs">
                {t.taking.seeResult}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {s.closedMessage ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{s.closedMessage}</Text>
              <Button component={Link} to={paths.studentExamsShow.href(exam.id)} variant="light" size="xs">
                {t.taking.seeResult}
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      {summary ? (
        <AttemptSummary items={items} onBack={() => setSummary(false)} onGo={backTo} onFinish={() => void onFinish()} finishing={finish.isPending} locked={s.locked} />
      ) : (
      <Grid gap="lg">
        {/* On a phone the statement comes first, the navigator under it (the skip link still reaches it early). */}
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="md" p="sm" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 80px)' }}>
            <QuestionNavigator items={items} current={current} onSelect={go} hidden={data.verdicts_hidden === true} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          {question ? (
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <QuestionPanel
                key={question.id}
                examId={exam.id}
                question={question}
                index={current}
                total={s.questions.length}
                value={s.values[question.id]}
                state={s.states[question.id] ?? 'UNANSWERED'}
                verdict={s.verdicts[question.id]}
                pending={s.pendingByQuestion[question.id] ?? 0}
                tries={s.tries[question.id] ?? 0}
                triesLeft={s.triesLeft(question.id)}
                flagged={s.flags.has(question.id)}
                onToggleFlag={() => s.toggleFlag(question.id)}
                refusal={s.refusals[question.id]}
                draftStatus={s.draftStatus[question.id]}
                online={s.online}
                sending={s.sendingNow}
                locked={s.locked}
                onChange={(v) => s.setAnswer(question.id, v)}
                onSubmit={() => s.submit(question.id)}
              />
              <Group justify="space-between" mt="lg" gap="sm">
                <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={() => go(current - 1)} disabled={current === 0}>
                  {t.taking.previous}
                </Button>
                <Button variant="default" rightSection={<IconArrowRight size={16} aria-hidden="true" />} onClick={() => go(current + 1)} disabled={current >= s.questions.length - 1}>
                  {t.taking.next}
                </Button>
              </Group>
            </Paper>
          ) : null}
        </Grid.Col>
      </Grid>
      )}
    </>
  );
}

/** Moodle's « résumé de la tentative »: every question's state, its draft and flag, a way back to each, then « Terminer ». */
function AttemptSummary({
  items,
  onBack,
  onGo,
  onFinish,
  finishing,
  locked,
}: {
  items: NavigatorItem[];
  onBack: () => void;
  onGo: (index: number) => void;
  onFinish: () => void;
  finishing: boolean;
  locked: boolean;
}) {
  const count = (state: string) => items.filter((i) => i.state === state).length;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="exam-summary">
      <Stack gap="md">
        <Title order={2} size="h3" id="exam-summary-title" tabIndex={-1}>
          {t.taking.summaryTitle}
        </Title>
        <Text size="sm">{t.taking.summaryIntro}</Text>
        <Text size="sm" fw={500} data-testid="exam-summary-counts">
          {t.taking.summaryCounts(count('VALIDATED'), count('NOT_VALIDATED'), items.filter((i) => i.state === 'UNANSWERED' && !i.unsent).length, items.filter((i) => i.unsent).length, count('ANSWERED'), count('PENDING'))}
        </Text>
        <Table.ScrollContainer minWidth={280}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.taking.summaryQuestion}</Table.Th>
                <Table.Th>{t.taking.summaryState}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.taking.summaryGoShort}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={item.id} data-testid="exam-summary-row">
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    {QUESTION_STATE_LABELS[item.state]}
                    {itemNotes(item).length > 0 ? (
                      <Text size="sm" c="dimmed">
                        {itemNotes(item).join(', ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="subtle" onClick={() => onGo(i)} aria-label={t.taking.summaryGo(i + 1)}>
                      {t.taking.summaryGoShort}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
            {t.taking.summaryBack}
          </Button>
          <Button color="red" leftSection={<IconFlag size={16} aria-hidden="true" />} onClick={onFinish} loading={finishing} disabled={locked}>
            {t.taking.finish}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TakingScreen({ exam }: { exam: StudentExamListItem }) {
  const questions = useExamQuestions(exam.id, true);
  if (questions.isLoading) {
    return (
      <>
        <Header exam={exam} />
        <Stack aria-busy="true">
          <Skeleton h={60} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      </>
    );
  }
  if (!questions.data) {
    const e = questions.error;
    return (
      <>
        <Header exam={exam} />
        <Alert color="red" variant="light" title={t.taking.loadError}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{e instanceof Error ? e.message : ''}</Text>
            <Button size="xs" variant="light" onClick={() => void questions.refetch()}>
              {studentExamsTexts.taking.retry}
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }
  return <SessionScreen exam={exam} data={questions.data} />;
}

export function ExamHandlePage() {
  const params = useParams();
  const location = useLocation();
  const examId = Number(params.exam);
  const list = useStudentExams();
  const [startedHere, setStartedHere] = useState(false);
  const exam = list.data?.find((e) => e.id === examId);
  useLargeText(exam?.large_text === true);

  if (list.isLoading) {
    return (
      <Stack aria-busy="true">
        <Skeleton h={40} w="50%" />
        <Skeleton h={300} radius="md" />
      </Stack>
    );
  }
  if (!exam) {
    return (
      <>
        <PageHeader title={paths.studentExamsHandle.title} breadcrumbs={[{ label: t.list.title, to: paths.studentExams.path }]} homeTo={paths.studentHome.path} />
        <EmptyState
          title={isApiError(list.error) ? list.error.message : EXAM_TAKING_TEXTS.notFound}
          actions={
            <Button component={Link} to={paths.studentExams.path} variant="light">
              {t.rules.back}
            </Button>
          }
        />
      </>
    );
  }
  if (exam.attempt && (exam.attempt.finished_at || exam.group === 'TERMINE')) {
    // The result page then puts the focus on its title (the page just finished is gone).
    return <Navigate to={paths.studentExamsShow.href(exam.id)} replace state={{ ...(location.state as object | null), finished: true }} />;
  }
  if (!exam.attempt && !startedHere) return <RulesScreen exam={exam} onStarted={() => setStartedHere(true)} />;
  return <TakingScreen exam={exam} />;
}

export const Component = ExamHandlePage;
