// The case file (« dossier ») staff keep when they act on a pair or a cluster: it is flagged, staff add notes, the
// message they sent a student and the reply they got, then a decision (no action, or a mark changed with its reason:
// the copy's points on the question become the new ones, as a grader's mark).
// Each step is written in the journal of every attempt of the case, so that it appears in their appeal files; the
// journal names no other student (only how many other copies the case holds). Students never read a case file: once
// staff write to one, that student reads the messages sent to them and replies (student-messages.ts).
import type { FastifyBaseLogger } from 'fastify';
import { SIMILARITY_TEXTS as T, type SimilarityCase, type SimilarityCaseInput, type SimilarityCaseStepInput } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents } from '../exam-journal';
import { markByDecision } from '../human-grading';
import { programQuestion } from './service';
import type { Db } from '../../db/schema';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();

async function caseRows(db: Db, examId: number, caseId?: number) {
  let q = db.selectFrom('similarity_cases').selectAll().where('exam_id', '=', examId);
  if (caseId !== undefined) q = q.where('id', '=', caseId);
  const cases = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const ids = cases.map((c) => c.id);
  if (ids.length === 0) return [];
  const [members, steps] = await Promise.all([
    db
      .selectFrom('similarity_case_members as m')
      .innerJoin('exam_attempts as a', 'a.id', 'm.attempt_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('similarity_cases as c', 'c.id', 'm.case_id')
      .leftJoin('similarity_analyses as s', (j) => j.onRef('s.exam_id', '=', 'c.exam_id').onRef('s.question_id', '=', 'c.question_id'))
      .leftJoin('similarity_programs as p', (j) => j.onRef('p.analysis_id', '=', 's.id').onRef('p.attempt_id', '=', 'm.attempt_id'))
      .select(['m.case_id', 'm.attempt_id', 'u.id as user_id', 'u.last_name', 'u.first_name', 'u.student_number', 'p.auto'])
      .where('m.case_id', 'in', ids)
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .execute(),
    db.selectFrom('similarity_case_steps').selectAll().where('case_id', 'in', ids).orderBy('id').execute(),
  ]);
  return cases.map(
    (c): SimilarityCase => ({
      id: c.id,
      exam_id: c.exam_id,
      question_id: c.question_id,
      status: c.status,
      decision: c.decision,
      members: members
        .filter((m) => m.case_id === c.id)
        .map((m) => ({ attempt_id: m.attempt_id, user_id: m.user_id, last_name: m.last_name, first_name: m.first_name, student_number: m.student_number, from_draft: Number(m.auto ?? 0) === 1 })),
      steps: steps
        .filter((s) => s.case_id === c.id)
        .map((s) => ({ id: s.id, type: s.type, text: s.text, attempt_id: s.attempt_id, decision: s.decision, new_points: s.new_points === null ? null : Number(s.new_points), author: s.author, at: iso(s.at) })),
      created_at: iso(c.created_at),
    }),
  );
}

export async function listCases(ctx: AppContext, examId: number): Promise<SimilarityCase[]> {
  return caseRows(ctx.db, examId);
}

export async function showCase(ctx: AppContext, examId: number, caseId: number): Promise<SimilarityCase> {
  const [c] = await caseRows(ctx.db, examId, caseId);
  if (!c) throw notFound(T.caseNotFound);
  return c;
}

const nameOf = (u: SessionUser) => `${u.first_name} ${u.last_name}`;

/** The step in the journal of every attempt of the case (in order, each in its own chain). */
export async function journalStep(ctx: AppContext, c: SimilarityCase, step: { type: string; text: string; attempt_id: number | null; decision: string | null; new_points: number | null; author: string }) {
  for (const m of c.members) {
    await appendEvents(ctx, m.attempt_id, [
      {
        type: 'SIMILARITY_CASE',
        data: {
          case_id: c.id,
          question_id: c.question_id,
          step: step.type,
          text: step.text,
          // Whom a message or a reply concerns, seen from this attempt: itself, or another copy of the case (unnamed).
          concerns: step.attempt_id === null ? null : step.attempt_id === m.attempt_id ? 'SELF' : 'OTHER',
          decision: step.decision,
          new_points: step.attempt_id === m.attempt_id ? step.new_points : null,
          others: c.members.length - 1,
          author: step.author,
        },
      },
    ]);
  }
}

export async function createCase(ctx: AppContext, examId: number, input: SimilarityCaseInput, user: SessionUser): Promise<SimilarityCase> {
  await programQuestion(ctx, examId, input.question_id);
  const ids = [...new Set(input.attempt_ids)];
  const valid = await ctx.db
    .selectFrom('exam_attempts as a')
    .select('a.id')
    .where('a.exam_id', '=', examId)
    .where('a.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('exam_submissions as s').select('s.id').whereRef('s.attempt_id', '=', 'a.id').where('s.question_id', '=', input.question_id)),
        eb.exists(eb.selectFrom('exam_drafts as d').select('d.attempt_id').whereRef('d.attempt_id', '=', 'a.id').where('d.question_id', '=', input.question_id)),
      ]),
    )
    .execute();
  if (ids.length < 2 || valid.length !== ids.length) throw unprocessable({ attempt_ids: [T.membersInvalid] }, T.membersInvalid);
  const text = input.note || 'Programmes similaires signalés pour examen.';
  const author = nameOf(user);
  const id = await withTransaction(ctx.db, async (trx) => {
    const c = await trx.insertInto('similarity_cases').values({ exam_id: examId, question_id: input.question_id, created_by: user.id }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('similarity_case_members').values(ids.map((a) => ({ case_id: c.id, attempt_id: a }))).execute();
    await trx.insertInto('similarity_case_steps').values({ case_id: c.id, type: 'FLAG', text, author_id: user.id, author }).execute();
    return c.id;
  });
  const c = await showCase(ctx, examId, id);
  await journalStep(ctx, c, { type: 'FLAG', text, attempt_id: null, decision: null, new_points: null, author });
  return c;
}

