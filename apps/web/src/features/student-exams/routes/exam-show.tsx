// /student/exams/{exam}/show: the score on 20 and in points, each question's verdict with the student's own answer,
// and the correct answers only when the server gives them (after closing, if the exam allows it).
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '@/session';
import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHourglassEmpty, IconInfoCircle } from '@tabler/icons-react';
import { QUESTION_STATE_LABELS, questionTypeLabel, SCORE_STATUS_LABELS, type ExamShowResult } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/components/format';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useExamResult } from '../api/student-exams';
import { KIND_FACTS } from '@/question-kinds/facts';
import { AnswerView, GradeDetailsView, SolutionView, StatementView } from '@/question-kinds/views';
import { CaseMessages } from '../components/case-messages';
import { LateAnswersNotice } from '../components/late-answers-notice';
import { createExamStore } from '../state/local-store';
import { useLateAnswers } from '../state/use-late-answers';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.show;
type Row = ExamShowResult['questions'][number];

/** One answer as the student sent it: `a` is the counted one or the last one of the row's question. */
function Answer({ row, a, details, index }: { row: Row; a: unknown; details: Row['details']; index: number }) {
  if (a === null || a === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t.noAnswer}
      </Text>
    );
  }
  return <AnswerView question={row.question} answer={a} solution={row.solution} reader="student" label={t.program(index + 1)} details={details} />;
}

