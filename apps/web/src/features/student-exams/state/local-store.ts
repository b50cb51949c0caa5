// What the exam screen keeps in the browser so that nothing typed is lost: one draft per question (written at every
// keystroke, marked pending until the server saved it) and the queue of submissions not yet acknowledged by the
// server. Keys carry the user and the exam, so two students on one computer, or two exams, never mix. Times are
// estimates of the SERVER's clock (local time corrected by the skew measured on the questions call), comparable with
// the server's draft time.
import { isBlankAnswer, type QuestionKind } from '@exam/shared';
import { examKeyPrefix } from '@/lib/storage';
import { KIND_FACTS } from '@/question-kinds/facts';

/** The part of the Storage interface used here (tests pass an in-memory one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LocalDraft {
  value: unknown;
  /** When it was typed, on the server's clock (ms). */
  at: number;
  /** Typed here and not yet saved on the server: sent before signing out, kept in this browser until it leaves. */
  pending?: true;
}

export interface QueuedSubmission {
  /** Chosen here (crypto.randomUUID): a retry, a double send or a second tab is counted once by the server. */
  submission_id: string;
  question_id: number;
  answer: unknown;
  /** When the student pressed « Soumettre », on the server's clock (ms). */
  queued_at: number;
}

/** An answer the server refused because it arrived after the end: kept here, sent to be kept there, never dropped. */
export interface LateSubmission extends QueuedSubmission {
  /** The server's words when it refused it. */
  refusal: string;
  /** True once the server has kept it for staff to decide. */
  kept: boolean;
}

export const draftKey = (userId: number, examId: number, questionId: number) => `${examKeyPrefix(userId, examId)}draft:${questionId}`;
export const queueKey = (userId: number, examId: number) => `${examKeyPrefix(userId, examId)}queue`;
export const lateKey = (userId: number, examId: number) => `${examKeyPrefix(userId, examId)}late`;
export const flagsKey = (userId: number, examId: number) => `${examKeyPrefix(userId, examId)}flags`;

function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readJson<T>(store: KeyValueStore | null, key: string): T | null {
  if (!store) return null;
  try {
    const raw = store.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(store: KeyValueStore | null, key: string, value: unknown): boolean {
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Storage full or refused (private mode): the server copy still protects the work.
    return false;
  }
}

export function createExamStore(userId: number, examId: number, store: KeyValueStore | null = browserStore()) {
  const qKey = queueKey(userId, examId);
  const readQueue = (): QueuedSubmission[] => {
    const q = readJson<QueuedSubmission[]>(store, qKey);
    return Array.isArray(q) ? q.filter((s) => s && typeof s.submission_id === 'string' && typeof s.question_id === 'number') : [];
  };
  return {
    readDraft(questionId: number): LocalDraft | null {
      const d = readJson<LocalDraft>(store, draftKey(userId, examId, questionId));
      return d && typeof d.at === 'number' && 'value' in d ? d : null;
    },
    writeDraft(questionId: number, draft: LocalDraft): boolean {
      return writeJson(store, draftKey(userId, examId, questionId), draft);
    },
    /**
     * The server has dealt with `value` (saved it as the draft, graded it as an answer, or refused it for good): the
     * draft is no longer pending, unless something else was typed since.
     */
    settleDraft(questionId: number, value: unknown): void {
      const d = this.readDraft(questionId);
      if (d?.pending && JSON.stringify(d.value) === JSON.stringify(value)) writeJson(store, draftKey(userId, examId, questionId), { value: d.value, at: d.at });
    },
    readQueue,
    readLate(): LateSubmission[] {
      const l = readJson<LateSubmission[]>(store, lateKey(userId, examId));
      return Array.isArray(l) ? l.filter((s) => s && typeof s.submission_id === 'string' && typeof s.question_id === 'number') : [];
    },
    /** Adds late answers or updates them (by submission id). */
    writeLate(items: LateSubmission[]): void {
      const byId = new Map(this.readLate().map((s) => [s.submission_id, s]));
      for (const item of items) byId.set(item.submission_id, item);
      writeJson(store, lateKey(userId, examId), [...byId.values()]);
    },
    /** Every local draft of these questions (for the emergency copy). */
    readDrafts(questionIds: number[]): Array<{ question_id: number } & LocalDraft> {
      return questionIds.flatMap((id) => {
        const d = this.readDraft(id);
        return d ? [{ question_id: id, ...d }] : [];
      });
    },
    /** The questions the student marked to come back to (a note to self, kept in this browser only). */
    readFlags(): number[] {
      const f = readJson<unknown>(store, flagsKey(userId, examId));
      return Array.isArray(f) ? f.filter((v): v is number => typeof v === 'number') : [];
    },
    writeFlags(ids: number[]): void {
      if (ids.length === 0) store?.removeItem(flagsKey(userId, examId));
      else writeJson(store, flagsKey(userId, examId), ids);
    },
    /** Adds a submission (read, append, write in one go: another tab's additions are kept). */
    enqueue(item: QueuedSubmission): void {
      const q = readQueue();
      if (!q.some((s) => s.submission_id === item.submission_id)) writeJson(store, qKey, [...q, item]);
    },
    /** Removes the submissions the server answered (or refused for good). */
    dequeue(ids: string[]): void {
      const gone = new Set(ids);
      const q = readQueue().filter((s) => !gone.has(s.submission_id));
      if (q.length === 0) store?.removeItem(qKey);
      else writeJson(store, qKey, q);
    },
  };
}
export type ExamStore = ReturnType<typeof createExamStore>;

/** The empty answer of a question: its kind's (no choice, no text, the starter code of a program). */
export function emptyAnswer(q: { type: QuestionKind; starter_code: string | null }): unknown {
  return KIND_FACTS[q.type].emptyAnswer(q);
}

/** A stored answer made safe for the question's input (its kind's shape: a list of ids for a QCM…), or null. */
export function normaliseAnswer(type: QuestionKind, value: unknown): unknown {
  return KIND_FACTS[type].normalise(value);
}

/**
 * The answer to show when the screen opens: the newer of this browser's draft and the server's draft (typed on
 * another device), else the last submission, else the empty answer.
 */
export function initialAnswer(
  q: { type: QuestionKind; starter_code: string | null; draft: unknown; draft_updated_at: string | null; last_answer: unknown },
  local: LocalDraft | null,
): unknown {
  const server = q.draft_updated_at ? normaliseAnswer(q.type, q.draft) : null;
  const mine = local ? normaliseAnswer(q.type, local.value) : null;
  if (mine !== null && (server === null || local!.at >= Date.parse(q.draft_updated_at!))) return mine;
  if (server !== null) return server;
  const last = normaliseAnswer(q.type, q.last_answer);
  if (last !== null) return last;
  return emptyAnswer(q);
}

/** True when there is nothing to send: no choice, or only spaces (the server's rule). */
export const isBlank = isBlankAnswer;
