// The state of one attempt on the exam screen: the answers being typed, their drafts (browser at every keystroke,
// server every few seconds when changed), the submissions queue (kept in the browser until the server answers, so
// a lost network or a closed tab loses nothing), the verdicts, the network status and the server's clock.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EXAM_GRACE_SECONDS, isPendingDetails, type ExamGradeResult, type GradeDetails, type QuestionState } from '@exam/shared';
import { isApiError } from '@/lib/api-client';
import { randomUuid } from '@/lib/storage';
import { fetchAttempt, saveDraft, sendSolutions, type QuestionsWithClock } from '../api/student-exams';
import { createExamStore, initialAnswer, isBlank, type QueuedSubmission } from './local-store';
import { useLateAnswers } from './use-late-answers';
import { gradedLater, useGradedLater, type LaterVerdict } from './use-graded-later';

import { ATTEMPT_CHECK_MS, DRAFT_SAVE_MS, RETRY_MS } from './timing';
const GRACE_MS = EXAM_GRACE_SECONDS * 1000;

export interface Verdict {
  is_valid: boolean;
  details: GradeDetails | null;
}

export type DraftStatus = 'local' | 'server';

/** A submission's id: a v4 UUID (also where crypto.randomUUID is missing, outside a secure context). */
export const newSubmissionId = randomUuid;

const isNetworkError = (e: unknown) => isApiError(e) && e.status === 0;
/** Refusals that another try would not change: the answer leaves the queue with its message. */
const isFinalRefusal = (e: unknown) => isApiError(e) && [400, 404, 409, 413, 422].includes(e.status);
/**
 * An access rule of the exam refused the call (403: another session holds the attempt, not the room's network, not
 * Safe Exam Browser): the answer stays queued and is sent again once the rule lets it through (unlocked…).
 */
const isAccessRefusal = (e: unknown) => isApiError(e) && e.status === 403;

