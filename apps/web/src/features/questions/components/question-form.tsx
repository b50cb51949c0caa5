// The question editor (create and edit): the general card (type, statement, points, course and chapter, tags,
// practice flag), then what each type needs: QCM choices, EXACT accepted answers and tolerance, ALGORITHM language,
// starter code, test cases, limits and reference solution, MATH expected expression; then the optional generator of
// a parameterised question. Checked with the shared schema before sending; the server's French messages land next to
// their fields (a refused reference solution next to its case, a refused variant under the generator).
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { QUESTION_KIND_LABELS, questionInputSchema, type Question, type QuestionInput, type QuestionKind } from '@exam/shared';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { MathInput } from '@/components/math-input';
import { useHelper } from '@/app/auth/session';
import { ApiError } from '@/lib/api-client';
import { questionsTexts } from '../texts';
import { AlgorithmFields } from './algorithm-fields';
import { AnswersField } from './answers-field';
import { ChoicesField } from './choices-field';
import { GeneratorCard } from './generator-card';
import { QuestionGeneralCard } from './question-general-card';
import { applyErrors, num, toBody, toForm, type QuestionFormValues } from './question-form-values';

const t = questionsTexts.form;

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
  const form = useForm<QuestionFormValues>({ defaultValues: toForm(question) });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useUnsavedChanges(isDirty && !isSubmitting);

  const type = useWatch({ control, name: 'type' });

  const typeLabel = (k: QuestionKind) => helper.data?.QUESTION_TYPE.find((x) => x.value === k)?.label ?? QUESTION_KIND_LABELS[k];
  const languageOptions = (helper.data?.LANGAGE ?? [
    { value: 'PYTHON', label: 'Python' },
    { value: 'R', label: 'R' },
  ]).map((l) => ({ value: l.value, label: l.label }));

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
        <QuestionGeneralCard control={control} errors={errors} setValue={setValue} initialStatement={question?.statement ?? ''} typeLabel={typeLabel} />

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

        <GeneratorCard control={control} errors={errors} getValues={getValues} setValue={setValue} />

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
