// Late answers: given before the end, delivered after it (an offline queue that reached the server too late) or
// brought by staff from a student's emergency copy. They are kept and never counted on their own; a member of staff
// attaches one to the attempt (graded then as a submission given at its time, outside the limit of submissions) or
// refuses it, with a reason; the row keeps who decided, when and why. An answer's time lies within the attempt (from
// its start to its actual end: « Terminer », the close, else its deadline), and the row keeps whether the solutions
// were visible to the student when it arrived. An emergency copy must name the account it is imported for, and
// cannot be dated in the future nor hold an answer dated after itself.
import {
  LATE_ANSWER_TEXTS as L,
  LATE_ANSWERS_MAX_PER_ATTEMPT,
  EXAM_GRACE_SECONDS,
  EXAM_TAKING_TEXTS as T,
  type EmergencyCopy,
  type ExamLateAnswersData,
  type LateAnswer,
  type LateDecision,
} from '@exam/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import type { SessionUser } from '../../lib/session-user';
import { findExamListItem, storedTryRules } from '../exams';
import { grade } from '../grading';
import { toGradable } from '../questions';
import type { StartedCall } from './call';
import { questionsOfDraw } from './pins';
import { attemptOver } from './drafts';
import type { Db } from '../../db/schema';
import { drawOf, findAttempt, type AttemptRow } from './repository';
import { recordAnswersIn, rulesOf, type GradedAnswer, type QuestionRule } from './submissions';

/** The exam page's clock follows the server's (corrected at each call): a few seconds off at most. */
const CLOCK_SLACK_MS = 5_000;

type LateInput = ExamLateAnswersData['answers'][number];

/** When the attempt actually ended: « Terminer » or the close (finished_at), else its deadline; still running, now. */
export function attemptEnd(attempt: Pick<AttemptRow, 'finished_at' | 'deadline'>, now = Date.now()): number {
  return attempt.finished_at ? attempt.finished_at.getTime() : Math.min(attempt.deadline.getTime(), now);
}

/** The student's result page shows the solutions now (the rule of showResult): the exam closed, shown after, the attempt over. */
function solutionsVisible(exam: { status: string; end_at: string; show_solutions_after_close: number }, attempt: AttemptRow, now = Date.now()): boolean {
  const closed = exam.status === 'CLOSED' || now > Date.parse(exam.end_at) + EXAM_GRACE_SECONDS * 1000;
  return closed && exam.show_solutions_after_close === 1 && attemptOver(attempt, { end_at: exam.end_at, status: exam.status === 'CLOSED' ? 'CLOSED' : 'PUBLISHED' }, now);
}

async function keep(db: Db, attempt: AttemptRow, answers: LateInput[], source: 'QUEUE' | 'FILE', shown: boolean): Promise<number> {
  // Only a question of the student's own draw.
  const inExam = new Set((await drawOf(db, attempt.id)).map((q) => q.question_id));
  if (answers.some((a) => !inExam.has(a.question_id))) throw unprocessable({ question_id: [T.questionNotInExam] }, T.questionNotInExam);
  // Given during the attempt: not before its start, not after its end.
  const early = attempt.started_at.getTime() - CLOCK_SLACK_MS;
  const late = attemptEnd(attempt) + CLOCK_SLACK_MS;
  if (answers.some((a) => Date.parse(a.given_at) < early || Date.parse(a.given_at) > late)) {
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
        solutions_visible: shown ? 1 : 0,
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
  return { kept: await keep(ctx.db, call.attempt, answers, 'QUEUE', solutionsVisible(call.exam, call.attempt)) };
}

/** Staff bring a student's emergency copy: its answers are kept as late answers of that student's attempt. */
export async function importEmergencyCopy(ctx: AppContext, examId: number, copy: EmergencyCopy) {
  if (copy.exam.id !== examId) throw unprocessable({ exam: [L.otherExam] }, L.otherExam);
  if (Date.parse(copy.made_at) > Date.now() + CLOCK_SLACK_MS) throw unprocessable({ made_at: [L.copyInFuture] }, L.copyInFuture);
  if (copy.answers.some((a) => Date.parse(a.given_at) > Date.parse(copy.made_at) + CLOCK_SLACK_MS)) throw unprocessable({ given_at: [L.answerAfterCopy] }, L.answerAfterCopy);
  // The copy names one account: its id and its address are those of the same student.
  const named = await ctx.db.selectFrom('users').select('email').where('id', '=', copy.student.id).executeTakeFirst();
  if (named && named.email.trim().toLowerCase() !== copy.student.email.trim().toLowerCase()) throw unprocessable({ student: [L.copyOtherStudent] }, L.copyOtherStudent);
  const attempt = await findAttempt(ctx.db, examId, copy.student.id);
  if (!attempt) throw unprocessable({ student: [L.noAttempt] }, L.noAttempt);
  // Answers the server already has from another student's attempt: the copy was made from theirs.
  const ids = copy.answers.map((a) => a.submission_id);
  if (ids.length > 0) {
    const theirs = await ctx.db
      .selectFrom('exam_submissions')
      .select('submission_id')
      .where('submission_id', 'in', ids)
      .where('attempt_id', '!=', attempt.id)
      .union(ctx.db.selectFrom('exam_late_answers').select('submission_id').where('submission_id', 'in', ids).where('attempt_id', '!=', attempt.id))
      .limit(1)
      .execute();
    if (theirs.length > 0) throw unprocessable({ student: [L.copyOtherStudent] }, L.copyOtherStudent);
  }
  const exam = await findExamListItem(ctx.db, examId);
  if (!exam) throw notFound('Examen introuvable.');
  // What reached the server in time is not late: only the rest is kept.
  const delivered = new Set(
    (await ctx.db.selectFrom('exam_submissions').select('submission_id').where('attempt_id', '=', attempt.id).execute()).map((r) => r.submission_id),
  );
  const rest = copy.answers.filter((a) => !delivered.has(a.submission_id));
  const kept = rest.length ? await keep(ctx.db, attempt, rest, 'FILE', solutionsVisible(exam, attempt)) : 0;
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
      'a.finished_at',
      'l.solutions_visible',
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
    attempt_ended_at: iso(r.finished_at ?? r.deadline),
    solutions_visible: r.solutions_visible === 1,
    matches_draft: Boolean(r.matches_draft),
    decision: r.decision,
    decided_by_name: r.decided_by_name,
    decided_at: r.decided_at ? iso(r.decided_at) : null,
    reason: r.reason,
    verdict: r.is_valid == null ? null : { is_valid: r.is_valid === 1, score: Number(r.score) },
  }));
}

