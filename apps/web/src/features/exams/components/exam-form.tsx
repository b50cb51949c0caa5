// The exam editor (create and edit): title, description, year, parcours, opening and closing date and time (typed
// and shown in Europe/Paris, sent in UTC), optional duration, solutions after closing, the sections (a draw and an
// order per student), and the ordered questions with their points and section (picked from the bank, reordered by
// dragging or with the arrows, removed).
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import 'dayjs/locale/fr';
import '@mantine/dates/styles.css';
import { perStudentTotals, type Exam, type ExamInput, type QuestionListItem } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useYearOptions } from '@/lib/reference-options';
import { examsTexts } from '../texts';
import { QuestionPicker } from './question-picker';
import { ExamGeneralCard } from './exam-general-card';
import { ExamQuestionRow } from './exam-question-row';
import { ExamSectionsCard } from './exam-sections-card';
import { resolver, toBody, toForm, type ExamFormValues } from './exam-form-values';

export { fromParis, toParis } from './exam-form-values';

const t = examsTexts.form;

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
  const sections = useWatch({ control, name: 'sections' });
  useUnsavedChanges(isDirty && !isSubmitting);

  // A new exam defaults to the current year.
  useEffect(() => {
    if (!exam && !getValues('academic_year_id') && years.data?.length) {
      const current = years.data.find((y) => y.is_current === 1) ?? years.data[0];
      if (current) setValue('academic_year_id', String(current.id));
    }
  }, [exam, years.data, getValues, setValue]);

  const frozen = (exam?.started_count ?? 0) > 0;
  const perStudent = perStudentTotals(
    sections.map((x) => ({ pick: x.pick === '' ? null : Number(x.pick) || null })),
    rows.map((q) => ({ section: Number(q.section) || 1, points: Number(q.points) || 0 })),
  );

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

  // Removing an (empty) section renumbers the sections after it: their questions follow.
  const renumberAfter = (removed: number) =>
    getValues('questions').forEach((q, k) => {
      const n = Number(q.section);
      if (n > removed + 1) setValue(`questions.${k}.section`, String(n - 1), { shouldDirty: true });
    });

  const addQuestion = (q: QuestionListItem) =>
    // A new question goes to the last section (where one usually adds a pool's candidates).
    append({ question_id: q.id, points: q.points, type: q.type, language: q.language, excerpt: q.excerpt, max_submissions: '', wrong_try_penalty: null, section: String(sections.length) });

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
          <ExamGeneralCard control={control} register={register} errors={errors} frozen={frozen} />

          <ExamSectionsCard control={control} register={register} errors={errors} frozen={frozen} onRemoved={renumberAfter} />

          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4">
                  {t.questions}
                </Title>
                <Text size="sm" c="dimmed" data-testid="exam-total">
                  {perStudent.question_count === rows.length
                    ? t.total(rows.length, perStudent.total_points)
                    : t.perStudent(perStudent.question_count, perStudent.total_points, rows.length)}
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
                    data-error={errors.questions?.[i]?.message ? true : undefined}
                    style={{
                      opacity: dragIndex === i ? 0.5 : 1,
                      // A row the server refused (a generator failing at publication) stands out in the list.
                      borderColor: overIndex === i && dragIndex !== i ? 'var(--mantine-color-blue-5)' : errors.questions?.[i]?.message ? 'var(--mantine-color-error)' : undefined,
                    }}
                  >
                    <ExamQuestionRow control={control} errors={errors} question={f} index={i} count={fields.length} frozen={frozen} onMove={move} onRemove={remove} sections={sections.map((x) => x.title)} />
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