/** Network status: the browser's own (online/offline events) and what the last call to the server taught. */
function useNetwork() {
  const [browserOnline, setBrowserOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const [reachable, setReachable] = useState(true);
  useEffect(() => {
    const on = () => {
      setBrowserOnline(true);
      setReachable(true);
    };
    const off = () => setBrowserOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return { online: browserOnline && reachable, browserOnline, setReachable };
}

export function useExamSession({ examId, userId, data }: { examId: number; userId: number; data: QuestionsWithClock }) {
  const store = useMemo(() => createExamStore(userId, examId), [userId, examId]);
  const skew = data.skew_ms;
  const serverNow = useCallback(() => Date.now() + skew, [skew]);
  // The server's deadline, as last heard: extra time granted meanwhile moves it.
  const [deadline, setDeadline] = useState(() => Date.parse(data.attempt.deadline));
  const { online, browserOnline, setReachable } = useNetwork();

  const [values, setValues] = useState<Record<number, unknown>>(() =>
    Object.fromEntries(data.questions.map((q) => [q.id, initialAnswer(q, store.readDraft(q.id))])),
  );
  const valuesRef = useRef(values);
  const [states, setStates] = useState<Record<number, QuestionState>>(() => Object.fromEntries(data.questions.map((q) => [q.id, q.state])));
  const [verdicts, setVerdicts] = useState<Record<number, Verdict | undefined>>(() =>
    Object.fromEntries(data.questions.filter((q) => q.last_is_valid !== null).map((q) => [q.id, { is_valid: q.last_is_valid!, details: q.details }])),
  );
  const [queue, setQueue] = useState<QueuedSubmission[]>(() => store.readQueue());
  /** Submissions stored per question (the limit counts them) and the last answer submitted (a draft differs from it). */
  const [tries, setTries] = useState<Record<number, number>>(() => Object.fromEntries(data.questions.map((q) => [q.id, q.tries])));
  const [lastSent, setLastSent] = useState<Record<number, string>>(() =>
    Object.fromEntries(data.questions.filter((q) => q.last_answer != null).map((q) => [q.id, JSON.stringify(q.last_answer)])),
  );
  const [refusals, setRefusals] = useState<Record<number, string | undefined>>({});
  const [draftStatus, setDraftStatus] = useState<Record<number, DraftStatus | undefined>>({});
  /** The attempt ended elsewhere (finished on another device): the server's message. */
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const [timeUp, setTimeUp] = useState(() => Date.now() + skew >= deadline || data.attempt.finished_at !== null);
  // Drafts typed here and not saved on the server (a sign-out without network kept them) are saved with the next
  // round; one older than the server's draft (typed since on another device) is not shown, and no longer pending.
  const [pendingAtOpen] = useState(
    () =>
      new Set(
        data.questions
          .filter((q) => {
            const d = store.readDraft(q.id);
            if (!d?.pending) return false;
            if (q.draft_updated_at === null || d.at >= Date.parse(q.draft_updated_at)) return true;
            store.writeDraft(q.id, { value: d.value, at: d.at });
            return false;
          })
          .map((q) => q.id),
      ),
  );
  const dirty = useRef(pendingAtOpen);
  const sending = useRef(false);
  const [sendingNow, setSendingNow] = useState(false);

  /** Asks the server for the attempt's deadline; true when it answered (a later deadline reopens the page). */
  const checkAttempt = useCallback(async (): Promise<boolean> => {
    try {
      const a = await fetchAttempt(examId);
      const next = Date.parse(a.deadline);
      setDeadline(next);
      setTimeUp(a.finished_at !== null || serverNow() >= next);
      return true;
    } catch {
      return false;
    }
  }, [examId, serverNow]);

  // The deadline passes: checked every second on the corrected clock (a long timer would drift or overflow). The
  // page never ends an attempt on its own clock alone: the server is asked first (extra time may have come); without
  // an answer (no network) the page locks, and opens again if the server later says the attempt goes on.
  useEffect(() => {
    if (timeUp) return;
    let asking = false;
    const id = window.setInterval(() => {
      if (asking || serverNow() < deadline) return;
      asking = true;
      void checkAttempt().then((answered) => {
        asking = false;
        if (!answered) setTimeUp(true);
      });
    }, 1000);
    return () => window.clearInterval(id);
  }, [timeUp, serverNow, deadline, checkAttempt]);

  // While the attempt runs (and for its grace after the deadline), its deadline is asked again every few seconds.
  useEffect(() => {
    if (closedMessage !== null || serverNow() > deadline + GRACE_MS) return;
    const id = window.setInterval(() => void checkAttempt(), ATTEMPT_CHECK_MS);
    return () => window.clearInterval(id);
  }, [closedMessage, serverNow, deadline, checkAttempt]);

  const locked = timeUp || closedMessage !== null;

  const setAnswer = useCallback(
    (questionId: number, value: unknown) => {
      if (locked) return;
      valuesRef.current = { ...valuesRef.current, [questionId]: value };
      setValues(valuesRef.current);
      store.writeDraft(questionId, { value, at: serverNow(), pending: true });
      dirty.current.add(questionId);
      setDraftStatus((s) => ({ ...s, [questionId]: 'local' }));
    },
    [locked, store, serverNow],
  );

  const applyResult = useCallback((r: ExamGradeResult) => {
    setTries((n) => ({ ...n, [r.question_id]: Math.max(n[r.question_id] ?? 0, r.tries) }));
    setRefusals((f) => ({ ...f, [r.question_id]: undefined }));
    // The exam hides verdicts until the attempt is over: the answer is recorded, nothing more is known here.
    if (r.is_valid === null) {
      setVerdicts((v) => ({ ...v, [r.question_id]: undefined }));
      setStates((s) => ({ ...s, [r.question_id]: 'ANSWERED' }));
      return;
    }
    const isValid = r.is_valid;
    setVerdicts((v) => ({ ...v, [r.question_id]: { is_valid: isValid, details: r.details } }));
    // The best result counts: a wrong answer after a right one leaves the question validated.
    // An answer waiting for a person (an essay) has no verdict yet.
    const waiting = isPendingDetails(r.details);
    setStates((s) => ({ ...s, [r.question_id]: isValid || s[r.question_id] === 'VALIDATED' ? 'VALIDATED' : waiting ? 'PENDING' : 'NOT_VALIDATED' }));
  }, []);

  // Answers kept while the runner was saturated: their verdicts are fetched as they come (use-graded-later.ts).
  const applyLater = useCallback((v: LaterVerdict) => {
    setVerdicts((x) => ({ ...x, [v.question_id]: v.is_valid === null ? undefined : { is_valid: v.is_valid, details: v.details } }));
    setStates((x) => ({ ...x, [v.question_id]: v.state }));
  }, []);
  const waitingLater = useMemo(
    () => Object.entries(verdicts).flatMap(([id, v]) => (states[Number(id)] === 'PENDING' && gradedLater(v?.details) ? [Number(id)] : [])),
    [verdicts, states],
  );
  useGradedLater(examId, waitingLater, applyLater, closedMessage !== null);

  const maxOf = useCallback((questionId: number) => data.questions.find((q) => q.id === questionId)?.max_submissions ?? 0, [data.questions]);

  const { late, refresh: refreshLate } = useLateAnswers(store, examId, browserOnline);

  /** Sends the queued submissions one by one, oldest first; stops at the first network failure. */
  const flush = useCallback(async (): Promise<number> => {
    if (sending.current) return store.readQueue().length;
    sending.current = true;
    setSendingNow(true);
    try {
      for (;;) {
        const next = store.readQueue()[0];
        if (!next) break;
        try {
          const [result] = await sendSolutions(examId, [{ question_id: next.question_id, answer: next.answer, submission_id: next.submission_id }]);
          store.dequeue([next.submission_id]);
          store.settleDraft(next.question_id, next.answer);
          setReachable(true);
          if (result) applyResult(result);
        } catch (e) {
          if (isAccessRefusal(e)) {
            setRefusals((f) => ({ ...f, [next.question_id]: (e as Error).message }));
            break;
          }
          if (isFinalRefusal(e)) {
            const message = (e as Error).message;
            // Refused because the attempt is over (it arrived after the end): kept, never dropped, for staff to decide.
            if (isApiError(e) && e.status === 409 && !e.errors.question_id) store.writeLate([{ ...next, refusal: message, kept: false }]);
            store.dequeue([next.submission_id]);
            store.settleDraft(next.question_id, next.answer);
            refreshLate();
            setRefusals((f) => ({ ...f, [next.question_id]: message }));
            // A 409 about the attempt (finished elsewhere) locks the page; one about this question (no try left) does not.
            if (isApiError(e) && e.status === 409 && !e.errors.question_id && serverNow() < deadline) setClosedMessage(message);
            if (isApiError(e) && e.errors.question_id) setTries((n) => ({ ...n, [next.question_id]: Math.max(n[next.question_id] ?? 0, maxOf(next.question_id)) }));
            continue;
          }
          if (isNetworkError(e)) setReachable(false);
          break;
        } finally {
          setQueue(store.readQueue());
        }
      }
    } finally {
      sending.current = false;
      setSendingNow(false);
      setQueue(store.readQueue());
    }
    return store.readQueue().length;
  }, [store, examId, applyResult, setReachable, serverNow, deadline, maxOf, refreshLate]);

  /** Submissions still allowed on a question, those waiting in the queue counted (null: no limit). */
  const triesLeft = useCallback(
    (questionId: number): number | null => {
      const max = data.questions.find((q) => q.id === questionId)?.max_submissions ?? null;
      if (max === null) return null;
      const waiting = store.readQueue().filter((s) => s.question_id === questionId).length;
      return Math.max(0, max - (tries[questionId] ?? 0) - waiting);
    },
    [data.questions, store, tries],
  );

  const submit = useCallback(
    (questionId: number) => {
      if (locked) return;
      const answer = valuesRef.current[questionId];
      if (isBlank(answer)) return;
      // A second press on the same answer while it waits (a double click) adds nothing.
      const same = JSON.stringify(answer);
      if (store.readQueue().some((s) => s.question_id === questionId && JSON.stringify(s.answer) === same)) return;
      if (triesLeft(questionId) === 0) return;
      store.enqueue({ submission_id: newSubmissionId(), question_id: questionId, answer, queued_at: serverNow() });
      setQueue(store.readQueue());
      setLastSent((l) => ({ ...l, [questionId]: same }));
      setRefusals((f) => ({ ...f, [questionId]: undefined }));
      void flush();
    },
    [locked, store, serverNow, flush, triesLeft],
  );

  /** Saves the changed drafts on the server (not graded); a failure keeps them marked for the next round. */
  const saveDrafts = useCallback(async () => {
    for (const questionId of [...dirty.current]) {
      const value = valuesRef.current[questionId];
      dirty.current.delete(questionId);
      try {
        await saveDraft(examId, questionId, value);
        store.settleDraft(questionId, value);
        setReachable(true);
        if (valuesRef.current[questionId] === value) setDraftStatus((s) => ({ ...s, [questionId]: 'server' }));
      } catch (e) {
        if (!dirty.current.has(questionId) && !isFinalRefusal(e)) dirty.current.add(questionId);
        if (isNetworkError(e)) {
          setReachable(false);
          return;
        }
        if (isApiError(e) && e.status === 409 && serverNow() < deadline) setClosedMessage(e.message);
      }
    }
  }, [examId, store, setReachable, serverNow, deadline]);

  // Drafts every few seconds while answers may change; queued submissions retried while the browser is online
  // (also during the grace after the deadline: they were pressed before it).
  useEffect(() => {
    if (locked || !browserOnline) return;
    const id = window.setInterval(() => void saveDrafts(), DRAFT_SAVE_MS);
    return () => window.clearInterval(id);
  }, [locked, browserOnline, saveDrafts]);

  const pending = queue.length;
  useEffect(() => {
    if (!browserOnline || pending === 0) return;
    void flush();
    const id = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(id);
  }, [browserOnline, pending, flush]);

  // Network back: drafts at once too.
  useEffect(() => {
    if (browserOnline && !locked) void saveDrafts();
  }, [browserOnline, locked, saveDrafts]);

  // Leaving the screen: one last try for the changed drafts (they are in this browser anyway).
  useEffect(() => () => void saveDrafts(), [saveDrafts]);

  const pendingByQuestion = useMemo(() => {
    const m: Record<number, number> = {};
    for (const s of queue) m[s.question_id] = (m[s.question_id] ?? 0) + 1;
    return m;
  }, [queue]);

  const [flags, setFlags] = useState<Set<number>>(() => new Set(store.readFlags()));
  const toggleFlag = useCallback(
    (questionId: number) => {
      setFlags((f) => {
        const next = new Set(f);
        if (!next.delete(questionId)) next.add(questionId);
        store.writeFlags([...next]);
        return next;
      });
    },
    [store],
  );

  const graceOver = () => serverNow() > deadline + GRACE_MS;

  /**
   * Questions whose typed answer was never submitted (it differs from the last one sent and waits in no queue): the
   * server grades it when the attempt ends, if the question still allows a try.
   */
  const unsent = useMemo(() => {
    const out = new Set<number>();
    for (const q of data.questions) {
      const v = values[q.id];
      if (isBlank(v) || v === q.starter_code || (pendingByQuestion[q.id] ?? 0) > 0) continue;
      if (lastSent[q.id] === JSON.stringify(v)) continue;
      if (q.max_submissions !== null && (tries[q.id] ?? 0) >= q.max_submissions) continue;
      out.add(q.id);
    }
    return out;
  }, [data.questions, values, pendingByQuestion, lastSent, tries]);

  return {
    questions: data.questions,
    attempt: data.attempt,
    deadline,
    serverNow,
    values,
    states,
    verdicts,
    refusals,
    draftStatus,
    pending,
    pendingByQuestion,
    tries,
    triesLeft,
    unsent,
    flags,
    toggleFlag,
    late,
    store,
    sendingNow,
    online,
    locked,
    timeUp,
    closedMessage,
    graceOver,
    setAnswer,
    submit,
    flush,
    saveDrafts,
  };
}
export type ExamSession = ReturnType<typeof useExamSession>;
