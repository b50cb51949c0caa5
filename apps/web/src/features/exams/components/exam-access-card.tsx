// The exam editor's card of access rules: access code, allowed networks, one session per attempt, Safe Exam
// Browser (with its .seb file), verdicts hidden until the end, and time added for everyone. Saved on its own, and
// by « Publier » when changed and not saved yet.
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { examAccessRulesInputSchema, type ExamAccessRules, type ExamAccessRulesInput } from '@exam/shared';
import { DownloadButton } from '@/components/download-button';
import { PageSkeleton } from '@/components/loading-skeleton';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { isApiError, notifyError } from '@/lib/api-client';
import { sebConfigPath, useAccessRules, useSaveAccessRules } from '../api/access-rules';
import { examsTexts } from '../texts';

const t = examsTexts.access;

interface AccessFormValues {
  access_code: string;
  /** One range per line. */
  networks: string;
  single_session: boolean;
  seb_required: boolean;
  seb_config_key: string;
  /** One Browser Exam Key per line. */
  browser_exam_keys: string;
  seb_file_password: string;
  hide_verdicts: boolean;
  time_bonus_percent: number | string;
}

const toForm = (r?: ExamAccessRules): AccessFormValues => ({
  access_code: r?.access_code ?? '',
  networks: (r?.allowed_networks ?? []).join('\n'),
  single_session: r?.single_session === 1,
  seb_required: r?.seb_required === 1,
  seb_config_key: r?.seb_config_key ?? '',
  browser_exam_keys: (r?.seb_browser_exam_keys ?? []).join('\n'),
  seb_file_password: r?.seb_file_password ?? '',
  hide_verdicts: r?.hide_verdicts === 1,
  time_bonus_percent: r?.time_bonus_percent ?? 0,
});

const toBody = (v: AccessFormValues): ExamAccessRulesInput => ({
  access_code: v.access_code,
  allowed_networks: v.networks
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean),
  single_session: v.single_session ? 1 : 0,
  seb_required: v.seb_required ? 1 : 0,
  seb_config_key: v.seb_config_key,
  seb_browser_exam_keys: v.browser_exam_keys
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean),
  seb_file_password: v.seb_file_password,
  hide_verdicts: v.hide_verdicts ? 1 : 0,
  time_bonus_percent: v.time_bonus_percent === '' ? 0 : Number(v.time_bonus_percent),
});

/** The body's field names, on the form: every message about a range (a key) goes under the one text area. */
const formField = (path: string) => (path.startsWith('allowed_networks') ? 'networks' : path.startsWith('seb_browser_exam_keys') ? 'browser_exam_keys' : path.split('.')[0]);

// The shared schema checks the body; its messages go on the form's fields.
const resolver: Resolver<AccessFormValues> = async (values) => {
  const r = examAccessRulesInputSchema.safeParse(toBody(values));
  if (r.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of r.error.issues) {
    const field = formField(issue.path.join('.'));
    if (errors[field]) errors[field].message += ` ${issue.message}`;
    else errors[field] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors: errors as never };
};

/** Six characters easy to read out in a lecture hall (no 0/O, 1/I/L). */
function randomCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Saves the rules typed and not saved yet (nothing to do: true); false when they were refused, with a message. */
export type SaveUnsavedRules = () => Promise<boolean>;

interface CardProps {
  examId: number;
  hasDuration: boolean;
  /** Some question of the exam (as saved) allows several tries with a penalty per wrong one. */
  retriesWithPenalty?: boolean;
  onSaveHandle?: (save: SaveUnsavedRules | null) => void;
}

export function ExamAccessCard({ examId, hasDuration, retriesWithPenalty = false, onSaveHandle }: CardProps) {
  const query = useAccessRules(examId);
  if (query.isLoading) return <PageSkeleton lines={4} />;
  return <AccessForm key={query.data?.updated_at ?? 'none'} examId={examId} rules={query.data} hasDuration={hasDuration} retriesWithPenalty={retriesWithPenalty} onSaveHandle={onSaveHandle} />;
}

