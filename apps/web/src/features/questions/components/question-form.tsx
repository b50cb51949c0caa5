// The question editor (create and edit): type, rich-text statement, points, course and chapter, practice flag,
// tags, then what each type needs: QCM choices, EXACT accepted answers and tolerance, ALGORITHM language, starter
// code, test cases, limits and reference solution, MATH expected expression. Checked with the shared schema before
// sending; the server's French messages land next to their fields (a refused reference solution next to its case).
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormSetError } from 'react-hook-form';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  QCM_MAX_CHOICES,
  QCM_MIN_CHOICES,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  QUESTION_LIMIT_BOUNDS,
  questionInputSchema,
  type Language,
  type Question,
  type QuestionInput,
  type QuestionKind,
} from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { RichTextField } from '@/components/rich-text/rich-text-editor';
import { CodeEditor } from '@/components/code-editor';
import { MathInput } from '@/components/math-input';
import { useHelper } from '@/app/auth/session';
import { isApiError, ApiError } from '@/lib/api-client';
import { useCourseOptions } from '@/lib/reference-options';
import { useCourseChapters, useQuestionTags } from '../api/questions';
import { questionsTexts } from '../texts';

const t = questionsTexts.form;
const { cpu_seconds: CPU, memory_mb: MEM } = QUESTION_LIMIT_BOUNDS;

interface Choice {
  id?: number;
  content: string;
  is_correct: boolean;
}
interface Answer {
  id?: number;
  content: string;
}
interface TestCase {
  id?: number;
  stdin: string;
  expected_output: string;
  is_hidden: boolean;
  weight: number | string;
}

export interface QuestionFormValues {
  type: QuestionKind;
  statement: string;
  points: number | string;
  course_id: string | null;
  chapter_id: string | null;
  is_practice: boolean;
  tags: string[];
  language: Language | null;
  starter_code: string;
  reference_solution: string;
  tolerance_on: boolean;
  tolerance_kind: 'absolute' | 'relative';
  tolerance_value: number | string;
  cpu_seconds: number | string;
  memory_mb: number | string;
  choices: Choice[];
  answers: Answer[];
  tests: TestCase[];
  expected: string;
}

const blankTest = (): TestCase => ({ stdin: '', expected_output: '', is_hidden: false, weight: 1 });

export function toForm(q?: Question): QuestionFormValues {
  const ps = q?.possible_solutions ?? [];
  const type = q?.type ?? 'QCM';
  return {
    type,
    statement: q?.statement ?? '',
    points: q?.points ?? 1,
    course_id: q?.course_id ? String(q.course_id) : null,
    chapter_id: q?.chapter_id ? String(q.chapter_id) : null,
    is_practice: q?.is_practice === 1,
    tags: q?.tags ?? [],
    language: q?.language ?? 'PYTHON',
    starter_code: q?.starter_code ?? '',
    reference_solution: q?.reference_solution ?? '',
    tolerance_on: Boolean(q?.tolerance),
    tolerance_kind: q?.tolerance?.kind ?? 'absolute',
    tolerance_value: q?.tolerance?.value ?? 0.01,
    cpu_seconds: q?.limits?.cpu_seconds ?? '',
    memory_mb: q?.limits?.memory_mb ?? '',
    choices:
      type === 'QCM' && ps.length
        ? ps.map((p) => ({ id: p.id, content: p.content, is_correct: p.is_correct === 1 }))
        : [
            { content: '', is_correct: false },
            { content: '', is_correct: false },
          ],
    answers: type === 'EXACT' && ps.length ? ps.map((p) => ({ id: p.id, content: p.content })) : [{ content: '' }],
    tests:
      type === 'ALGORITHM' && ps.length
        ? ps.map((p) => ({ id: p.id, stdin: p.stdin, expected_output: p.expected_output, is_hidden: p.is_hidden === 1, weight: p.weight }))
        : [blankTest()],
    expected: type === 'MATH' ? (ps[0]?.content ?? '') : '',
  };
}

