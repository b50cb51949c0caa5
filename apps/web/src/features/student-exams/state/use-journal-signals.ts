// The signals only the browser sees, reported for the attempt's journal (docs/examens.md « Journal d'une
// composition »): the exam page left and found again (another tab, another window), the network lost and back.
// Recorded for staff, never sanctioned; sent every few seconds, kept here while the network is away.
import { useEffect, useRef } from 'react';
import type { ExamClientEventsInput } from '@exam/shared';
import { api } from '@/lib/api-client';

type Signal = ExamClientEventsInput['events'][number];
const SEND_EVERY_MS = 5000;
/** A page left open for hours offline keeps at most this many signals. */
const KEEP_MAX = 200;

export function useJournalSignals(examId: number, serverNow: () => number, active: boolean) {
  const queue = useRef<Signal[]>([]);
  const away = useRef(false);
  const now = useRef(serverNow);
  now.current = serverNow;

  useEffect(() => {
    if (!active) return;
    const push = (type: Signal['type']) => {
      queue.current = [...queue.current, { type, at: new Date(now.current()).toISOString() }].slice(-KEEP_MAX);
    };
    const leave = () => {
      if (away.current) return;
      away.current = true;
      push('FOCUS_LOST');
    };
    const back = () => {
      if (!away.current) return;
      away.current = false;
      push('FOCUS_BACK');
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    let sending = false;
    const send = async () => {
      if (sending || queue.current.length === 0) return;
      sending = true;
      const batch = queue.current.slice(0, 50);
      try {
        await api.post(`/student/exams/${examId}/events`, { events: batch }, { silent: true });
        queue.current = queue.current.slice(batch.length);
      } catch {
        // Kept for the next try (the network is away, or the server is).
      } finally {
        sending = false;
      }
    };
    const offline = () => push('OFFLINE');
    const online = () => {
      push('ONLINE');
      void send();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const timer = window.setInterval(() => void send(), SEND_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      window.clearInterval(timer);
      void send();
    };
  }, [examId, active]);
}
