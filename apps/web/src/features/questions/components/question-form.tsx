// The question editor (create and edit): the general card (type, statement, points, course and chapter, tags,
// practice flag), then the fields of the chosen kind (src/question-kinds: QCM choices, EXACT accepted answers…),
// then the optional generator of a parameterised question. Checked with the shared schema before sending; the server's French messages land next to
// their fields (a refused reference solution next to its case, a refused variant under the generator).
import { useForm, useWatch } from 'react-hook-form';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { QUESTION_KIND_LABELS, questionInputSchema, type Question, type QuestionInput, type QuestionKind } from '@exam/shared';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useHelper } from '@/session';
import { ApiError } from '@/lib/api-client';
import { questionsTexts } from '../texts';
import { GeneratorCard } from './generator-card';
import { QuestionGeneralCard } from './question-general-card';
import { QUESTION_KINDS_UI, type QuestionFormValues } from '@/question-kinds';
import { applyErrors, toBody, toForm } from './question-form-values';

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
  const KindFields = QUESTION_KINDS_UI[type].editor.Fields;

  const typeLabel = (k: QuestionKind) => helper.data?.QUESTION_TYPE.find((x) => x.value === k)?.label ?? QUESTION_KIND_LABELS[k];
  const languageOptions = (helper.data?.LANGAGE ?? [
    { value: 'PYTHON', label: 'Python' },
    { value: 'R', label: 'R' },
  ]).map((l) => ({ value: l.value, label: l.label }));

  const validSubmit = handleSubmit(async (values) => {
    if (QUESTION_KINDS_UI[values.type].editor.check?.(values, setError) === false) return;
    const body = toBody(values, question?.version);
    const checked = questionInputSchema.safeParse(body);
    if (!checked.success) {
      const errs: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.') || 'statement';
        errs[key] = [...(errs[key] ?? []), issue.message];
      }
      applyErrors(new ApiError(422, '', errs), values, setError);
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      applyErrors(err, values, setError);
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
            <KindFields control={control} errors={errors} register={register} languageOptions={languageOptions} />
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
