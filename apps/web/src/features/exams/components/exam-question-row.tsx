// One question of the exam in the editor: its number, statement excerpt and type, its points, the arrows to move
// it and « Retirer », then its section (when there are several), its own limit of submissions and penalty (empty:
// the exam's), and what the server said of the question itself (a generator failing at publication).
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { ActionIcon, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { QuestionTypeBadge } from '@/question-kinds/type-badge';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { examsTexts } from '../texts';
import { penaltyOptions, type ExamFormValues, type ExamQuestionRow as Row } from './exam-form-values';

const t = examsTexts.form;
const s = examsTexts.sections;

export function ExamQuestionRow({
  control,
  errors,
  question,
  index,
  count,
  frozen,
  onMove,
  onRemove,
  sections,
}: {
  control: Control<ExamFormValues>;
  errors: FieldErrors<ExamFormValues>;
  question: Pick<Row, 'excerpt' | 'type' | 'language'>;
  index: number;
  count: number;
  frozen: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** The sections' names, in order (the select shows when there are several). */
  sections: string[];
}) {
  return (
    <>
      {/* The title takes a line of its own when the row is narrow (a phone), the points and buttons
          going below it, rather than squeezing it to a few letters per line. */}
      <Group gap="xs" wrap="wrap" align="center">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          {!frozen ? <IconGripVertical size={18} style={{ cursor: 'grab', flexShrink: 0 }} aria-label={t.drag(index)} /> : null}
          <Text fw={600} size="sm" w={24} ta="right" style={{ flexShrink: 0 }}>
            {index + 1}.
          </Text>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <StatementExcerpt size="sm" excerpt={question.excerpt} style={{ overflowWrap: 'anywhere' }} />
            <Group gap={4}>
              <QuestionTypeBadge size="xs" type={question.type} language={question.language} />
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Controller
            control={control}
            name={`questions.${index}.points`}
            render={({ field }) => (
              <NumberInput
                aria-label={t.points(index)}
                w={90}
                min={0.01}
                max={1000}
                step={0.5}
                decimalScale={2}
                decimalSeparator=","
                disabled={frozen}
                value={field.value}
                onChange={field.onChange}
                error={errors.questions?.[index]?.points?.message}
              />
            )}
          />
          <Group gap={0} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t.moveUp(index)} disabled={frozen || index === 0} onClick={() => onMove(index, index - 1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={t.moveDown(index)} disabled={frozen || index === count - 1} onClick={() => onMove(index, index + 1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t.remove(index)} disabled={frozen} onClick={() => onRemove(index)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Group>
      <Group gap="xs" mt={6} ml={{ base: 0, sm: 48 }} wrap="wrap" data-testid="exam-question-rules">
        {sections.length > 1 ? (
          <Controller
            control={control}
            name={`questions.${index}.section`}
            render={({ field }) => (
              <Select
                size="xs"
                w={190}
                label={s.section}
                aria-label={s.sectionLabel(index)}
                allowDeselect={false}
                disabled={frozen}
                data={sections.map((name, i) => ({ value: String(i + 1), label: s.option(i, name) }))}
                value={field.value}
                onChange={field.onChange}
                error={errors.questions?.[index]?.section?.message}
              />
            )}
          />
        ) : null}
        <Controller
          control={control}
          name={`questions.${index}.max_submissions`}
          render={({ field }) => (
            <NumberInput
              size="xs"
              w={150}
              label={t.questionTries}
              aria-label={t.questionTriesLabel(index)}
              placeholder={t.asExam}
              min={1}
              max={100}
              allowDecimal={false}
              disabled={frozen}
              value={field.value}
              onChange={field.onChange}
              error={errors.questions?.[index]?.max_submissions?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`questions.${index}.wrong_try_penalty`}
          render={({ field }) => (
            <Select
              size="xs"
              w={150}
              label={t.questionPenalty}
              aria-label={t.questionPenaltyLabel(index)}
              placeholder={t.asExam}
              clearable
              disabled={frozen}
              data={penaltyOptions(field.value == null ? null : Number(field.value))}
              value={field.value}
              onChange={field.onChange}
              error={errors.questions?.[index]?.wrong_try_penalty?.message}
            />
          )}
        />
      </Group>
      {errors.questions?.[index]?.message ? (
        <Text c="var(--mantine-color-error)" size="sm" mt={6} ml={{ base: 0, sm: 48 }} role="alert" data-testid="exam-question-error">
          {errors.questions[index].message}
        </Text>
      ) : null}
    </>
  );
}
