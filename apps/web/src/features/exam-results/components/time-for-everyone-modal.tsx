// « Temps ajouté pour tous » from the live page: a share of the duration added for every student (the same rule as
// in the exam's access rules, saved with them). The dialog says what will happen before anything is sent; the server
// recomputes the deadline of every attempt in progress.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { EXAM_ACCESS_LIMITS } from '@exam/shared';
import { useSaveTimeForEveryone, useTimeForEveryone } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.everyone;

export function TimeForEveryoneModal({ examId, examTitle, opened, onClose }: { examId: number; examTitle: string; opened: boolean; onClose: () => void }) {
  const rules = useTimeForEveryone(examId);
  const save = useSaveTimeForEveryone(examId);
  const stored = rules.data?.time_bonus_percent;
  const [percent, setPercent] = useState<number | string>('');
  useEffect(() => {
    if (opened && stored !== undefined) setPercent(stored);
  }, [opened, stored]);
  const value = typeof percent === 'number' ? percent : Number.NaN;
  const valid = Number.isInteger(value) && value >= 0 && value <= EXAM_ACCESS_LIMITS.timeBonusMax;
  const changed = valid && stored !== undefined && value !== stored;

  const submit = async () => {
    if (!rules.data || !changed) return;
    await save
      .mutateAsync({ rules: rules.data, percent: value })
      .then(onClose)
      .catch(() => undefined);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {stored !== undefined ? <Text size="sm">{t.current(stored)}</Text> : null}
          <NumberInput
            label={t.percent}
            description={t.help}
            min={0}
            max={EXAM_ACCESS_LIMITS.timeBonusMax}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            value={percent}
            onChange={setPercent}
            error={percent !== '' && !valid ? t.help : undefined}
            disabled={!rules.data}
            data-autofocus
          />
          {valid && stored !== undefined ? (
            <Text size="sm" fw={500} role="status">
              {changed ? t.confirm(value, examTitle) : t.unchanged}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
