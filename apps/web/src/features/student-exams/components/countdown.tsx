// The time left, from the server's deadline on the server's clock (the local clock corrected by its measured skew).
// It ticks every second visually, but a screen reader hears it only at 10, 5 and 1 minute(s) left and at the end.
import { useEffect, useRef, useState } from 'react';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.taking;

/** Minutes left at which the time is announced. */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/** "1:05:09", "04:59", "00:00". */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The threshold (in minutes) just crossed between two readings of the time left, if any. */
export function crossedThreshold(beforeMs: number, nowMs: number): number | null {
  for (const m of ANNOUNCE_AT_MINUTES) {
    const at = m * 60_000;
    if (beforeMs > at && nowMs <= at) return m;
  }
  return null;
}

export function Countdown({ deadline, serverNow, timeUp }: { deadline: number; serverNow: () => number; timeUp: boolean }) {
  const [left, setLeft] = useState(() => deadline - serverNow());
  const [announce, setAnnounce] = useState('');
  const previous = useRef(left);

  useEffect(() => {
    const tick = () => {
      const now = deadline - serverNow();
      const crossed = crossedThreshold(previous.current, now);
      if (crossed !== null) setAnnounce(t.announce(t.announceMinutes(crossed)));
      previous.current = now;
      setLeft(now);
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline, serverNow]);

  useEffect(() => {
    if (timeUp) setAnnounce(t.timeUpTitle);
  }, [timeUp]);

  const urgent = left <= 5 * 60_000;
  return (
    <>
      <Group gap={6} wrap="nowrap" data-testid="countdown">
        <IconClock size={20} aria-hidden="true" />
        {timeUp ? null : (
          <Text size="sm" fw={500}>
            {t.timeLeft}
          </Text>
        )}
        {/* role="timer" is not live: the ticking is not read out. */}
        <Text role="timer" fw={700} fz="lg" ff="monospace" c={timeUp || urgent ? 'red.8' : undefined}>
          {timeUp ? t.timeUpTitle : formatRemaining(left)}
        </Text>
      </Group>
      <VisuallyHidden aria-live="assertive" aria-atomic="true" data-testid="countdown-announce">
        {announce}
      </VisuallyHidden>
    </>
  );
}
