// What a student reads of a similarity case, and their reply. Nothing of a case reaches a student until staff write to
// them (a MESSAGE step on their copy); then they read the messages sent to them and the replies given, and may reply
// while the case is open. They never read a flag, a note, another student's messages, nor who else the case names.
// A reply is a step of the case like the others: in its file for staff and in the journal of every copy of the case.
import { SIMILARITY_TEXTS as T, type StudentCase } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { journalStep, showCase } from './cases';

/** Replies one student may send in one case (a conversation, not a channel to flood). */
export const STUDENT_REPLIES_MAX = 20;

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();

/** The student's copies named by a case to which staff have written, newest case first. */
async function addressed(ctx: AppContext, userId: number, filter: { examId?: number; caseId?: number }) {
  let q = ctx.db
    .selectFrom('similarity_case_members as m')
    .innerJoin('similarity_cases as c', 'c.id', 'm.case_id')
    .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
    .innerJoin('exams as e', 'e.id', 'c.exam_id')
    .select(['c.id as case_id', 'c.exam_id', 'e.title as exam_title', 'c.question_id', 'c.status', 'c.decision', 'm.attempt_id'])
    .where('a.user_id', '=', userId)
    .where((eb) =>
      eb.exists(eb.selectFrom('similarity_case_steps as s').select('s.id').whereRef('s.case_id', '=', 'c.id').whereRef('s.attempt_id', '=', 'm.attempt_id').where('s.type', '=', 'MESSAGE')),
    );
  if (filter.examId !== undefined) q = q.where('c.exam_id', '=', filter.examId);
  if (filter.caseId !== undefined) q = q.where('c.id', '=', filter.caseId);
  return q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
}

export async function listStudentCases(ctx: AppContext, userId: number, examId?: number): Promise<StudentCase[]> {
  const rows = await addressed(ctx, userId, { examId });
  if (rows.length === 0) return [];
  const steps = await ctx.db
    .selectFrom('similarity_case_steps')
    .select(['case_id', 'type', 'text', 'attempt_id', 'new_points', 'author', 'author_id', 'at'])
    .where('case_id', 'in', rows.map((r) => r.case_id))
    .where('attempt_id', 'in', rows.map((r) => r.attempt_id))
    .where('type', 'in', ['MESSAGE', 'REPLY', 'DECISION'])
    .orderBy('id')
    .execute();
  const positions = await ctx.db
    .selectFrom('exam_attempt_questions')
    .select(['attempt_id', 'question_id', 'position'])
    .where('attempt_id', 'in', rows.map((r) => r.attempt_id))
    .execute();
  return rows.map((r) => {
    const own = steps.filter((s) => s.case_id === r.case_id && s.attempt_id === r.attempt_id);
    const decided = r.status === 'DECIDED';
    const decision = own.find((s) => s.type === 'DECISION');
    const position = positions.find((p) => p.attempt_id === r.attempt_id && p.question_id === r.question_id)?.position;
    return {
      case_id: r.case_id,
      exam_id: r.exam_id,
      exam_title: r.exam_title,
      question_position: position === undefined ? null : position + 1,
      open: !decided,
      decision: decided ? r.decision : null,
      new_points: decided && r.decision === 'MARK_CHANGED' && decision?.new_points != null ? Number(decision.new_points) : null,
      messages: own
        .filter((s) => s.type === 'MESSAGE' || s.type === 'REPLY')
        .map((s) => ({ type: s.type as 'MESSAGE' | 'REPLY', text: s.text, author: s.author, mine: s.type === 'REPLY' && s.author_id === userId, at: iso(s.at) })),
    };
  });
}

export async function replyToCase(ctx: AppContext, user: SessionUser, caseId: number, text: string): Promise<StudentCase> {
  const [row] = await addressed(ctx, user.id, { caseId });
  if (!row) throw notFound(T.studentCaseNotFound);
  if (row.status === 'DECIDED') throw conflict(T.studentCaseClosed);
  const author = `${user.first_name} ${user.last_name}`;
  await withTransaction(ctx.db, async (trx) => {
    // The case row locked: a decision taken meanwhile closes it before the reply, never after.
    const open = await trx.selectFrom('similarity_cases').select('status').where('id', '=', caseId).forUpdate().executeTakeFirstOrThrow();
    if (open.status === 'DECIDED') throw conflict(T.studentCaseClosed);
    const sent = await trx
      .selectFrom('similarity_case_steps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('case_id', '=', caseId)
      .where('type', '=', 'REPLY')
      .where('author_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(sent.n) >= STUDENT_REPLIES_MAX) throw conflict(`Vous avez déjà envoyé ${STUDENT_REPLIES_MAX} réponses dans ce dossier : l’équipe pédagogique vous recontactera si besoin.`);
    await trx.insertInto('similarity_case_steps').values({ case_id: caseId, type: 'REPLY', text, attempt_id: row.attempt_id, author_id: user.id, author }).execute();
  });
  await journalStep(ctx, await showCase(ctx, row.exam_id, caseId), { type: 'REPLY', text, attempt_id: row.attempt_id, decision: null, new_points: null, author });
  const [mine] = await listStudentCases(ctx, user.id, row.exam_id).then((all) => all.filter((c) => c.case_id === caseId));
  return mine;
}
