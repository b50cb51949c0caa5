// Late answers: given before the end, delivered after it (an offline queue that reached the server too late) or
// brought by staff from a student's emergency copy. They are kept and never counted on their own; a member of staff
// attaches one to the attempt (graded then as a submission given at its time, outside the limit of submissions) or
// refuses it, with a reason; the row keeps who decided, when and why.
import {
  LATE_ANSWER_TEXTS as L,
  LATE_ANSWERS_MAX_PER_ATTEMPT,
  EXAM_TAKING_TEXTS as T,
  type EmergencyCopy,
  type ExamLateAnswersData,
  type LateAnswer,
  type LateDecision,
} from '@exam/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { findExamListItem, storedTryRules } from '../exams';
import { grade } from '../grading';
import { toGradable } from '../questions';
import type { StartedCall } from './call';
import { questionsOfDraw } from './pins';
import { attemptOver } from './drafts';
import type { Db } from '../../db/schema';
import { drawOf, findAttempt, type AttemptRow } from './repository';
import { recordAnswers, rulesOf } from './submissions';

/** A browser's clock may run a little ahead of the server's, even corrected. */
const CLOCK_SLACK_MS = 60_000;

type LateInput = ExamLateAnswersData['answers'][number];

async function keep(db: Db, attempt: AttemptRow, examId: number, answers: LateInput[], source: 'QUEUE' | 'FILE', latest: number): Promise<number> {
  // Only a question of the student's own draw.
  const inExam = new Set((await drawOf(db, attempt.id)).map((q) => q.question_id));
  if (answers.some((a) => !inExam.has(a.question_id))) throw unprocessable({ question_id: [T.questionNotInExam] }, T.questionNotInExam);
  const early = attempt.started_at.getTime() - CLOCK_SLACK_MS;
  if (answers.some((a) => Date.parse(a.given_at) < early || Date.parse(a.given_at) > latest + CLOCK_SLACK_MS)) {
    throw unprocessable({ given_at: [L.givenAtOutside] }, L.givenAtOutside);
  }
  const held = await db.selectFrom('exam_late_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
  if (Number(held.n) + answers.length > LATE_ANSWERS_MAX_PER_ATTEMPT) throw unprocessable({ answers: [L.tooMany] }, L.tooMany);
  const rows = await db
    .insertInto('exam_late_answers')
    .values(
      answers.map((a) => ({
        attempt_id: attempt.id,
        question_id: a.question_id,
        submission_id: a.submission_id,
        kind: a.kind ?? 'SUBMITTED',
        answer: JSON.stringify(a.answer ?? null),
        given_at: new Date(a.given_at),
        source,
      })),
    )
    .onConflict((oc) => oc.columns(['attempt_id', 'submission_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** The exam page keeps on the server the answers refused because they arrived after the end. */
export async function keepLateAnswers(ctx: AppContext, call: StartedCall, answers: LateInput[]) {
  if (!attemptOver(call.attempt, call.exam)) throw conflict(L.stillOpen);
  return { kept: await keep(ctx.db, call.attempt, call.exam.id, answers, 'QUEUE', Date.now()) };
}

/** Staff bring a student's emergency copy: its answers are kept as late answers of that student's attempt. */
export async function importEmergencyCopy(ctx: AppContext, examId: number, copy: EmergencyCopy) {
  if (copy.exam.id !== examId) throw unprocessable({ exam: [L.otherExam] }, L.otherExam);
  const attempt = await findAttempt(ctx.db, examId, copy.student.id);
  if (!attempt) throw unprocessable({ student: [L.noAttempt] }, L.noAttempt);
  // What reached the server in time is not late: only the rest is kept.
  const delivered = new Set(
    (await ctx.db.selectFrom('exam_submissions').select('submission_id').where('attempt_id', '=', attempt.id).execute()).map((r) => r.submission_id),
  );
  const rest = copy.answers.filter((a) => !delivered.has(a.submission_id));
  const kept = rest.length ? await keep(ctx.db, attempt, examId, rest, 'FILE', Date.parse(copy.made_at)) : 0;
  return { kept, user_id: copy.student.id };
}

export async function listLateAnswers(db: Db, examId: number): Promise<LateAnswer[]> {
  const rows = await db
    .selectFrom('exam_late_answers as l')
    .innerJoin('exam_attempts as a', 'a.id', 'l.attempt_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as d', 'd.id', 'l.decided_by')
    .leftJoin('exam_submissions as s', 's.id', 'l.exam_submission_id')
    .leftJoin('exam_attempt_questions as aq', (j) => j.onRef('aq.attempt_id', '=', 'l.attempt_id').onRef('aq.question_id', '=', 'l.question_id'))
    .leftJoin('exam_drafts as dr', (j) => j.onRef('dr.attempt_id', '=', 'l.attempt_id').onRef('dr.question_id', '=', 'l.question_id'))
    .select([
      'l.id',
      'a.user_id',
      'u.last_name',
      'u.first_name',
      'u.student_number',
      'l.question_id',
      'aq.position',
      'l.kind',
      'l.source',
      'l.answer',
      'l.given_at',
      'l.received_at',
      'a.deadline',
      sql<boolean>`coalesce(dr.answer = l.answer, false)`.as('matches_draft'),
      'l.decision',
      sql<string | null>`case when d.id is null then null else d.first_name || ' ' || d.last_name end`.as('decided_by_name'),
      'l.decided_at',
      'l.reason',
      's.is_valid',
      's.score',
    ])
    .where('a.exam_id', '=', examId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('l.given_at')
    .execute();
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    last_name: r.last_name,
    first_name: r.first_name,
    student_number: r.student_number,
    question_id: r.question_id,
    // Its number in the student's own exam.
    position: r.position ?? 0,
    kind: r.kind,
    source: r.source,
    answer: r.answer,
    given_at: iso(r.given_at),
    received_at: iso(r.received_at),
    deadline: iso(r.deadline),
    matches_draft: Boolean(r.matches_draft),
    decision: r.decision,
    decided_by_name: r.decided_by_name,
    decided_at: r.decided_at ? iso(r.decided_at) : null,
    reason: r.reason,
    verdict: r.is_valid == null ? null : { is_valid: r.is_valid === 1, score: Number(r.score) },
  }));
}

/**
 * Attaches a late answer to its attempt or refuses it, once. The decision is taken first (a second member of staff
 * gets a 409), then an attached answer is graded and stored; if grading cannot run, the decision is taken back.
 */
export async function decideLateAnswer(ctx: AppContext, examId: number, lateId: number, actor: SessionUser, decision: LateDecision, reason: string): Promise<LateAnswer> {
  const found = await ctx.db
    .selectFrom('exam_late_answers as l')
    .innerJoin('exam_attempts as a', 'a.id', 'l.attempt_id')
    .select(['l.id', 'l.attempt_id', 'l.question_id', 'l.submission_id', 'l.answer', 'l.given_at', 'a.user_id'])
    .where('l.id', '=', lateId)
    .where('a.exam_id', '=', examId)
    .executeTakeFirst();
  if (!found) throw notFound(L.notFound);
  const taken = await ctx.db
    .updateTable('exam_late_answers')
    .set({ decision, decided_by: actor.id, decided_at: sql`now()`, reason })
    .where('id', '=', lateId)
    .where('decision', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw conflict(L.alreadyDecided);
  if (decision === 'ATTACHED') {
    try {
      const draw = await drawOf(ctx.db, found.attempt_id);
      const q = (await questionsOfDraw(ctx.db, draw)).get(found.question_id);
      if (!q) throw notFound(T.notFound);
      const rules = rulesOf(draw, await storedTryRules(ctx.db, examId));
      const outcome = await grade(ctx, { userId: found.user_id, question: toGradable(q), answer: found.answer, exam: true });
      const attempt = { id: found.attempt_id, exam_id: examId, user_id: found.user_id };
      const given = { question_id: found.question_id, submission_id: found.submission_id, answer: found.answer, outcome, auto: false, byStaff: true };
      await recordAnswers(ctx, attempt, [{ ...given, created_at: new Date(found.given_at as unknown as string), ip: null, user_agent: null }], rules);
      const stored = await ctx.db
        .selectFrom('exam_submissions')
        .select('id')
        .where('attempt_id', '=', found.attempt_id)
        .where('submission_id', '=', found.submission_id)
        .executeTakeFirst();
      await ctx.db.updateTable('exam_late_answers').set({ exam_submission_id: stored?.id ?? null }).where('id', '=', lateId).execute();
    } catch (err) {
      await ctx.db.updateTable('exam_late_answers').set({ decision: null, decided_by: null, decided_at: null, reason: null }).where('id', '=', lateId).execute();
      throw err;
    }
  }
  const after = (await listLateAnswers(ctx.db, examId)).find((l) => l.id === lateId);
  if (!after) throw notFound(L.notFound);
  return after;
}

/** The exam exists (staff routes): a 404 otherwise. */
export async function assertExam(db: Db, examId: number): Promise<void> {
  if (!(await findExamListItem(db, examId))) throw notFound('Examen introuvable.');
}