/**
 * Attaches a late answer to its attempt or refuses it, once. An attached answer is graded first (programs run outside
 * any transaction); then the decision, the answer stored and the link between them are written in one transaction:
 * a failure anywhere leaves nothing changed, and a second member of staff deciding meanwhile gets a 409.
 */
export async function decideLateAnswer(ctx: AppContext, examId: number, lateId: number, actor: SessionUser, decision: LateDecision, reason: string): Promise<LateAnswer> {
  const found = await ctx.db
    .selectFrom('exam_late_answers as l')
    .innerJoin('exam_attempts as a', 'a.id', 'l.attempt_id')
    .select(['l.id', 'l.attempt_id', 'l.question_id', 'l.submission_id', 'l.answer', 'l.given_at', 'l.decision', 'a.user_id'])
    .where('l.id', '=', lateId)
    .where('a.exam_id', '=', examId)
    .executeTakeFirst();
  if (!found) throw notFound(L.notFound);
  if (found.decision !== null) throw conflict(L.alreadyDecided);
  const attempt = { id: found.attempt_id, exam_id: examId, user_id: found.user_id };
  let attach: { given: GradedAnswer; rules: Map<number, QuestionRule> } | undefined;
  if (decision === 'ATTACHED') {
    const draw = await drawOf(ctx.db, found.attempt_id);
    const q = (await questionsOfDraw(ctx.db, draw)).get(found.question_id);
    if (!q) throw notFound(T.notFound);
    const rules = rulesOf(draw, await storedTryRules(ctx.db, examId));
    const outcome = await grade(ctx, { userId: found.user_id, question: toGradable(q), answer: found.answer, exam: true });
    const given: GradedAnswer = {
      question_id: found.question_id,
      submission_id: found.submission_id,
      answer: found.answer,
      outcome,
      from_draft: false,
      byStaff: true,
      created_at: new Date(found.given_at as unknown as string),
      ip: null,
      user_agent: null,
    };
    attach = { given, rules };
  }
  await withTransaction(ctx.db, async (trx) => {
    const taken = await trx
      .updateTable('exam_late_answers')
      .set({ decision, decided_by: actor.id, decided_at: sql`now()`, reason })
      .where('id', '=', lateId)
      .where('decision', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw conflict(L.alreadyDecided);
    if (!attach) return;
    await recordAnswersIn(trx, attempt, [attach.given], attach.rules);
    const stored = await trx.selectFrom('exam_submissions').select('id').where('attempt_id', '=', found.attempt_id).where('submission_id', '=', found.submission_id).executeTakeFirst();
    await trx.updateTable('exam_late_answers').set({ exam_submission_id: stored?.id ?? null }).where('id', '=', lateId).execute();
  });
  const after = (await listLateAnswers(ctx.db, examId)).find((l) => l.id === lateId);
  if (!after) throw notFound(L.notFound);
  return after;
}

/** The exam exists (staff routes): a 404 otherwise. */
export async function assertExam(db: Db, examId: number): Promise<void> {
  if (!(await findExamListItem(db, examId))) throw notFound('Examen introuvable.');
}
