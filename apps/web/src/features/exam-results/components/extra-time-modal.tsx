// « Temps supplémentaire »: extra minutes for one student on this exam (0 removes them). The dialog says what will
// happen before anything is sent; the server recomputes a started attempt's deadline.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { EXAM_LIMITS, type ExamResultRow } from '@exam/shared';
import { fullName } from '@/components/format';
import { useExtraTime } from '../api/exam-results';
import { examResultsTexts } from '../texts';

const t = examResultsTexts.extraTime;

/** The student it is for: a results row, or a row of the live page. */
type ExtraTimeStudent = Pick<ExamResultRow, 'user_id' | 'first_name' | 'last_name' | 'extra_minutes' | 'extra_time_factor'>;

export function ExtraTimeModal({ examId, examTitle, row, onClose }: { examId: number; examTitle: string; row: ExtraTimeStudent | null; onClose: () => void }) {
  const mutation = useExtraTime(examId);
  const [minutes, setMinutes] = useState<number | string>(0);
  useEffect(() => {
    if (row) setMinutes(row.extra_minutes);
  }, [row]);
  const value = typeof minutes === 'number' ? minutes : Number.NaN;
  const valid = Number.isInteger(value) && value >= 0 && value <= EXAM_LIMITS.extraMinutesMax;
  // Nothing to confirm when the value is the student's current one (0 for a student who has none).
  const changed = valid && row !== null && value !== row.extra_minutes;
  const name = row ? fullName(row) : '';

  const submit = async () => {
    if (!row || !changed) return;
    await mutation
      .mutateAsync({ user_id: row.user_id, minutes: value })
      .then(onClose)
      .catch(() => undefined);
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title={t.title(name)} centered>
      {row ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t.current(row.extra_minutes, row.extra_time_factor)}</Text>
            <NumberInput
              label={t.minutes}
              description={t.minutesHelp}
              min={0}
              max={EXAM_LIMITS.extraMinutesMax}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              value={minutes}
              onChange={setMinutes}
              error={minutes !== '' && !valid ? t.minutesHelp : undefined}
              data-autofocus
            />
            {valid ? (
              <Text size="sm" fw={500} role="status">
                {changed ? t.confirm(name, value, examTitle) : t.unchanged(row.extra_minutes)}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t.cancel}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={!changed}>
                {t.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
