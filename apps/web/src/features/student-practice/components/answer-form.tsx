// The answer to one exercise in the input of its kind (src/question-kinds), « Vérifier » and the verdict at once. As
// many tries as the student wants.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { isBlankAnswer, type PracticeQuestion } from '@exam/shared';
import { AnswerInput, AnswerVerdict, kindOf } from '@/question-kinds';
import { useEvaluate } from '../api/student-practice';
import { studentPracticeTexts } from '../texts';

const t = studentPracticeTexts.exercise;

export function AnswerForm({ question }: { question: PracticeQuestion }) {
  const kind = kindOf(question.type);
  const [answer, setAnswer] = useState<unknown>(() => (question.last_answer != null ? question.last_answer : kind.emptyAnswer(question)));
  const [problem, setProblem] = useState<string | null>(null);
  const evaluate = useEvaluate(question.course.id);

  const submit = () => {
    if (evaluate.isPending) return;
    if (isBlankAnswer(answer)) {
      setProblem(t.required);
      return;
    }
    const incomplete = kind.incomplete?.(answer) ?? null;
    if (incomplete) {
      setProblem(incomplete);
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
      <AnswerInput question={question} value={answer} onChange={change} onSubmit={submit} />
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
