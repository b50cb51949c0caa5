// The signals only the browser sees, reported for the attempt's journal (docs/examens.md « Journal d'une
// composition »): the exam page left and found again (another tab, another window), the network lost and back.
// Recorded for staff, never sanctioned; sent every few seconds, kept here while the network is away.
import { useEffect, useRef } from 'react';
import type { ExamClientEventsInput } from '@exam/shared';
import { api, isApiError } from '@/lib/api-client';

type Signal = ExamClientEventsInput['events'][number];
const SEND_EVERY_MS = 5000;
/** A page left open for hours offline keeps at most this many signals. */
const KEEP_MAX = 200;
/** Refusals another try would not change (the attempt is over, the exam gone): those signals are let go. */
const isFinalRefusal = (e: unknown) => isApiError(e) && [400, 404, 409, 422].includes(e.status);

/**
 * `active`: the attempt runs on this page (signals are taken); `online`: the network as the page itself sees it
 * (the browser's events and the calls to the server that fail).
 */
export function useJournalSignals(examId: number, serverNow: () => number, active: boolean, online: boolean) {
  const queue = useRef<Signal[]>([]);
  const away = useRef(false);
  const now = useRef(serverNow);
  now.current = serverNow;
  const exam = useRef(examId);
  exam.current = examId;
  const push = useRef((type: Signal['type']) => {
    queue.current = [...queue.current, { type, at: new Date(now.current()).toISOString() }].slice(-KEEP_MAX);
  });
  const sending = useRef(false);
  const send = useRef(async () => {
    if (sending.current || queue.current.length === 0) return;
    sending.current = true;
    const batch = queue.current.slice(0, 50);
    try {
      await api.post(`/student/exams/${exam.current}/events`, { events: batch }, { silent: true });
      queue.current = queue.current.slice(batch.length);
    } catch (e) {
      // Kept for the next try (the network is away, or the server is), unless no try can succeed.
      if (isFinalRefusal(e)) queue.current = queue.current.slice(batch.length);
    } finally {
      sending.current = false;
    }
  });

  // Focus: only while the attempt runs.
  useEffect(() => {
    if (!active) return;
    const leave = () => {
      if (away.current) return;
      away.current = true;
      push.current('FOCUS_LOST');
    };
    const back = () => {
      if (!away.current) return;
      away.current = false;
      push.current('FOCUS_BACK');
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
    };
  }, [active]);

  // The network, as the page sees it: a cut beyond the student's own connection (the room's, the server's) fires
  // no browser event, yet the page is offline. Each change said once; the return of a network lost while the
  // attempt ran is said even when the page has locked meanwhile (the deadline passed offline).
  const reported = useRef(true);
  useEffect(() => {
    if (online === reported.current || (!online && !active)) return;
    reported.current = online;
    push.current(online ? 'ONLINE' : 'OFFLINE');
    if (online) void send.current();
  }, [online, active]);

  // Sending goes on after the page locks: what was noted before the lock still reaches the journal.
  useEffect(() => {
    const deliver = send.current;
    const timer = window.setInterval(() => void deliver(), SEND_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      void deliver();
    };
  }, []);
}