const num = (v: number | string) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The API body of the form (only what the chosen type uses). */
export function toBody(v: QuestionFormValues, version?: number): QuestionInput {
  const algorithm = v.type === 'ALGORITHM';
  const cpu = num(v.cpu_seconds);
  const mem = num(v.memory_mb);
  const possible_solutions =
    v.type === 'QCM'
      ? v.choices.map((c) => ({ id: c.id, content: c.content, is_correct: (c.is_correct ? 1 : 0) as 0 | 1 }))
      : v.type === 'EXACT'
        ? v.answers.map((a) => ({ id: a.id, content: a.content, is_correct: 1 as const }))
        : algorithm
          ? v.tests.map((c) => ({ id: c.id, stdin: c.stdin, expected_output: c.expected_output, is_hidden: (c.is_hidden ? 1 : 0) as 0 | 1, weight: num(c.weight) ?? 1 }))
          : [{ content: v.expected, is_correct: 1 as const }];
  return {
    type: v.type,
    statement: v.statement,
    points: num(v.points) ?? 1,
    course_id: v.course_id ? Number(v.course_id) : null,
    chapter_id: v.course_id && v.chapter_id ? Number(v.chapter_id) : null,
    is_practice: v.is_practice ? 1 : 0,
    tags: v.tags,
    language: algorithm ? v.language : null,
    starter_code: algorithm ? v.starter_code : null,
    reference_solution: algorithm ? v.reference_solution : null,
    tolerance: v.type === 'EXACT' && v.tolerance_on ? { kind: v.tolerance_kind, value: num(v.tolerance_value) ?? 0 } : null,
    limits: algorithm && cpu !== undefined && mem !== undefined ? { cpu_seconds: cpu, memory_mb: mem } : null,
    possible_solutions,
    ...(version !== undefined ? { version } : {}),
  };
}

/** A field path of the API body (possible_solutions.2.content, tolerance.value…) as a path of this form. */
export function formPath(type: QuestionKind, path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'tolerance') return parts[1] === 'kind' ? 'tolerance_kind' : 'tolerance_value';
  if (parts[0] === 'limits') return parts[1] ?? 'cpu_seconds';
  if (parts[0] !== 'possible_solutions') return path;
  const list = type === 'QCM' ? 'choices' : type === 'EXACT' ? 'answers' : type === 'ALGORITHM' ? 'tests' : null;
  if (!list) return 'expected';
  if (parts.length === 1) return `${list}.root`;
  const field = parts[2] ?? (list === 'tests' ? 'root' : 'content');
  return `${list}.${parts[1]}.${list === 'tests' && field === 'content' ? 'root' : field}`;
}

/** Puts the API's (or the shared schema's) field messages on the form, translating the body's paths. */
function applyErrors(err: unknown, type: QuestionKind, setError: UseFormSetError<QuestionFormValues>) {
  if (!isApiError(err)) return;
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(err.errors ?? {})) {
    const key = formPath(type, k);
    errors[key] = [...(errors[key] ?? []), ...(v ?? [])];
  }
  applyApiErrors(new ApiError(err.status, err.message, errors), setError);
}

