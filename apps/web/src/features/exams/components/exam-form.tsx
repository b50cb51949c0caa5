// The exam editor (create and edit): title, description, year, parcours, opening and closing date and time (typed
// and shown in Europe/Paris, sent in UTC), optional duration, solutions after closing, and the ordered questions
// with their points (picked from the bank, reordered by dragging or with the arrows, removed).
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/fr';
import '@mantine/dates/styles.css';
import { examInputSchema, type Exam, type ExamData, type ExamInput, type Language, type QuestionKind, type QuestionListItem } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { QuestionTypeBadge } from '@/components/question-type-badge';
import { StatementExcerpt } from '@/components/statement-excerpt';
import { TIME_ZONE } from '@/components/format';
import { specializationOption, useSpecializationOptions, useYearOptions, yearOption } from '@/lib/reference-options';
import { examsTexts } from '../texts';
import { QuestionPicker } from './question-picker';

dayjs.extend(utc);
dayjs.extend(timezone);

const t = examsTexts.form;
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A UTC instant → the picker's wall-clock value in Paris. */
export const toParis = (iso: string | null | undefined) => (iso ? dayjs.utc(iso).tz(TIME_ZONE).format(PICKER_FORMAT) : null);
/** The picker's wall-clock value in Paris → ISO 8601 in UTC. */
export const fromParis = (value: string | null) => (value ? dayjs.tz(value, PICKER_FORMAT, TIME_ZONE).toISOString() : '');

interface ExamQuestionRow {
  question_id: number;
  points: number | string;
  type: QuestionKind;
  language: Language | null;
  excerpt: string;
  /** Empty: the exam's rule. */
  max_submissions: number | string;
  wrong_try_penalty: string | null;
}

export interface ExamFormValues {
  title: string;
  description: string;
  academic_year_id: string | null;
  specialization_ids: string[];
  start_at: string | null;
  end_at: string | null;
  duration_minutes: number | string;
  show_solutions_after_close: boolean;
  /** Empty: no limit. */
  max_submissions: number | string;
  /** A PENALTY_OPTIONS value. */
  wrong_try_penalty: string;
  questions: ExamQuestionRow[];
}

/** Moodle's usual penalties per wrong try, as fractions of the question's points. */
const PENALTIES = [0, 0.1, 0.2, 0.25, 0.333, 0.5, 1];
const penaltyLabel = (p: number) => (p === 0 ? t.noPenalty : `${(Math.round(p * 1000) / 10).toLocaleString('fr-FR')} %`);
const penaltyOptions = (current: number | null) =>
  [...new Set([...PENALTIES, ...(current != null ? [current] : [])])].sort((a, b) => a - b).map((p) => ({ value: String(p), label: penaltyLabel(p) }));

/** A new exam opens tomorrow at 09:00 and closes at 11:00, Paris time. */
const tomorrowAt = (hour: number) => dayjs().tz(TIME_ZONE).add(1, 'day').hour(hour).minute(0).second(0).format(PICKER_FORMAT);

const toForm = (e?: Exam): ExamFormValues => ({
  title: e?.title ?? '',
  description: e?.description ?? '',
  academic_year_id: e ? String(e.academic_year_id) : null,
  specialization_ids: e ? e.specialization_ids.map(String) : [],
  start_at: e ? toParis(e.start_at) : tomorrowAt(9),
  end_at: e ? toParis(e.end_at) : tomorrowAt(11),
  duration_minutes: e?.duration_minutes ?? '',
  show_solutions_after_close: e?.show_solutions_after_close === 1,
  max_submissions: e?.max_submissions ?? '',
  wrong_try_penalty: String(e?.wrong_try_penalty ?? 0),
  questions: (e?.questions ?? []).map((q) => ({
    question_id: q.question_id,
    points: q.points,
    type: q.type,
    language: q.language,
    excerpt: q.statement_excerpt,
    max_submissions: q.max_submissions ?? '',
    wrong_try_penalty: q.wrong_try_penalty == null ? null : String(q.wrong_try_penalty),
  })),
});

/** The body sent to the API (dates in UTC). */
const toBody = (v: ExamFormValues, version?: number): ExamInput => ({
  title: v.title,
  description: v.description,
  academic_year_id: v.academic_year_id ? Number(v.academic_year_id) : 0,
  specialization_ids: v.specialization_ids.map(Number),
  start_at: fromParis(v.start_at),
  end_at: fromParis(v.end_at),
  duration_minutes: v.duration_minutes === '' ? null : Number(v.duration_minutes),
  show_solutions_after_close: v.show_solutions_after_close ? 1 : 0,
  max_submissions: v.max_submissions === '' ? null : Number(v.max_submissions),
  wrong_try_penalty: Number(v.wrong_try_penalty),
  questions: v.questions.map((q) => ({
    question_id: q.question_id,
    points: Number(q.points),
    max_submissions: q.max_submissions === '' ? null : Number(q.max_submissions),
    wrong_try_penalty: q.wrong_try_penalty == null ? null : Number(q.wrong_try_penalty),
  })),
  ...(version !== undefined ? { version } : {}),
});

