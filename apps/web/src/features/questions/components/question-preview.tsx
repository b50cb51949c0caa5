// The question exactly as a student sees it, drawn from the student shape only (no correct flag, no accepted
// answer, no hidden case, no reference solution, no expected expression), with an answer to try: the verdict is
// the one a student would get ("Validé" / "Non validé", and for a program the details of the visible cases). A
// parameterised question is shown as the variant of a seed the teacher picks, with the values that made it.
import { useState } from 'react';
import { Badge, Button, Group, Loader, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { isBlankAnswer, type StudentQuestion } from '@exam/shared';
import { RichContent } from '@/components/rich-text/rich-content';
import { QuestionTypeBadge } from '@/question-kinds/type-badge';
import { AnswerInput, AnswerVerdict, kindOf } from '@/question-kinds';
import { usePreviewQuestion, useStudentShape, type PreviewOutcome } from '../api/questions';
import { questionsTexts } from '../texts';

const t = questionsTexts.preview;

/** Loads the student shape from the server (the exact payload a student gets), then shows it; a parameterised
 *  question as the variant of the seed chosen. */
export function QuestionPreview({ id, parameterised = false }: { id: number; parameterised?: boolean }) {
  const [typed, setTyped] = useState<number | string>(1);
  const [seed, setSeed] = useState<number | undefined>(parameterised ? 1 : undefined);
  const shape = useStudentShape(id, seed);
  const show = () => {
    const n = Number(typed);
    if (Number.isInteger(n) && n >= 1) setSeed(n);
  };
  return (
    <Stack gap="md">
      {parameterised ? (
        <Stack gap={4}>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t.seed}
              description={t.seedHint}
              min={1}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              value={typed}
              onChange={setTyped}
              onKeyDown={(e) => e.key === 'Enter' && show()}
              style={{ flex: '1 1 220px', maxWidth: 420 }}
            />
            <Button variant="light" onClick={show} loading={shape.isFetching}>
              {t.showSeed}
            </Button>
          </Group>
          {shape.data?.variant ? (
            <Text size="sm" data-testid="variant-values">
              {t.values(Object.entries(shape.data.variant.values).map(([k, v]) => `${k} = ${v}`).join(', '))}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {shape.data ? <StudentQuestionView key={seed ?? 0} question={shape.data.question} seed={seed} /> : <Loader size="sm" aria-label={t.loading} />}
    </Stack>
  );
}

function StudentQuestionView({ question, seed }: { question: StudentQuestion; seed?: number }) {
  const preview = usePreviewQuestion(question.id, seed);
  const [answer, setAnswer] = useState<unknown>(() => kindOf(question.type).emptyAnswer(question));
  const [outcome, setOutcome] = useState<PreviewOutcome | null>(null);

  const empty = isBlankAnswer(answer);
  const tryIt = async () => {
    if (empty) return;
    setOutcome(null);
    try {
      setOutcome(await preview.mutateAsync(answer));
    } catch {
      // The API client showed the message.
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t.intro}
        </Text>
        <Group gap={4} style={{ flexShrink: 0 }}>
          <QuestionTypeBadge type={question.type} language={question.language} />
          <Badge variant="light">{t.points(question.points)}</Badge>
        </Group>
      </Group>
      {/* A kind whose input draws the statement (a cloze's gaps sit in its text) shows it there. */}
      {kindOf(question.type).showsStatement ? null : (
        <Paper withBorder p="md" radius="md">
          <RichContent html={question.statement} />
        </Paper>
      )}

      <AnswerInput question={question} value={answer} onChange={setAnswer} onSubmit={() => void tryIt()} />

      <Group>
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void tryIt()} loading={preview.isPending} disabled={empty}>
          {t.try}
        </Button>
      </Group>
      {outcome ? <Verdict outcome={outcome} /> : null}
    </Stack>
  );
}

function Verdict({ outcome }: { outcome: PreviewOutcome }) {
  return (
    <div role="status">
      <AnswerVerdict valid={outcome.is_valid} details={outcome.details} labels={{ valid: t.valid, invalid: t.invalid }} testId="preview-verdict" />
    </div>
  );
}
