// What the web app keeps in local storage: the session token, the message of a closed access window, and a student's
// exam answers (drafts, answers not yet acknowledged by the server), under keys carrying the user and the exam.
const TOKEN_KEY = 'token';
const ACCESS_MESSAGE_KEY = 'access_message';
const PREMIUM_MESSAGE_KEY = 'premium_message';

export const storage = {
  getToken: (): string | null => safe(() => localStorage.getItem(TOKEN_KEY)),
  setToken: (token: string) => safe(() => localStorage.setItem(TOKEN_KEY, token)),
  /**
   * Logout, login and session end: everything goes, as the specification says ("clears storage"), but a student's
   * answers that the server has not acknowledged yet (and the drafts of their exam): nothing typed is dropped; they
   * leave when that student opens the exam again on this browser.
   */
  clear: () =>
    safe(() => {
      const kept = pendingExamEntries();
      localStorage.clear();
      for (const [k, v] of kept) localStorage.setItem(k, v);
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

/** The entries of every exam whose queue of answers to send, or of late answers, is not empty: with the exam's drafts. */
function pendingExamEntries(): Array<[string, string]> {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k !== null) keys.push(k);
  }
  const prefixes = keys.flatMap((k) => {
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
