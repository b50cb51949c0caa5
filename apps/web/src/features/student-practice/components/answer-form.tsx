// The answer to one exercise in the widget of its type (choices, text, code editor, MathLive), « Vérifier » and the
// verdict at once. As many tries as the student wants.
import { useState } from 'react';
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PracticeQuestion } from '@exam/shared';
import { CodeEditor } from '@/components/code-editor';
import { hasPlaceholder, MathInput } from '@/components/math-input';
import { useEvaluate } from '../api/student-practice';
import { studentPracticeTexts } from '../texts';
import { AnswerVerdict } from '@/components/grade/answer-verdict';

const t = studentPracticeTexts.exercise;

function initialAnswer(q: PracticeQuestion): unknown {
  if (q.last_answer != null) return q.last_answer;
  if (q.type === 'QCM') return [];
  if (q.type === 'ALGORITHM') return q.starter_code ?? '';
  return '';
}

export function AnswerForm({ question }: { question: PracticeQuestion }) {
  const [answer, setAnswer] = useState<unknown>(() => initialAnswer(question));
  const [problem, setProblem] = useState<string | null>(null);
  const evaluate = useEvaluate(question.course.id);
  const text = typeof answer === 'string' ? answer : '';
  const chosen = Array.isArray(answer) ? (answer as number[]) : [];

  const submit = () => {
    if (evaluate.isPending) return;
    const empty = question.type === 'QCM' ? chosen.length === 0 : text.trim() === '';
    if (empty) {
      setProblem(t.required);
      return;
    }
    if (question.type === 'MATH' && hasPlaceholder(text)) {
      setProblem(t.incomplete);
      return;
    }
    setProblem(null);
    evaluate.mutate({ question_id: question.id, answer });
  };
  const change = (v: unknown) => {
    setAnswer(v);
    setProblem(null);
  };

  return (
    <Stack gap="sm">
      {question.type === 'QCM' ? (
        question.multiple ? (
          <Checkbox.Group label={t.choicesMany} value={chosen.map(String)} onChange={(v) => change(v.map(Number))}>
            <Stack gap="xs" mt="xs">
              {question.choices.map((c) => (
                <Checkbox key={c.id} value={String(c.id)} label={c.content} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group label={t.choices} value={chosen[0] != null ? String(chosen[0]) : null} onChange={(v) => change([Number(v)])}>
            <Stack gap="xs" mt="xs">
              {question.choices.map((c) => (
                <Radio key={c.id} value={String(c.id)} label={c.content} />
              ))}
            </Stack>
          </Radio.Group>
        )
      ) : null}
      {question.type === 'EXACT' ? (
        <TextInput
          label={t.exact}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
      ) : null}
      {question.type === 'MATH' ? <MathInput label={t.math} value={text} onChange={change} onSubmit={submit} /> : null}
      {question.type === 'ALGORITHM' ? (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t.code}
            </Text>
            <Text size="xs" c="dimmed">
              {t.shortcut}
            </Text>
          </Group>
          <CodeEditor language={question.language ?? 'PYTHON'} value={text} onChange={change} onRun={submit} label={t.code} minHeight="200px" />
        </Stack>
      ) : null}
      {problem ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group>
        <Button leftSection={<IconCheck size={16} aria-hidden="true" />} onClick={submit} loading={evaluate.isPending}>
          {t.submit}
        </Button>
      </Group>
      <div aria-live="polite" aria-busy={evaluate.isPending}>
        {evaluate.data && evaluate.variables?.question_id === question.id ? (
          <AnswerVerdict
            valid={evaluate.data.is_valid}
            details={evaluate.data.details}
            labels={{ valid: t.validated, invalid: t.notValidated }}
            invalidColor="orange"
            caseHeading="h3"
            testId="practice-verdict"
          />
        ) : null}
      </div>
    </Stack>
  );
}
