// /dashboard/exam-results/{exam}/grading « Correction »: the exam's questions graded by a person (essays), and the
// grading queue of one (?question=): one copy at a time, anonymous (its copy number), in the grader's own shuffled
// order, with what is left; points typed and a comment, each mark saved at once. Keyboard alone: Alt + → / Alt + ←
// move between copies, Enter in the points (Ctrl + Enter in the comment) saves and opens the next copy. Every copy is
// loaded with the queue: moving between them asks nothing of the server.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Progress, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import type { Annotation, GradingCopy, GradingQueue } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { idFrom } from '@/components/list-navigation';
import { RichContent } from '@/components/rich-text/rich-content';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { paths } from '@/config/paths';
import { useGradingOverview, useGradingQueue, useSaveMark } from '../api/grading';
import { useCopyName } from '../api/marking';
import { MarkingPanel } from '../components/marking-panel';
import { RubricChanged } from '../components/rubric-changed';
import { choicesFrom, focusRubric, RubricGrading, rubricBody, type RubricChoices } from '../components/rubric-grading';
import { TextAnnotations } from '../components/text-annotations';
import { FileCopyAnnotations } from '../components/file-annotations';
import { gradingTexts as t } from '../texts';

/** The first copy not yet marked (where a grader picks up), else the first. */
const firstOpen = (copies: GradingCopy[]) => Math.max(0, copies.findIndex((c) => !c.mark));