function AccessForm({ examId, rules, hasDuration, retriesWithPenalty, onSaveHandle }: CardProps & { rules?: ExamAccessRules }) {
  const save = useSaveAccessRules(examId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AccessFormValues>({ resolver, defaultValues: toForm(rules) });
  useUnsavedChanges(isDirty && !isSubmitting);
  const seb = useWatch({ control, name: 'seb_required' });
  const hidden = useWatch({ control, name: 'hide_verdicts' });
  const bonus = Number(useWatch({ control, name: 'time_bonus_percent' }) || 0);

  const store = async (values: AccessFormValues): Promise<boolean> => {
    try {
      await save.mutateAsync(toBody(values));
      return true;
    } catch (err) {
      // The toast says what went wrong; a field's own message goes under it (a range under the ranges).
      if (!isApiError(err)) return false;
      for (const [field, messages] of Object.entries(err.errors)) {
        setError(formField(field) as keyof AccessFormValues, { type: 'server', message: messages.join(' ') });
      }
      return false;
    }
  };
  const submit = handleSubmit(async (values) => void (await store(values)));

  // Publishing the exam saves the rules still in the form first: an exam never goes out without the rules shown.
  useEffect(() => {
    if (!onSaveHandle) return;
    onSaveHandle(async () => {
      if (!isDirty) return true;
      let saved = false;
      await handleSubmit(async (values) => {
        saved = await store(values);
      })();
      if (!saved) notifyError(t.notSavedBeforePublish, t.toast);
      return saved;
    });
    return () => onSaveHandle(null);
  });

  const toggle = (name: 'single_session' | 'seb_required' | 'hide_verdicts', label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Switch label={label} description={hint} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
    />
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="exam-access-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="exam-access-title">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t.code}
              description={t.codeHint}
              autoComplete="off"
              style={{ flex: '1 1 16rem' }}
              error={errors.access_code?.message}
              {...register('access_code')}
            />
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => setValue('access_code', randomCode(), { shouldDirty: true })}>
              {t.generate}
            </Button>
          </Group>
          <Textarea
            label={t.networks}
            description={t.networksHint}
            autosize
            minRows={2}
            maxRows={8}
            spellCheck={false}
            error={errors.networks?.message}
            {...register('networks')}
          />
          {toggle('single_session', t.singleSession, t.singleSessionHint)}
          {toggle('seb_required', t.seb, t.sebHint)}
          {seb ? (
            <Stack gap="xs" pl={{ base: 0, sm: 'xl' }}>
              <Group>
                <DownloadButton path={sebConfigPath(examId)} variant="light">
                  {t.sebDownload}
                </DownloadButton>
              </Group>
              <TextInput label={t.sebKey} description={t.sebKeyHint} autoComplete="off" spellCheck={false} error={errors.seb_config_key?.message} {...register('seb_config_key')} />
              <Textarea
                label={t.sebBrowserKeys}
                description={t.sebBrowserKeysHint}
                autosize
                minRows={2}
                maxRows={8}
                spellCheck={false}
                autoComplete="off"
                error={errors.browser_exam_keys?.message}
                {...register('browser_exam_keys')}
              />
              <TextInput label={t.sebPassword} description={t.sebPasswordHint} autoComplete="off" spellCheck={false} error={errors.seb_file_password?.message} {...register('seb_file_password')} />
            </Stack>
          ) : null}
          {toggle('hide_verdicts', t.hideVerdicts, t.hideVerdictsHint)}
          {hidden && retriesWithPenalty ? (
            // Accepted, not refused: a teacher may want it; but the student retries blind and pays for each wrong try.
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t.blindRetriesTitle} data-testid="blind-retries">
              {t.blindRetries}
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="time_bonus_percent"
            render={({ field }) => (
              <NumberInput
                label={t.bonus}
                description={t.bonusHint}
                min={0}
                max={100}
                allowDecimal={false}
                suffix=" %"
                maw={320}
                value={field.value}
                onChange={field.onChange}
                error={errors.time_bonus_percent?.message}
              />
            )}
          />
          {bonus > 0 && !hasDuration ? (
            <Alert color="yellow" variant="light">
              {t.noDuration}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