export async function addStep(ctx: AppContext, examId: number, caseId: number, input: SimilarityCaseStepInput, user: SessionUser, log: FastifyBaseLogger): Promise<SimilarityCase> {
  const before = await showCase(ctx, examId, caseId);
  if (before.status === 'DECIDED') throw conflict(T.caseDecided);
  const attemptId = input.attempt_id ?? null;
  if (attemptId !== null && !before.members.some((m) => m.attempt_id === attemptId)) throw unprocessable({ attempt_id: [T.notMember] }, T.notMember);
  const author = nameOf(user);
  const step = {
    type: input.type,
    text: input.text,
    attempt_id: attemptId,
    decision: input.type === 'DECISION' ? (input.decision ?? null) : null,
    new_points: input.type === 'DECISION' && input.decision === 'MARK_CHANGED' ? (input.new_points ?? null) : null,
    author,
  };
  await withTransaction(ctx.db, async (trx) => {
    // The case row locked: two decisions at once cannot both pass the « still open » check.
    const open = await trx.selectFrom('similarity_cases').select('status').where('id', '=', caseId).forUpdate().executeTakeFirstOrThrow();
    if (open.status === 'DECIDED') throw conflict(T.caseDecided);
    await trx.insertInto('similarity_case_steps').values({ case_id: caseId, ...step, author_id: user.id }).execute();
    if (step.type === 'DECISION') await trx.updateTable('similarity_cases').set({ status: 'DECIDED', decision: step.decision }).where('id', '=', caseId).execute();
    // « Note modifiée » changes the mark: the question's points in that copy, as a grader's mark (kept by regrades).
    if (step.decision === 'MARK_CHANGED' && step.attempt_id !== null && step.new_points !== null) {
      await markByDecision(trx, { attemptId: step.attempt_id, questionId: before.question_id, points: step.new_points, comment: step.text, by: { id: user.id, name: author } });
    }
  });
  log.info({ case: caseId, step: step.type }, 'similarity: case step');
  await journalStep(ctx, before, step);
  return showCase(ctx, examId, caseId);
}