export function QuestionForm({
  question,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
}: {
  question?: Question;
  submitLabel: string;
  onSubmit: (body: QuestionInput) => Promise<unknown>;
  onCancel: () => void;
  extraActions?: React.ReactNode;
}) {
  const helper = useHelper();
  const courses = useCourseOptions();
  const tags = useQuestionTags();
  const form = useForm<QuestionFormValues>({ defaultValues: toForm(question) });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useUnsavedChanges(isDirty && !isSubmitting);

  const type = useWatch({ control, name: 'type' });
  const courseId = useWatch({ control, name: 'course_id' });
  const chapters = useCourseChapters(courseId ? Number(courseId) : null);

  const typeLabel = (k: QuestionKind) => helper.data?.QUESTION_TYPE.find((x) => x.value === k)?.label ?? QUESTION_KIND_LABELS[k];
  const languageOptions = (helper.data?.LANGAGE ?? [
    { value: 'PYTHON', label: 'Python' },
    { value: 'R', label: 'R' },
  ]).map((l) => ({ value: l.value, label: l.label }));
  const courseOptions = useMemo(() => (courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title })), [courses.data]);

  const validSubmit = handleSubmit(async (values) => {
    if (values.type === 'ALGORITHM' && (num(values.cpu_seconds) === undefined) !== (num(values.memory_mb) === undefined)) {
      setError(num(values.cpu_seconds) === undefined ? 'cpu_seconds' : 'memory_mb', { type: 'manual', message: t.limitsBoth }, { shouldFocus: true });
      return;
    }
    const body = toBody(values, question?.version);
    const checked = questionInputSchema.safeParse(body);
    if (!checked.success) {
      const errs: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.') || 'statement';
        errs[key] = [...(errs[key] ?? []), issue.message];
      }
      applyErrors(new ApiError(422, '', errs), values.type, setError);
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      applyErrors(err, values.type, setError);
    }
  });

  // Messages put by the last check or the server (list-level ones have no field to clear them) go before a new try.
  const submit = (e: React.FormEvent) => {
    clearErrors();
    return validSubmit(e);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={question ? t.editTitle : t.createTitle}>
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text fw={500} size="sm" id="question-type-label">
                    {t.type}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="question-type-label"
                    value={field.value}
                    onChange={(v) => field.onChange(v as QuestionKind)}
                    data={QUESTION_KINDS.map((k) => ({ value: k, label: typeLabel(k) }))}
                    fullWidth
                    orientation={undefined}
                    styles={{ root: { flexWrap: 'wrap' }, label: { whiteSpace: 'normal' } }}
                  />
                </Stack>
              )}
            />
            <RichTextField
              label={t.statement}
              required
              placeholder={t.statementPlaceholder}
              initialContent={question?.statement ?? ''}
              onChange={(html) => setValue('statement', html, { shouldDirty: true })}
              error={errors.statement?.message}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Controller
                control={control}
                name="points"
                render={({ field }) => (
                  <NumberInput
                    label={t.points}
                    description={t.pointsHint}
                    required
                    min={0.01}
                    max={1000}
                    step={0.5}
                    decimalScale={2}
                    decimalSeparator=","
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.points?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="course_id"
                render={({ field }) => (
                  <Select
                    label={t.course}
                    description={t.courseHint}
                    placeholder={t.coursePlaceholder}
                    clearable
                    searchable
                    data={courseOptions}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      setValue('chapter_id', null);
                    }}
                    error={errors.course_id?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="chapter_id"
                render={({ field }) => (
                  <Select
                    label={t.chapter}
                    placeholder={t.chapterPlaceholder}
                    clearable
                    disabled={!courseId}
                    data={(chapters.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.chapter_id?.message}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagsInput
                  label={t.tags}
                  placeholder={t.tagsPlaceholder}
                  data={(tags.data ?? []).map((x) => x.tag)}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                  maxTags={20}
                  error={errors.tags?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="is_practice"
              render={({ field }) => (
                <Switch
                  label={t.practice}
                  description={t.practiceHint}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  error={errors.is_practice?.message}
                />
              )}
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t.answerSection} — {typeLabel(type)}
            </Title>
            {type === 'QCM' ? <ChoicesField control={control} errors={errors} /> : null}
            {type === 'EXACT' ? <AnswersField control={control} errors={errors} register={register} /> : null}
            {type === 'ALGORITHM' ? <AlgorithmFields control={control} errors={errors} register={register} languageOptions={languageOptions} /> : null}
            {type === 'MATH' ? (
              <Controller
                control={control}
                name="expected"
                render={({ field }) => <MathInput label={t.expected} description={t.expectedHint} value={field.value} onChange={field.onChange} onSubmit={() => undefined} error={errors.expected?.message} />}
              />
            ) : null}
          </Stack>
        </Card>

        <Group justify="flex-end" gap="sm">
          {extraActions}
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Errors = ReturnType<typeof useForm<QuestionFormValues>>['formState']['errors'];
type Register = ReturnType<typeof useForm<QuestionFormValues>>['register'];

const rootMessage = (e: unknown): string | undefined => {
  const x = e as { message?: string; root?: { message?: string } } | undefined;
  return x?.root?.message ?? x?.message;
};

function ChoicesField({ control, errors }: { control: Control<QuestionFormValues>; errors: Errors }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'choices', keyName: 'key' });
  const choices = useWatch({ control, name: 'choices' });
  const correct = choices.filter((c) => c.is_correct).length;
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t.choices}
      </Text>
      <Text size="sm" c="dimmed">
        {correct === 0 ? t.noneHint : correct === 1 ? t.singleHint : t.multipleHint}
      </Text>
      {fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap">
          <Controller
            control={control}
            name={`choices.${i}.is_correct`}
            render={({ field }) => (
              <Checkbox mt={8} aria-label={t.choiceCorrect(i)} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} color="teal" />
            )}
          />
          <Controller
            control={control}
            name={`choices.${i}.content`}
            render={({ field }) => (
              <Textarea aria-label={t.choice(i)} placeholder={t.choice(i)} autosize minRows={1} style={{ flex: 1 }} {...field} error={errors.choices?.[i]?.content?.message} />
            )}
          />
          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.removeChoice(i)} disabled={fields.length <= QCM_MIN_CHOICES} onClick={() => remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.choices) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.choices)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={fields.length >= QCM_MAX_CHOICES} onClick={() => append({ content: '', is_correct: false })}>
          {t.addChoice}
        </Button>
      </Group>
    </Stack>
  );
}

