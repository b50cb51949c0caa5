// The jury date and retention of one year, in a dialog.
import { useState } from 'react';
import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { RetentionYear } from '@exam/shared';
import { isApiError } from '@/lib/api-client';
import { useSaveSettings } from '../api/retention';
import { retentionTexts as t } from '../texts';

export function SettingsForm({ year, onDone }: { year: RetentionYear; onDone: () => void }) {
  const [jury, setJury] = useState(year.jury_date ?? '');
  const [months, setMonths] = useState<number | string>(year.retention_months);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveSettings();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ id: year.id, input: { jury_date: jury.trim() || null, retention_months: Number(months) } });
      onDone();
    } catch (err) {
      if (isApiError(err)) setErrors(err.errors ?? {});
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput type="date" label={t.juryLabel} description={t.juryHint} value={jury} onChange={(e) => setJury(e.currentTarget.value)} error={errors.jury_date?.[0]} data-autofocus />
        <NumberInput label={t.monthsLabel} min={1} max={600} value={months} onChange={setMonths} error={errors.retention_months?.[0]} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
