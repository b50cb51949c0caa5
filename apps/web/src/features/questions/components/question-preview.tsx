// The question exactly as a student sees it, drawn from the student shape only (no correct flag, no accepted
// answer, no hidden case, no reference solution, no expected expression), with an answer to try: the verdict is
// the one a student would get ("Validé" / "Non validé", and for a program the details of the visible cases). A
// parameterised question is shown as the variant of a seed the teacher picks, with the values that made it.
import { useState } from 'react';
import { Badge, Button, Checkbox, Code, Group, Loader, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { GRADE_LABELS, testCaseLabel, type StudentQuestion } from '@exam/shared';
import { AnswerVerdict } from '@/components/grade/answer-verdict';
import { RichContent } from '@/components/rich-text/rich-content';
import { CodeEditor } from '@/components/code-editor';
import { MathInput } from '@/components/math-input';
import { QuestionTypeBadge } from '@/components/question-type-badge';
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
  const [choices, setChoices] = useState<string[]>([]);
  const [text, setText] = useState(question.type === 'ALGORITHM' ? (question.starter_code ?? '') : '');
  const [outcome, setOutcome] = useState<PreviewOutcome | null>(null);

  const answer = question.type === 'QCM' ? choices.map(Number) : text;
  const empty = question.type === 'QCM' ? choices.length === 0 : text.trim() === '';
  const tryIt = async () => {
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
          <QuestionTypeBadge type={question.type} language={question.type === 'ALGORITHM' ? question.language : null} />
          <Badge variant="light">{t.points(question.points)}</Badge>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <RichContent html={question.statement} />
      </Paper>

      {question.type === 'QCM' ? (
        question.multiple ? (
          <Checkbox.Group label={t.chooseMany} value={choices} onChange={setChoices}>
            <Stack gap="xs" mt="xs">
              {question.choices.map((c) => (
                <Checkbox key={c.id} value={String(c.id)} label={c.content} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group label={t.chooseOne} value={choices[0] ?? null} onChange={(v) => setChoices([v])}>
            <Stack gap="xs" mt="xs">
              {question.choices.map((c) => (
                <Radio key={c.id} value={String(c.id)} label={c.content} />
              ))}
            </Stack>
          </Radio.Group>
        )
      ) : null}
      {question.type === 'EXACT' ? <TextInput label={t.yourAnswer} value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && !empty && void tryIt()} /> : null}
      {question.type === 'MATH' ? <MathInput label={t.yourAnswer} value={text} onChange={setText} onSubmit={() => !empty && void tryIt()} /> : null}
      {question.type === 'ALGORITHM' ? (
        <Stack gap="xs">
          {question.tests.length ? (
            <>
              <Title order={3} size="h5">
                {t.examples}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {question.tests.map((c, i) => (
                  <Paper key={i} withBorder p="xs" radius="sm">
                    <Text size="xs" fw={600}>
                      {testCaseLabel(i)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {GRADE_LABELS.stdin}
                    </Text>
                    <Code block>{c.stdin || ' '}</Code>
                    <Text size="xs" c="dimmed">
                      {GRADE_LABELS.expected}
                    </Text>
                    <Code block>{c.expected_output || ' '}</Code>
                  </Paper>
                ))}
              </SimpleGrid>
            </>
          ) : null}
          <Text size="sm" fw={500}>
            {t.code}
          </Text>
          <CodeEditor language={question.language ?? 'PYTHON'} value={text} onChange={setText} onRun={() => !empty && void tryIt()} label={t.code} minHeight="160px" />
        </Stack>
      ) : null}

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
