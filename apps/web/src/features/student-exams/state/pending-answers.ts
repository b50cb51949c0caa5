// Answers a student pressed « Soumettre » on that the server has not acknowledged yet, and drafts typed since the last
// save, whatever the exam: sent before the student signs out; those that cannot leave (no network) stay in this
// browser, under the student's own keys, and leave at their next sign-in here (storage.clear keeps them; the exam page
// sends its queue and its pending drafts as soon as it opens).
import { isApiError } from '@/lib/api-client';
import { EXAM_DRAFT_KEY, EXAM_QUEUE_KEY, isPendingDraft } from '@/lib/storage';
import { saveDraft, sendSolutions } from '../api/student-exams';
import { createExamStore, type KeyValueStore } from './local-store';

function keysOf(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k !== null) keys.push(k);
  }
  return keys;
}

/** The exams of `userId` with answers waiting in this browser. */
function examsWithQueue(userId: number, store: Storage): number[] {
  return keysOf(store).flatMap((k) => {
    const m = EXAM_QUEUE_KEY.exec(k);
    return m && Number(m[1]) === userId ? [Number(m[2])] : [];
  });
}

/** The drafts of `userId` typed here and not saved on the server yet: exam and question. */
function pendingDrafts(userId: number, store: Storage): Array<{ examId: number; questionId: number }> {
  return keysOf(store).flatMap((k) => {
    const m = EXAM_DRAFT_KEY.exec(k);
    return m && Number(m[1]) === userId && isPendingDraft(store.getItem(k)) ? [{ examId: Number(m[2]), questionId: Number(m[3]) }] : [];
  });
}

/** Refused for good (exam over, question gone): the server has decided, as the exam page would be told. */
const refusedForGood = (e: unknown) => isApiError(e) && e.status !== 0 && e.status < 500 && e.status !== 429;

export interface PendingAnswers {
  /** Answers and drafts still waiting (the server could not be reached); storage.clear keeps them. */
  unsent: number;
  /** The server's reasons for the answers it refused for good (exam over…): the student is told before leaving. */
  refused: string[];
}

/** Sends every waiting answer of `userId`, oldest first per exam, then the drafts not saved yet; says what is left. */
export async function sendPendingAnswers(userId: number, store: Storage | null = typeof window !== 'undefined' ? window.localStorage : null): Promise<PendingAnswers> {
  if (!store) return { unsent: 0, refused: [] };
  let unsent = 0;
  const refused: string[] = [];
  /** Answers still queued: a draft holding the same answer is the same work, counted once. */
  const waiting = new Set<string>();
  for (const examId of examsWithQueue(userId, store)) {
    const exam = createExamStore(userId, examId, store as KeyValueStore);
    for (const next of exam.readQueue()) {
      try {
        await sendSolutions(examId, [{ question_id: next.question_id, answer: next.answer, submission_id: next.submission_id }]);
        exam.dequeue([next.submission_id]);
        exam.settleDraft(next.question_id, next.answer);
      } catch (e) {
        if (refusedForGood(e)) {
          exam.dequeue([next.submission_id]);
          exam.settleDraft(next.question_id, next.answer);
          refused.push((e as Error).message);
        } else break;
      }
    }
    const left = exam.readQueue();
    unsent += left.length;
    for (const q of left) waiting.add(`${examId}:${q.question_id}:${JSON.stringify(q.answer)}`);
  }
  let unreachable = false;
  for (const { examId, questionId } of pendingDrafts(userId, store)) {
    const exam = createExamStore(userId, examId, store as KeyValueStore);
    const draft = exam.readDraft(questionId);
    if (!draft || waiting.has(`${examId}:${questionId}:${JSON.stringify(draft.value)}`)) continue;
    if (!unreachable) {
      try {
        await saveDraft(examId, questionId, draft.value);
        exam.settleDraft(questionId, draft.value);
        continue;
      } catch (e) {
        if (refusedForGood(e)) {
          exam.writeDraft(questionId, { value: draft.value, at: draft.at });
          refused.push((e as Error).message);
          continue;
        }
        unreachable = true;
      }
    }
    unsent++;
  }
  return { unsent, refused };
}
