// One question of the exam: statement, the answer input of its kind (src/question-kinds), « Soumettre » (and for a
// program « Tester sur les exemples »), and the verdict of the last answer.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconCloudCheck, IconDeviceFloppy, IconFlag, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { QUESTION_STATE_LABELS, questionTypeLabel, type GradeResult, type QuestionState, type TakingQuestion } from '@exam/shared';
import { RichContent } from '@/components/rich-text/rich-content';
import { isApiError } from '@/lib/api-client';
import { runExamples } from '../api/student-exams';
import type { DraftStatus, Verdict } from '../state/use-exam-session';
import { isBlank } from '../state/local-store';
import { studentExamsTexts } from '../texts';
import { ReportProblem } from './report-problem';
import { AnswerInput, AnswerVerdict, kindOf } from '@/question-kinds';

const t = studentExamsTexts.answer;

export interface QuestionPanelProps {
  examId: number;
  question: TakingQuestion;
  index: number;
  total: number;
  value: unknown;
  state: QuestionState;
  verdict: Verdict | undefined;
  pending: number;
  /** Submissions stored for this question, and how many more are allowed (null: no limit). */
  tries: number;
  triesLeft: number | null;
  flagged: boolean;
  onToggleFlag: () => void;
  refusal: string | undefined;
  draftStatus: DraftStatus | undefined;
  online: boolean;
  sending: boolean;
  locked: boolean;
  onChange: (value: unknown) => void;
  onSubmit: () => void;
}

export function QuestionPanel(p: QuestionPanelProps) {
  const { question: q, value, locked } = p;
  const [examples, setExamples] = useState<GradeResult | null>(null);
  const [examplesError, setExamplesError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const blank = isBlank(value);
  const text = typeof value === 'string' ? value : '';
  const runnable = kindOf(q.type).runsExamples;

  const submit = () => {
    if (locked || blank || p.triesLeft === 0) return;
    // The examples' result was for an earlier try: the verdict of this answer replaces it.
    setExamples(null);
    setExamplesError(null);
    p.onSubmit();
  };
  const tryExamples = async () => {
    if (locked || blank || running) return;
    setRunning(true);
    setExamplesError(null);
    try {
      setExamples(await runExamples(p.examId, q.id, text));
    } catch (e) {
      setExamples(null);
      setExamplesError(isApiError(e) && e.status === 0 ? t.examplesOffline : (e as Error).message);
    } finally {
      setRunning(false);
    }
  };

  const waiting = p.pending > 0;
  const noTriesLeft = p.triesLeft === 0;
  return (
    <Stack gap="md" data-testid="question-panel" data-question-id={q.id}>
      {q.section_title ? (
        <Text size="sm" fw={600} c="dimmed" mb={-8} data-testid="question-section">
          {studentExamsTexts.taking.section(q.section_title)}
        </Text>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h3" id={`question-${q.id}-title`} tabIndex={-1}>
          {studentExamsTexts.taking.questionTitle(p.index + 1, p.total)}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
            {questionTypeLabel(q.type, q.language)}
          </Badge>
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {studentExamsTexts.taking.points(q.points)}
          </Badge>
          <Badge variant="light" color={p.state === 'VALIDATED' ? 'teal' : p.state === 'NOT_VALIDATED' ? 'red' : p.state === 'ANSWERED' ? 'blue' : 'gray'} style={{ textTransform: 'none' }} data-testid="question-state">
            {QUESTION_STATE_LABELS[p.state]}
          </Badge>
          <Button
            size="compact-sm"
            variant={p.flagged ? 'light' : 'subtle'}
            color={p.flagged ? 'orange' : 'gray'}
            leftSection={<IconFlag size={14} aria-hidden="true" />}
            aria-pressed={p.flagged}
            onClick={p.onToggleFlag}
          >
            {p.flagged ? studentExamsTexts.taking.unflag : studentExamsTexts.taking.flag}
          </Button>
          <ReportProblem examId={p.examId} questionId={q.id} position={p.index + 1} />
        </Group>
      </Group>
      {q.max_submissions !== null || q.wrong_try_penalty > 0 ? (
        <Text size="sm" data-testid="question-tries">
          {[q.max_submissions !== null ? t.tries(p.tries, q.max_submissions) : null, q.wrong_try_penalty > 0 ? t.penalty(q.wrong_try_penalty) : null].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      {/* A kind whose input draws the statement (a cloze's gaps sit in its text) shows it there. */}
      {kindOf(q.type).showsStatement ? null : (
        <Paper withBorder p="md" radius="md">
          <RichContent html={q.statement} />
        </Paper>
      )}

      <AnswerInput question={q} value={value} onChange={p.onChange} onSubmit={submit} onRun={runnable ? () => void tryExamples() : undefined} locked={locked} />
      {runnable ? (
        <Text size="xs" c="dimmed">
          {t.runHint}
        </Text>
      ) : null}

      <Group gap="sm" wrap="wrap">
        {runnable ? (
          <Button variant="default" leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => void tryExamples()} loading={running} disabled={locked || blank}>
            {t.runExamples}
          </Button>
        ) : null}
        <Button leftSection={<IconSend size={16} aria-hidden="true" />} onClick={submit} disabled={locked || blank || noTriesLeft} loading={waiting && p.online && p.sending}>
          {t.submit}
        </Button>
        <DraftNote status={p.draftStatus} />
      </Group>

      <div aria-live="polite">
        {noTriesLeft && !locked ? (
          <Alert color="gray" variant="light" data-testid="no-tries-left">
            {t.noTriesLeft}
          </Alert>
        ) : p.triesLeft === 1 && !locked ? (
          <Text size="sm" fw={500} data-testid="last-try">
            {t.lastTry}
          </Text>
        ) : null}
        {waiting && !p.online ? (
          <Alert color="orange" variant="light" icon={<IconClockHour4 size={20} aria-hidden="true" />} data-testid="queued-note">
            {t.queued}
          </Alert>
        ) : null}
        {p.refusal ? (
          <Alert color="red" variant="light" title={t.refused}>
            {p.refusal}
          </Alert>
        ) : null}
      </div>
      <div aria-live="polite" aria-atomic="false">
        {p.state === 'ANSWERED' && !p.verdict ? (
          <Alert color="blue" variant="light" data-testid="answer-recorded">
            {t.recorded}
          </Alert>
        ) : p.verdict ? (
          <Stack gap={6}>
            <AnswerVerdict valid={p.verdict.is_valid} details={p.verdict.details} title={t.lastVerdict} testId="answer-verdict" />
            {!p.verdict.is_valid && p.state === 'VALIDATED' ? (
              <Text size="sm" c="dimmed">
                {t.bestKept}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </div>
      {runnable ? (
        <div aria-live="polite">
          {examplesError ? (
            <Alert color="orange" variant="light">
              {examplesError}
            </Alert>
          ) : null}
          {examples ? <AnswerVerdict valid={null} details={examples.details} title={t.examplesTitle} testId="examples-result" /> : null}
        </div>
      ) : null}
    </Stack>
  );
}

function DraftNote({ status }: { status: DraftStatus | undefined }) {
  if (!status) return null;
  const Icon = status === 'server' ? IconCloudCheck : IconDeviceFloppy;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={16} aria-hidden="true" />
      <Text size="xs" c="dimmed" data-testid="draft-status">
        {status === 'server' ? t.draftSaved : t.draftLocal}
      </Text>
    </Group>
  );
}