function QuestionResult({ row, index }: { row: Row; index: number }) {
  const q = row.question;
  const color = row.state === 'VALIDATED' ? 'teal' : row.state === 'NOT_VALIDATED' ? 'red' : row.state === 'PENDING' ? 'blue' : 'gray';
  const waiting = row.state === 'PENDING';
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="show-question" data-state={row.state}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h4">
            {t.question(index + 1)}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {questionTypeLabel(q.type, q.language)}
            </Badge>
            {waiting ? null : (
              <Badge variant="light" style={{ textTransform: 'none' }}>
                {t.earned(row.score, q.points)}
              </Badge>
            )}
            <Badge variant="light" color={color} style={{ textTransform: 'none' }}>
              {QUESTION_STATE_LABELS[row.state]}
            </Badge>
          </Group>
        </Group>
        {row.state === 'VALIDATED' && row.score < q.points - 1e-9 && !KIND_FACTS[q.type].humanGraded ? (
          <Text size="sm" data-testid="penalty-note">
            {t.penaltyNote(q.points - row.score)}
          </Text>
        ) : null}
        <Paper withBorder p="sm" radius="sm">
          <StatementView type={q.type} html={q.statement} />
        </Paper>
        <Stack gap={4} data-testid="counted-answer">
          <Text size="sm" fw={600}>
            {row.last ? t.countedAnswer : t.yourAnswer}
          </Text>
          {row.from_draft ? (
            <Text size="sm" c="dimmed" data-testid="auto-sent">
              {t.autoSent}
            </Text>
          ) : null}
          <Answer row={row} a={row.answer} details={row.details} index={index} />
          {row.details ? <GradeDetailsView details={row.details} answer={row.answer} /> : null}
        </Stack>
        {row.last ? (
          <Stack gap={4} data-testid="last-answer">
            <Text size="sm" fw={600}>
              {t.lastAnswer(row.last.is_valid)}
            </Text>
            {row.last.from_draft ? (
              <Text size="sm" c="dimmed">
                {t.autoSent}
              </Text>
            ) : null}
            <Answer row={row} a={row.last.answer} details={row.last.details} index={index} />
            {row.last.details ? <GradeDetailsView details={row.last.details} answer={row.last.answer} /> : null}
          </Stack>
        ) : null}
        {row.solution ? <SolutionView type={q.type} solution={row.solution} /> : null}
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Answers of this exam refused for arriving late, kept in this browser: said here too, with the emergency copy. */
function LateOnResult({ examId, title, questionIds }: { examId: number; title: string; questionIds: number[] }) {
  const user = useCurrentUser();
  const store = useMemo(() => createExamStore(user.id, examId), [user.id, examId]);
  const { late } = useLateAnswers(store, examId, true);
  return <LateAnswersNotice late={late} exam={{ id: examId, title }} questionIds={questionIds} store={store} />;
}

export function ExamShowPage() {
  const params = useParams();
  const location = useLocation();
  const examId = Number(params.exam);
  const result = useExamResult(examId);
  const arrival = location.state as { timeUp?: boolean; finished?: boolean } | null;
  const timeUp = arrival?.timeUp === true;
  const r = result.data;
  // Arrived here by « Terminer » or at the end of the time: the focus moves to the result's title, as on a new page
  // (it was on a button of the exam page, which is gone).
  const arrived = !!r && (timeUp || arrival?.finished === true);
  useEffect(() => {
    if (arrived) document.getElementById('exam-result-title')?.focus();
  }, [arrived]);

  if (result.isLoading) {
    return (
      <Stack aria-busy="true">
        <Skeleton h={40} w="50%" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton h={90} />
          <Skeleton h={90} />
          <Skeleton h={90} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (!r) {
    return (
      <>
        <PageHeader title={t.crumb} breadcrumbs={[{ label: studentExamsTexts.list.title, to: paths.studentExams.path }, { label: t.crumb }]} homeTo={paths.studentHome.path} />
        <EmptyState
          title={isApiError(result.error) ? result.error.message : t.loadError}
          actions={
            <Button component={Link} to={paths.studentExams.path} variant="light">
              {t.back}
            </Button>
          }
        />
      </>
    );
  }
  const inProgress = r.attempt && !r.attempt.finished_at && Date.parse(r.attempt.deadline) > Date.now() && r.exam.status === 'PUBLISHED';
  return (
    <>
      <PageHeader
        title={t.title(r.exam.title)}
        titleId="exam-result-title"
        breadcrumbs={[{ label: studentExamsTexts.list.title, to: paths.studentExams.path }, { label: t.crumb }]}
        homeTo={paths.studentHome.path}
        actions={
          <>
            {inProgress ? (
              <Button component={Link} to={paths.studentExamsHandle.href(r.exam.id)}>
                {t.resume}
              </Button>
            ) : null}
            <Button component={Link} to={paths.studentExams.path} variant="default">
              {t.back}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {timeUp ? (
          <Alert color="red" variant="light" icon={<IconHourglassEmpty size={20} aria-hidden="true" />} title={studentExamsTexts.taking.timeUpTitle} data-testid="time-up-result">
            {t.timeUp}
          </Alert>
        ) : null}
        <LateOnResult examId={r.exam.id} title={r.exam.title} questionIds={r.questions.map((q) => q.question.id)} />
        <CaseMessages examId={r.exam.id} />
        {!r.attempt ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
            {t.notStarted}
          </Alert>
        ) : null}
        {r.score_status !== 'FINAL' ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />} title={SCORE_STATUS_LABELS[r.score_status]} data-testid="score-status">
            {t.pendingAnswers(r.pending_count)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Figure
            label={r.score_status === 'PROVISIONAL' ? t.provisional(t.score20) : t.score20}
            value={r.score_20 === null ? t.awaiting : `${r.score_20.toLocaleString('fr-FR')} / 20`}
            testId="score-20"
          />
          <Figure label={r.score_status === 'PROVISIONAL' ? t.provisional(t.points) : t.points} value={r.score === null ? t.awaiting : t.of(r.score, r.max_score)} testId="score-points" />
          <Figure label={t.validated} value={t.of(r.validated, r.total)} testId="score-validated" />
        </SimpleGrid>
        {r.attempt ? (
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">
                {t.started} :
              </Text>{' '}
              {formatDateTime(r.attempt.started_at)}
            </Text>
            <Text size="sm">
              {r.attempt.finished_at ? (
                <>
                  <Text span c="dimmed">
                    {t.finished} :
                  </Text>{' '}
                  {formatDateTime(r.attempt.finished_at)}
                </>
              ) : (
                <>
                  <Text span c="dimmed">
                    {t.deadline} :
                  </Text>{' '}
                  {formatDateTime(r.attempt.deadline)}
                </>
              )}
            </Text>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          {r.solutions_shown ? t.solutionsShown : t.solutionsLater}
        </Text>
        <section aria-labelledby="show-questions-title">
          <Title order={2} size="h3" mb="sm" id="show-questions-title">
            {t.questions}
          </Title>
          <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {r.questions.map((row, i) => (
              <QuestionResult key={row.question.id} row={row} index={i} />
            ))}
          </Stack>
        </section>
      </Stack>
    </>
  );
}

export const Component = ExamShowPage;