function CopyPanel({ examId, queue, index, onMove }: { examId: number; queue: GradingQueue; index: number; onMove: (to: number) => void }) {
  const copy = queue.copies[index]!;
  const max = queue.question.points;
  const save = useSaveMark(examId, queue.question.question_id);
  // The student's name beside the copy number once anonymity is lifted (marking-panel.tsx).
  const name = useCopyName(examId, copy.copy);
  const [points, setPoints] = useState(copy.mark ? String(copy.mark.points) : '');
  const [comment, setComment] = useState(copy.mark?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  // The rubric's levels and the annotations of this copy (components/rubric-grading.tsx, text-annotations.tsx).
  const rubric = queue.question.rubric ?? null;
  const rubricBox = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState<RubricChoices>(() => choicesFrom(copy));
  const [annotations, setAnnotations] = useState<Annotation[]>(copy.mark?.annotations ?? []);

  // Another copy, or this one reloaded after a conflict: the form shows its mark.
  // Only when another copy is shown or this copy's mark changed (a save, a conflict): the queue refetched after the
  // previous copy's save must not wipe what the grader has begun typing on this one, nor move their focus.
  const latest = useRef(copy);
  latest.current = copy;
  const markVersion = copy.mark?.version ?? 0;
  useEffect(() => {
    const c = latest.current;
    setPoints(c.mark ? String(c.mark.points) : '');
    setComment(c.mark?.comment ?? '');
    setChoices(choicesFrom(c));
    setAnnotations(c.mark?.annotations ?? []);
    setError(null);
  }, [copy.copy, markVersion]);
  // The points field (or the rubric's first criterion) takes the focus on each copy: the grader types the mark at once.
  const hasRubric = rubric !== null;
  const latestRubric = useRef(rubric);
  latestRubric.current = rubric;
  useEffect(() => {
    const r = latestRubric.current;
    if (r) focusRubric(rubricBox, r, choicesFrom(latest.current));
    else pointsField.current?.focus();
  }, [copy.copy, hasRubric]);

  const submit = (thenNext: boolean) => {
    const byRubric = rubric ? rubricBody(rubric, choices, max) : null;
    if (typeof byRubric === 'string') return setError(byRubric);
    const raw = byRubric ? String(byRubric.points) : points.trim().replace(',', '.');
    if (raw === '') return setError(t.pointsRequired);
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > max) return setError(t.pointsRange(max));
    setError(null);
    save.mutate(
      { copy: copy.copy, body: { points: value, comment: comment.trim() || null, version: copy.mark?.version ?? 0, ...(byRubric ? { rubric: byRubric.rubric } : {}), annotations } },
      {
        onSuccess: () => {
          if (thenNext && index < queue.copies.length - 1) onMove(index + 1);
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const onPointsKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit(true);
    }
  };
  const onCommentKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit(true);
    }
  };
  const over = queue.question.word_limit !== null && copy.words > queue.question.word_limit;

  return (
    <Paper withBorder p="md" radius="md" data-testid="grading-copy" data-copy={copy.copy}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" ref={heading} tabIndex={-1}>
            {t.copyTitle(copy.copy, index + 1, queue.copies.length)}
            {name ? ` — ${name}` : ''}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={copy.mark ? 'teal' : 'gray'} style={{ textTransform: 'none' }} data-testid="grading-state">
              {copy.mark ? t.marked(copy.mark.points, max, copy.mark.graded_by) : t.notMarked}
            </Badge>
            {copy.from_draft ? (
              <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                {t.fromDraft}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {/* A parameterised question: the statement with this student's values (the queue's is the template). */}
        {copy.statement ? (
          <Stack gap={4} data-testid="copy-statement">
            <Text size="sm" fw={600}>
              {t.copyStatement}
            </Text>
            <Text size="xs" c="dimmed">
              {t.copyStatementHint}
            </Text>
            <Paper withBorder p="sm" radius="sm">
              <RichContent html={copy.statement} />
            </Paper>
          </Stack>
        ) : null}
        {/* A FILE question: the copy's files and their annotations (file-annotations.tsx). */}
        {copy.files ? <FileCopyAnnotations examId={examId} questionId={queue.question.question_id} copy={copy} /> : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.answer}
          </Text>
          <Paper withBorder p="sm" radius="sm" data-testid="grading-answer">
            <StatementExcerpt excerpt={copy.text} fallback={t.noText} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
          </Paper>
          <Text size="xs" c={over ? 'var(--mantine-color-error)' : 'dimmed'}>
            {t.words(copy.words, queue.question.word_limit)}
            {over ? ` — ${t.overLimit}` : ''}
          </Text>
        </Stack>
        )}
        {/* A file answer has no text to annotate: its files take annotations of their own (file-annotations.tsx). */}
        {copy.files ? null : <TextAnnotations text={copy.text} annotations={annotations} onChange={setAnnotations} />}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(true);
          }}
        >
          <Stack gap="sm">
            {rubric ? (
              <>
                <RubricGrading rubric={rubric} choices={choices} onChange={setChoices} questionPoints={max} onEnter={() => submit(true)} boxRef={rubricBox} />
                {error ? (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="grading-error">
                    {error}
                  </Text>
                ) : null}
              </>
            ) : null}
            <TextInput
              display={rubric ? 'none' : undefined}
              ref={pointsField}
              label={t.points(max)}
              description={t.pointsHint}
              inputMode="decimal"
              value={points}
              onChange={(e) => setPoints(e.currentTarget.value)}
              onKeyDown={onPointsKey}
              error={error ?? undefined}
              maw={260}
              data-testid="grading-points"
            />
            <Textarea label={t.comment} description={t.commentHint} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} onKeyDown={onCommentKey} data-testid="grading-comment" />
            <Group gap="xs" wrap="wrap">
              <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} disabled={index === 0} onClick={() => onMove(index - 1)}>
                {t.previous}
              </Button>
              <Button variant="default" type="button" leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} loading={save.isPending} onClick={() => submit(false)}>
                {t.save}
              </Button>
              <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden="true" />} loading={save.isPending}>
                {t.saveNext}
              </Button>
              <Button variant="default" rightSection={<IconArrowRight size={16} aria-hidden="true" />} disabled={index >= queue.copies.length - 1} onClick={() => onMove(index + 1)}>
                {t.next}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function Queue({ examId, questionId }: { examId: number; questionId: number }) {
  const queue = useGradingQueue(examId, questionId);
  const [index, setIndex] = useState<number | null>(null);
  const data = queue.data;
  // Where the grader picks up: the first copy not yet marked, once per question.
  useEffect(() => {
    if (data && index === null) setIndex(firstOpen(data.copies));
  }, [data, index]);
  const move = useCallback((to: number) => setIndex((i) => (data ? Math.min(Math.max(0, to), data.copies.length - 1) : i)), [data]);
  // Alt + → / Alt + ←, wherever the focus is on the page.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || index === null) return;
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        move(index + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        move(index - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, move]);

  if (queue.isPending) return <PageSkeleton />;
  if (!data) return null;
  const { counts } = data;
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Stack gap={6}>
          <Text size="sm" id="grading-counts" data-testid="grading-counts" aria-live="polite">
            {t.counts(counts.graded, counts.total, counts.left)}
          </Text>
          <Progress.Root>
            <Progress.Section value={counts.total ? (counts.graded / counts.total) * 100 : 0} aria-label={t.progress} />
          </Progress.Root>
        </Stack>
      </Paper>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t.statement}
        </Title>
        <Paper withBorder p="sm" radius="sm">
          <RichContent html={data.question.statement} />
        </Paper>
      </Stack>
      {data.question.grader_info ? (
        <Alert color="grape" variant="light" title={t.graderInfo} data-testid="grader-info">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {data.question.grader_info}
          </Text>
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        {t.keys}
      </Text>
      <RubricChanged examId={examId} questionId={questionId} changed={data.question.rubric_changed === true} />
      {data.copies.length === 0 || index === null ? <EmptyState title={t.noCopy} description="" /> : <CopyPanel examId={examId} queue={data} index={Math.min(index, data.copies.length - 1)} onMove={move} />}
      {counts.total > 0 && counts.left === 0 ? (
        <Alert color="teal" variant="light" data-testid="grading-done">
          {t.allDone}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function ExamGradingPage() {
  const examId = idFrom(useParams().exam);
  const [params, setParams] = useSearchParams();
  const overview = useGradingOverview(examId);
  const list = useMemo(() => overview.data?.questions ?? [], [overview.data]);
  const asked = Number(params.get('question'));
  const current = list.find((q) => q.question_id === asked) ?? list[0] ?? null;

  const resultsCrumb = { label: paths.examResultsShow.title, to: paths.examResultsShow.href(examId) };
  const crumbs = [{ label: paths.examResults.title, to: paths.examResults.path }, resultsCrumb, { label: t.title }];
  if (overview.isPending) {
    return (
      <>
        <PageHeader title={t.title} breadcrumbs={crumbs} />
        <PageSkeleton />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={overview.data ? `${t.title} — ${overview.data.exam.title}` : t.title}
        description={t.description}
        breadcrumbs={crumbs}
        actions={
          <Button variant="default" component={Link} to={paths.examResultsShow.href(examId)}>
            {paths.examResultsShow.title}
          </Button>
        }
      />
      {list.length > 0 ? <MarkingPanel examId={examId} questions={list} /> : null}
      {overview.isError || list.length === 0 || !current ? (
        <EmptyState title={t.noQuestion} description="" />
      ) : (
        <Stack gap="lg">
          {list.length > 1 ? (
            <Stack gap={4}>
              <Text size="sm" fw={600} id="grading-questions">
                {t.questions}
              </Text>
              <SegmentedControl
                aria-labelledby="grading-questions"
                value={String(current.question_id)}
                onChange={(v) => setParams(new URLSearchParams({ question: v }))}
                data={list.map((q) => ({ value: String(q.question_id), label: `${t.question(q.position)} (${q.counts.left})` }))}
              />
            </Stack>
          ) : null}
          <Title order={2} size="h3">
            {t.question(current.position)} — {current.title}
          </Title>
          <Queue key={current.question_id} examId={examId} questionId={current.question_id} />
        </Stack>
      )}
    </>
  );
}

export const Component = ExamGradingPage;