function AnswersField({ control, errors, register }: { control: Control<QuestionFormValues>; errors: Errors; register: Register }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'answers', keyName: 'key' });
  const toleranceOn = useWatch({ control, name: 'tolerance_on' });
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {t.answers}
      </Text>
      <Text size="sm" c="dimmed">
        {t.answersHint}
      </Text>
      {fields.map((f, i) => (
        <Group key={f.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput aria-label={t.answer(i)} placeholder={t.answer(i)} style={{ flex: 1 }} {...register(`answers.${i}.content`)} error={errors.answers?.[i]?.content?.message} />
          <ActionIcon variant="subtle" color="red" mt={4} aria-label={t.removeAnswer(i)} disabled={fields.length <= 1} onClick={() => remove(i)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {rootMessage(errors.answers) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.answers)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append({ content: '' })}>
          {t.addAnswer}
        </Button>
      </Group>
      <Divider />
      <Controller
        control={control}
        name="tolerance_on"
        render={({ field }) => <Switch label={t.tolerance} description={t.toleranceHint} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
      />
      {toleranceOn ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="tolerance_kind"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="tolerance-kind-label">
                  {t.toleranceKind}
                </Text>
                <SegmentedControl
                  aria-labelledby="tolerance-kind-label"
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  data={[
                    { value: 'absolute', label: t.absolute },
                    { value: 'relative', label: t.relative },
                  ]}
                />
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="tolerance_value"
            render={({ field }) => (
              <NumberInput label={t.toleranceValue} description={t.toleranceValueHint} min={0} decimalScale={6} decimalSeparator="," value={field.value} onChange={field.onChange} error={errors.tolerance_value?.message} />
            )}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function AlgorithmFields({
  control,
  errors,
  register,
  languageOptions,
}: {
  control: Control<QuestionFormValues>;
  errors: Errors;
  register: Register;
  languageOptions: { value: string; label: string }[];
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'tests', keyName: 'key' });
  const language = useWatch({ control, name: 'language' }) ?? 'PYTHON';
  const reference = useWatch({ control, name: 'reference_solution' });
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Select label={t.language} required data={languageOptions} value={field.value} onChange={(v) => field.onChange(v)} allowDeselect={false} error={errors.language?.message} maw={260} />
        )}
      />
      <Controller
        control={control}
        name="starter_code"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.starterCode}
            </Text>
            <CodeEditor language={language} value={field.value} onChange={field.onChange} onRun={() => undefined} label={t.starterCode} minHeight="120px" />
            {errors.starter_code?.message ? (
              <Text c="var(--mantine-color-error)" size="sm">
                {errors.starter_code.message}
              </Text>
            ) : null}
          </Stack>
        )}
      />

      <Text fw={500} size="sm">
        {t.tests}
      </Text>
      {fields.map((f, i) => {
        const caseError = rootMessage(errors.tests?.[i]);
        return (
          <Paper key={f.key} withBorder p="sm" radius="md" component="section" aria-label={t.test(i)} style={errors.tests?.[i] ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t.test(i)}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t.moveUp(i)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t.moveDown(i)} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t.removeTest(i)} disabled={fields.length <= 1} onClick={() => remove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Textarea
                  label={t.stdin}
                  autosize
                  minRows={2}
                  maxRows={8}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...register(`tests.${i}.stdin`)}
                  error={errors.tests?.[i]?.stdin?.message}
                />
                <Textarea
                  label={t.expectedOutput}
                  autosize
                  minRows={2}
                  maxRows={8}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...register(`tests.${i}.expected_output`)}
                  error={errors.tests?.[i]?.expected_output?.message}
                />
              </SimpleGrid>
              <Group gap="lg" align="flex-end">
                <Controller
                  control={control}
                  name={`tests.${i}.is_hidden`}
                  render={({ field }) => <Switch label={t.hidden} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
                />
                <Controller
                  control={control}
                  name={`tests.${i}.weight`}
                  render={({ field }) => (
                    <NumberInput label={t.weight} min={0.01} max={1000} step={1} decimalScale={2} decimalSeparator="," w={110} value={field.value} onChange={field.onChange} error={errors.tests?.[i]?.weight?.message} />
                  )}
                />
              </Group>
              {caseError ? (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t.referenceRefused} role="alert">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {caseError}
                  </Text>
                </Alert>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {rootMessage(errors.tests) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.tests)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={fields.length >= 50} onClick={() => append(blankTest())}>
          {t.addTest}
        </Button>
      </Group>

      <Divider />
      <Text fw={500} size="sm">
        {t.limits}
      </Text>
      <Text size="sm" c="dimmed" mt={-8}>
        {t.limitsHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="cpu_seconds"
          render={({ field }) => (
            <NumberInput label={t.cpu(CPU.min, CPU.max)} min={CPU.min} max={CPU.max} allowDecimal={false} clampBehavior="strict" value={field.value} onChange={field.onChange} error={errors.cpu_seconds?.message} />
          )}
        />
        <Controller
          control={control}
          name="memory_mb"
          render={({ field }) => (
            <NumberInput label={t.memory(MEM.min, MEM.max)} min={MEM.min} max={MEM.max} allowDecimal={false} step={64} value={field.value} onChange={field.onChange} error={errors.memory_mb?.message} />
          )}
        />
      </SimpleGrid>

      <Divider />
      <Controller
        control={control}
        name="reference_solution"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t.reference}
            </Text>
            <Text size="sm" c="dimmed">
              {t.referenceHint}
            </Text>
            <CodeEditor language={language} value={field.value} onChange={field.onChange} onRun={() => undefined} label={t.reference} minHeight="160px" />
            {errors.reference_solution?.message ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {errors.reference_solution.message}
                </Text>
              </Alert>
            ) : null}
          </Stack>
        )}
      />
      {!reference?.trim() ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t.referenceMissing}
        </Alert>
      ) : null}
    </Stack>
  );
}
