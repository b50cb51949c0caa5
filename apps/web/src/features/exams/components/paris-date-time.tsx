// One instant of the exam editor (opening, closing) as two fields, Paris wall-clock time: the day from a calendar and
// the hour typed on 24 hours (« 1430 », « 14:30 », « 14h30 »). The hour is read from what was typed and nothing else:
// no digit left in a field, no AM/PM of the browser's language, can turn it into another hour; what cannot be read
// is refused under the field.
import { useState } from 'react';
import { Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { examsTexts } from '../texts';

const t = examsTexts.form;

/** A typed hour → `HH:mm`, or null when it is not an hour of the day. */
export function parseHour(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{1,2})\s*[:hH.]\s*(\d{2})$/.exec(s) ?? /^(\d{1,2})(\d{2})$/.exec(s) ?? /^(\d{1,2})\s*[hH]?()$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}` : null;
}

/** The form's value: `YYYY-MM-DD HH:mm:ss` in Paris time, or null while the day or the hour is missing. */
const split = (value: string | null): [string | null, string] => (value ? [value.slice(0, 10), value.slice(11, 16)] : [null, '']);
const join = (day: string | null, hour: string | null) => (day && hour ? `${day} ${hour}:00` : null);

export function ParisDateTime({
  label,
  timeLabel,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  timeLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
}) {
  // Each field keeps what was typed in it while the other is empty or unreadable.
  const [initialDay, initialHour] = split(value);
  const [day, setDay] = useState<string | null>(initialDay);
  const [typed, setTyped] = useState(initialHour);
  const [left, setLeft] = useState(false);
  const hour = parseHour(typed);
  const hourError = left && typed.trim() !== '' && !hour ? t.hourInvalid : undefined;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <DatePickerInput
        label={label}
        description={t.dayHint}
        required
        valueFormat="DD/MM/YYYY"
        value={day}
        onChange={(d) => {
          setDay(d);
          onChange(join(d, hour));
        }}
        onBlur={onBlur}
        error={error}
        // Back on the field once a day is chosen: the hour is the next Tab.
        popoverProps={{ withinPortal: true, returnFocus: true }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <TextInput
        label={timeLabel}
        description={t.timeZoneHint}
        required
        placeholder="hh:mm"
        autoComplete="off"
        value={typed}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setTyped(next);
          setLeft(false);
          onChange(join(day, parseHour(next)));
        }}
        onBlur={() => {
          setLeft(true);
          if (hour) setTyped(hour);
          onBlur?.();
        }}
        error={hourError ?? (error ? true : undefined)}
        w="9rem"
      />
    </Group>
  );
}
