// The time left, from the server's deadline on the server's clock (the local clock corrected by its measured skew).
// It ticks every second visually, but a screen reader hears it only at 30, 10, 5 and 1 minute(s) left and at the end.
// The student may hide it (a visible toggle, kept for the attempt in this browser): the thresholds are still announced.
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock, IconEye, IconEyeOff } from '@tabler/icons-react';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.taking;

/** Minutes left at which the time is announced. */
export const ANNOUNCE_AT_MINUTES = [30, 10, 5, 1] as const;

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

/** The threshold (in minutes) just crossed between two readings of the time left, if any (the smallest one). */
export function crossedThreshold(beforeMs: number, nowMs: number): number | null {
  let crossed: number | null = null;
  for (const m of ANNOUNCE_AT_MINUTES) {
    const at = m * 60_000;
    if (beforeMs > at && nowMs <= at) crossed = m;
  }
  return crossed;
}

/** Whether the student hid the timer of this attempt (kept in this browser for the attempt). */
function useTimerHidden(key: string): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => {
    try {
      return window.localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const toggle = () =>
    setHidden((h) => {
      try {
        if (h) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, '1');
      } catch {
        // Private browsing without storage: the choice lasts as long as the page.
      }
      return !h;
    });
  return [hidden, toggle];
}

export function Countdown({ deadline, serverNow, timeUp, attemptKey }: { deadline: number; serverNow: () => number; timeUp: boolean; attemptKey: string }) {
  const [left, setLeft] = useState(() => deadline - serverNow());
  const [announce, setAnnounce] = useState('');
  const [hidden, toggle] = useTimerHidden(`exam-timer-hidden:${attemptKey}`);
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
  const showTime = !hidden || timeUp;
  return (
    <>
      <Group gap={6} wrap="nowrap" data-testid="countdown">
        <IconClock size={20} aria-hidden="true" />
        {showTime ? (
          <>
            {timeUp ? null : (
              <Text size="sm" fw={500}>
                {t.timeLeft}
              </Text>
            )}
            {/* role="timer" is not live: the ticking is not read out. */}
            <Text role="timer" fw={700} fz="lg" ff="monospace" c={timeUp || urgent ? 'red.8' : undefined}>
              {timeUp ? t.timeUpTitle : formatRemaining(left)}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" title={t.timerHiddenHelp} data-testid="timer-hidden">
            {t.timerHidden}
            <VisuallyHidden>{` ${t.timerHiddenHelp}`}</VisuallyHidden>
          </Text>
        )}
        {timeUp ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            px={6}
            onClick={toggle}
            aria-pressed={hidden}
            aria-label={hidden ? t.showTimer : t.hideTimer}
            title={hidden ? t.showTimer : t.hideTimer}
            data-testid="timer-toggle"
          >
            {hidden ? <IconEye size={18} aria-hidden="true" /> : <IconEyeOff size={18} aria-hidden="true" />}
          </Button>
        )}
      </Group>
      <VisuallyHidden aria-live="assertive" aria-atomic="true" data-testid="countdown-announce">
        {announce}
      </VisuallyHidden>
    </>
  );
}
