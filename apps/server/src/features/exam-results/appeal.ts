// The appeal file (« dossier de réclamation ») of one student's attempt, as a PDF staff can hand over or archive: the
// exam and the student, the attempt's times and score, each of the student's questions as they were given it
// (statement of their version and variant), every answer they gave with its time, verdict and points, then the
// attempt's journal with each event's hash and the last hash, and whether the chain is intact. Exam scripts are
// administrative documents a student may consult: this is that copy, with the evidence of how it came to be.
import type { ExamJournal, ExamStudentResult } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { readJournal } from '../exam-journal';
import { accessesOfAttempt } from '../access-log';
import { pinnedQuestions, pinKey, drawsOf } from '../exam-taking';
import type { AppealData, AppealFile } from './appeal-pdf';
import { renderInWorker } from './appeal-worker-pool';
import { studentResult } from './service';

export type { AppealFile } from './appeal-pdf';

/** What the file shows, read from the database; the PDF itself is drawn off the event loop (appeal-pdf.ts). */
export async function appealData(ctx: AppContext, examId: number, userId: number, author: string): Promise<AppealData> {
  const copy: ExamStudentResult = await studentResult(ctx.db, examId, userId);
  const journal: ExamJournal | null = copy.attempt ? await readJournal(ctx, examId, userId) : null;
  // The questions as this student was given them (their version and variant), for the full statements and choices.
  const draw = (await drawsOf(ctx.db, journal ? [journal.attempt_id] : [])).get(journal?.attempt_id ?? -1) ?? [];
  const given = await pinnedQuestions(ctx.db, draw);
  const questions: AppealData['questions'] = {};
  for (const d of draw) {
    const q = given.get(pinKey(d));
    if (q) questions[d.question_id] = q;
  }
  const accesses = await accessesOfAttempt(ctx.db, examId, userId);
  return { copy, journal, questions, author, accesses, made_at: new Date().toISOString() };
}

export async function buildAppealFile(ctx: AppContext, examId: number, userId: number, author: string): Promise<AppealFile> {
  return renderInWorker(await appealData(ctx, examId, userId, author));
}