// The shared schema checks the body; its messages go back on the form's fields.
const resolver: Resolver<ExamFormValues> = async (values, context, options) => {
  const body = toBody(values);
  const res = await (zodResolver(examInputSchema) as unknown as Resolver<ExamInput, unknown, ExamData>)(body as ExamInput, context, options as never);
  return Object.keys(res.errors).length ? { values: {}, errors: res.errors as never } : { values, errors: {} };
};

export function ExamForm({
  exam,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
}: {
  exam?: Exam;
  submitLabel: string;
  onSubmit: (body: ExamInput) => Promise<unknown>;
  onCancel: () => void;
  /** Rendered next to the submit button; receives the form's submit so that e.g. "Publier" saves first. */
  extraActions?: (save: (after?: () => Promise<unknown>) => Promise<void>, dirty: boolean) => React.ReactNode;
}) {
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const [picking, setPicking] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ExamFormValues>({ resolver, defaultValues: toForm(exam) });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions', keyName: 'key' });
  const rows = useWatch({ control, name: 'questions' });
  useUnsavedChanges(isDirty && !isSubmitting);

  // A new exam defaults to the current year.
  useEffect(() => {
    if (!exam && !getValues('academic_year_id') && years.data?.length) {
      const current = years.data.find((y) => y.is_current === 1) ?? years.data[0];
      if (current) setValue('academic_year_id', String(current.id));
    }
  }, [exam, years.data, getValues, setValue]);

  const frozen = (exam?.started_count ?? 0) > 0;
  const totalPoints = rows.reduce((s, q) => s + (Number(q.points) || 0), 0);

  const save = (after?: () => Promise<unknown>) => {
    clearErrors();
    return handleSubmit(async (values) => {
      try {
        if (isDirty || !exam) await onSubmit(toBody(values, exam?.version));
        if (after) await after();
      } catch (err) {
        applyApiErrors(err, setError);
      }
    })();
  };

  const addQuestion = (q: QuestionListItem) =>
    append({ question_id: q.id, points: q.points, type: q.type, language: q.language, excerpt: q.excerpt, max_submissions: '', wrong_try_penalty: null });

  const datePicker = (name: 'start_at' | 'end_at', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimePicker
          label={label}
          description={t.timeZoneHint}
          required
          valueFormat="DD/MM/YYYY HH:mm"
          value={field.value}
          onChange={(v) => field.onChange(v)}
          error={errors[name]?.message}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );

  return (
    <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
        aria-label={exam ? t.editTitle : t.createTitle}
      >
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t.general}
              </Title>
              <TextInput label={t.title} required error={errors.title?.message} {...register('title')} />
              <Textarea label={t.description} description={t.descriptionHint} autosize minRows={2} maxRows={8} error={errors.description?.message} {...register('description')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="academic_year_id"
                  render={({ field }) => (
                    <Select
                      label={t.year}
                      placeholder={t.yearPlaceholder}
                      required
                      allowDeselect={false}
                      data={(years.data ?? []).map(yearOption)}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.academic_year_id?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="specialization_ids"
                  render={({ field }) => (
                    <MultiSelect
                      label={t.specializations}
                      placeholder={field.value.length ? undefined : t.specializationsPlaceholder}
                      required
                      searchable
                      data={(specs.data ?? []).map(specializationOption)}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.specialization_ids?.message ?? errors.specialization_ids?.[0]?.message}
                    />
                  )}
                />
                {datePicker('start_at', t.startAt)}
                {datePicker('end_at', t.endAt)}
                <Controller
                  control={control}
                  name="duration_minutes"
                  render={({ field }) => (
                    <NumberInput label={t.duration} description={t.durationHint} min={1} max={1440} allowDecimal={false} value={field.value} onChange={field.onChange} error={errors.duration_minutes?.message} />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={control}
                name="show_solutions_after_close"
                render={({ field }) => <Switch label={t.showSolutions} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="max_submissions"
                  render={({ field }) => (
                    <NumberInput
                      label={t.maxSubmissions}
                      description={t.maxSubmissionsHint}
                      min={1}
                      max={100}
                      allowDecimal={false}
                      disabled={frozen}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.max_submissions?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="wrong_try_penalty"
                  render={({ field }) => (
                    <Select
                      label={t.penalty}
                      description={t.penaltyHint}
                      allowDeselect={false}
                      disabled={frozen}
                      data={penaltyOptions(Number(field.value))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? '0')}
                      error={errors.wrong_try_penalty?.message}
                    />
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4">
                  {t.questions}
                </Title>
                <Text size="sm" c="dimmed" data-testid="exam-total">
                  {t.total(rows.length, totalPoints)}
                </Text>
              </Group>
              {frozen ? (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                  {t.frozen(exam!.started_count)}
                </Alert>
              ) : null}
              <Text size="sm" c="dimmed">
                {fields.length ? t.questionsHint : t.noQuestion}
              </Text>
              <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t.questions}>
                {fields.map((f, i) => (
                  <Paper
                    key={f.key}
                    component="li"
                    withBorder
                    p="xs"
                    radius="md"
                    data-testid="exam-question"
                    draggable={!frozen}
                    onDragStart={(e: React.DragEvent) => {
                      setDragIndex(i);
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', String(i));
                    }}
                    onDragOver={(e: React.DragEvent) => {
                      if (dragIndex === null) return;
                      e.preventDefault();
                      setOverIndex(i);
                    }}
                    onDrop={(e: React.DragEvent) => {
                      e.preventDefault();
                      if (dragIndex !== null && dragIndex !== i) move(dragIndex, i);
                      setDragIndex(null);
                      setOverIndex(null);
                    }}
                    onDragEnd={() => {
                      setDragIndex(null);
                      setOverIndex(null);
                    }}
                    style={{ opacity: dragIndex === i ? 0.5 : 1, borderColor: overIndex === i && dragIndex !== i ? 'var(--mantine-color-blue-5)' : undefined }}
                  >
                    {/* The title takes a line of its own when the row is narrow (a phone), the points and buttons
                        going below it, rather than squeezing it to a few letters per line. */}
                    <Group gap="xs" wrap="wrap" align="center">
                      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
                        {!frozen ? <IconGripVertical size={18} style={{ cursor: 'grab', flexShrink: 0 }} aria-label={t.drag(i)} /> : null}
                        <Text fw={600} size="sm" w={24} ta="right" style={{ flexShrink: 0 }}>
                          {i + 1}.
                        </Text>
                        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                          <StatementExcerpt size="sm" excerpt={f.excerpt} style={{ overflowWrap: 'anywhere' }} />
                          <Group gap={4}>
                            <QuestionTypeBadge size="xs" type={f.type} language={f.language} />
                          </Group>
                        </Stack>
                      </Group>
                      <Group gap="xs" wrap="nowrap" ml="auto">
                        <Controller
                          control={control}
                          name={`questions.${i}.points`}
                          render={({ field }) => (
                            <NumberInput
                              aria-label={t.points(i)}
                              w={90}
                              min={0.01}
                              max={1000}
                              step={0.5}
                              decimalScale={2}
                              decimalSeparator=","
                              disabled={frozen}
                              value={field.value}
                              onChange={field.onChange}
                              error={errors.questions?.[i]?.points?.message}
                            />
                          )}
                        />
                        <Group gap={0} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t.moveUp(i)} disabled={frozen || i === 0} onClick={() => move(i, i - 1)}>
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" aria-label={t.moveDown(i)} disabled={frozen || i === fields.length - 1} onClick={() => move(i, i + 1)}>
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t.remove(i)} disabled={frozen} onClick={() => remove(i)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Group>
                    </Group>
                    <Group gap="xs" mt={6} ml={{ base: 0, sm: 48 }} wrap="wrap" data-testid="exam-question-rules">
                      <Controller
                        control={control}
                        name={`questions.${i}.max_submissions`}
                        render={({ field }) => (
                          <NumberInput
                            size="xs"
                            w={150}
                            label={t.questionTries}
                            aria-label={t.questionTriesLabel(i)}
                            placeholder={t.asExam}
                            min={1}
                            max={100}
                            allowDecimal={false}
                            disabled={frozen}
                            value={field.value}
                            onChange={field.onChange}
                            error={errors.questions?.[i]?.max_submissions?.message}
                          />
                        )}
                      />
                      <Controller
                        control={control}
                        name={`questions.${i}.wrong_try_penalty`}
                        render={({ field }) => (
                          <Select
                            size="xs"
                            w={150}
                            label={t.questionPenalty}
                            aria-label={t.questionPenaltyLabel(i)}
                            placeholder={t.asExam}
                            clearable
                            disabled={frozen}
                            data={penaltyOptions(field.value == null ? null : Number(field.value))}
                            value={field.value}
                            onChange={field.onChange}
                            error={errors.questions?.[i]?.wrong_try_penalty?.message}
                          />
                        )}
                      />
                    </Group>
                  </Paper>
                ))}
              </Stack>
              {errors.questions?.message || errors.questions?.root?.message ? (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {errors.questions?.message ?? errors.questions?.root?.message}
                </Text>
              ) : null}
              <Group>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)} disabled={frozen}>
                  {t.addQuestions}
                </Button>
              </Group>
            </Stack>
          </Card>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
            {extraActions?.(save, isDirty)}
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      <QuestionPicker opened={picking} onClose={() => setPicking(false)} chosen={rows.map((r) => r.question_id)} onAdd={addQuestion} />
    </DatesProvider>
  );
}
