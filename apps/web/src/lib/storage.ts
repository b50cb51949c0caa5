// What the web app keeps in local storage: the session token, the message of a closed access window, and a student's
// exam answers (drafts, answers not yet acknowledged by the server), under keys carrying the user and the exam.
const TOKEN_KEY = 'token';
const ACCESS_MESSAGE_KEY = 'access_message';
const PREMIUM_MESSAGE_KEY = 'premium_message';
/** This browser's id for the exam room (sent with each call of an exam): kept across sign-outs, never sent elsewhere. */
const DEVICE_KEY = 'exam_device';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A v4 UUID: crypto.randomUUID where the page is a secure context, the same from random bytes elsewhere. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const storage = {
  getToken: (): string | null => safe(() => localStorage.getItem(TOKEN_KEY)),
  setToken: (token: string) => safe(() => localStorage.setItem(TOKEN_KEY, token)),
  /**
   * Logout, login and session end: everything goes, as the specification says ("clears storage"), but a student's
   * answers and drafts that the server has not acknowledged yet (and the other drafts of their exam): nothing typed is
   * dropped; they leave when that student opens the exam again on this browser. The browser's id stays too.
   */
  clear: () =>
    safe(() => {
      const kept = pendingExamEntries();
      const device = localStorage.getItem(DEVICE_KEY);
      if (device) kept.push([DEVICE_KEY, device]);
      localStorage.clear();
      for (const [k, v] of kept) localStorage.setItem(k, v);
    }),
  /**
   * This browser's id, made the first time: under « une seule session » an attempt stays with the browser it began
   * in, so signing out and in again here keeps it (storage.clear keeps the id). Null when storage is refused.
   */
  getDeviceId: (): string | null =>
    safe(() => {
      const known = localStorage.getItem(DEVICE_KEY);
      if (known && UUID.test(known)) return known;
      const made = randomUuid();
      localStorage.setItem(DEVICE_KEY, made);
      return made;
    }),
  getAccessMessage: (): string | null => safe(() => localStorage.getItem(ACCESS_MESSAGE_KEY)),
  setAccessMessage: (message: string) => safe(() => localStorage.setItem(ACCESS_MESSAGE_KEY, message)),
  getPremiumMessage: (): string | null => safe(() => localStorage.getItem(PREMIUM_MESSAGE_KEY)),
  setPremiumMessage: (message: string) => safe(() => localStorage.setItem(PREMIUM_MESSAGE_KEY, message)),
};

/** Prefix of one student's keys for one exam. */
export const examKeyPrefix = (userId: number, examId: number) => `exam:${userId}:${examId}:`;
/** The key of a student's queue of answers to send for one exam: user id, exam id. */
export const EXAM_QUEUE_KEY = /^exam:(\d+):(\d+):queue$/;

/** The key of a student's answers refused for arriving late for one exam (kept until they download or staff decide). */
const EXAM_LATE_KEY = /^exam:(\d+):(\d+):late$/;
/** The key of a student's draft of one question: user id, exam id, question id. */
export const EXAM_DRAFT_KEY = /^exam:(\d+):(\d+):draft:(\d+)$/;

/** True for a stored draft the server has not saved yet (local-store.ts marks it pending). */
export const isPendingDraft = (raw: string | null) => {
  try {
    return raw !== null && (JSON.parse(raw) as { pending?: unknown } | null)?.pending === true;
  } catch {
    return false;
  }
};

/**
 * The entries of every exam whose queue of answers to send, or of late answers, is not empty, or with a draft the
 * server has not saved: with the exam's drafts.
 */
function pendingExamEntries(): Array<[string, string]> {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k !== null) keys.push(k);
  }
  const prefixes = keys.flatMap((k) => {
    const draft = EXAM_DRAFT_KEY.exec(k);
    if (draft) return isPendingDraft(localStorage.getItem(k)) ? [examKeyPrefix(Number(draft[1]), Number(draft[2]))] : [];
    const m = EXAM_QUEUE_KEY.exec(k) ?? EXAM_LATE_KEY.exec(k);
    const v = m ? localStorage.getItem(k) : null;
    return m && v && v !== '[]' ? [examKeyPrefix(Number(m[1]), Number(m[2]))] : [];
  });
  return keys.filter((k) => prefixes.some((p) => k.startsWith(p))).map((k) => [k, localStorage.getItem(k) ?? '']);
}

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
