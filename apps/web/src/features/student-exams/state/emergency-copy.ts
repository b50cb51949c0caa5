// The emergency copy: one JSON file of what the student gave (answers refused for arriving late, answers still
// waiting to be sent, drafts), each with the time it was given, that they keep and staff may import. Its format is
// the shared emergencyCopySchema, which the server checks on import.
import { EMERGENCY_COPY_FORMAT, isBlankAnswer, type EmergencyCopy } from '@exam/shared';
import { saveBlob } from '@/lib/api-client';
import type { ExamStore } from './local-store';

/** A stable UUID for a draft (its question and time): the same draft in two downloads is one answer on import. */
export function draftSubmissionId(questionId: number, at: number): string {
  // cyrb128: four 32-bit hashes of the key.
  const key = `draft:${questionId}:${at}`;
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  const hex = [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function buildEmergencyCopy(input: {
  exam: { id: number; title: string };
  student: { id: number; name: string; email: string };
  /** The exam's question ids in order (their number is their place). */
  questionIds: number[];
  store: ExamStore;
  now: number;
}): EmergencyCopy {
  const number = new Map(input.questionIds.map((id, i) => [id, i + 1]));
  const iso = (ms: number) => new Date(ms).toISOString();
  const late = input.store.readLate().map((s) => ({ ...s, refusal: s.refusal as string | null }));
  const waiting = input.store.readQueue().map((s) => ({ ...s, refusal: null }));
  const submitted = [...late, ...waiting]
    .filter((s) => number.has(s.question_id))
    .map((s) => ({
      question_id: s.question_id,
      question_number: number.get(s.question_id)!,
      answer: s.answer ?? null,
      submission_id: s.submission_id,
      given_at: iso(s.queued_at),
      kind: 'SUBMITTED' as const,
      refusal: s.refusal,
    }));
  const drafts = input.store
    .readDrafts(input.questionIds)
    // A draft that is an answer already in the copy (typed, then submitted) adds nothing.
    .filter((d) => !isBlankAnswer(d.value) && !submitted.some((s) => s.question_id === d.question_id && JSON.stringify(s.answer) === JSON.stringify(d.value)))
    .map((d) => ({
      question_id: d.question_id,
      question_number: number.get(d.question_id)!,
      answer: d.value ?? null,
      submission_id: draftSubmissionId(d.question_id, d.at),
      given_at: iso(d.at),
      kind: 'DRAFT' as const,
      refusal: null,
    }));
  return { format: EMERGENCY_COPY_FORMAT, version: 1, exam: input.exam, student: input.student, made_at: iso(input.now), answers: [...submitted, ...drafts] };
}

/** Saves the copy as a file (the browser's download). */
export function downloadEmergencyCopy(copy: EmergencyCopy): string {
  const name = `copie-de-secours-examen-${copy.exam.id}-${copy.made_at.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  saveBlob(new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }), name);
  return name;
}
