// The answers refused for arriving after the end, as kept in this browser: each one is sent to the server to be kept
// there for staff (retried while the browser is online), and stays here too (the emergency copy reads it).
import { useCallback, useEffect, useState } from 'react';
import { sendLateAnswers } from '../api/student-exams';
import { RETRY_MS } from './timing';
import type { ExamStore } from './local-store';

export function useLateAnswers(store: ExamStore, examId: number, online: boolean) {
  const [late, setLate] = useState(() => store.readLate());
  const refresh = useCallback(() => setLate(store.readLate()), [store]);

  const keep = useCallback(async () => {
    const waiting = store.readLate().filter((s) => !s.kept);
    if (waiting.length === 0) return;
    try {
      await sendLateAnswers(
        examId,
        waiting.map((s) => ({ question_id: s.question_id, answer: s.answer, submission_id: s.submission_id, given_at: new Date(s.queued_at).toISOString() })),
      );
      store.writeLate(waiting.map((s) => ({ ...s, kept: true })));
      refresh();
    } catch {
      // Kept here; the next round tries again.
    }
  }, [store, examId, refresh]);

  const waiting = late.some((s) => !s.kept);
  useEffect(() => {
    if (!online || !waiting) return;
    void keep();
    const id = window.setInterval(() => void keep(), RETRY_MS);
    return () => window.clearInterval(id);
  }, [online, waiting, keep]);

  return { late, refresh };
}
