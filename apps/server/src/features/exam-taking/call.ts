// A student's call of one exam reads once what every step of it needs: the exam (if the student may see it) with
// its room rules and the student's attempt with its draw. One statement, shared by the guard of the room's rules,
// the service and the journal of the call: at the synchronised start of an exam, hundreds of students send
// drafts and answers every few seconds, and each statement is time the database and this process spend.
import type { FastifyRequest } from 'fastify';
import { EXAM_TAKING_TEXTS as T } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { findExamCallForStudent, type StoredAccessRules, type StudentExamCore } from '../exams';
import { attemptAlongside, attemptFromAlongside, type AttemptRow, type DrawRow } from './repository';

export interface ExamCall {
  exam: StudentExamCore;
  rules: StoredAccessRules;
  /** The student's attempt and the questions it was given; none before the start. */
  attempt: AttemptRow | undefined;
  draw: DrawRow[];
}

export interface StartedCall extends ExamCall {
  attempt: AttemptRow;
}

/** Read from the database, without the request's copy (a call that changed the attempt reads it again). */
export async function loadExamCall(ctx: AppContext, examId: number, user: SessionUser): Promise<ExamCall | undefined> {
  const found = await findExamCallForStudent(ctx.db, examId, user, attemptAlongside(user.id));
  if (!found) return undefined;
  const mine = await attemptFromAlongside(ctx.db, found.alongside);
  return { exam: found.exam, rules: found.rules, attempt: mine?.attempt, draw: mine?.draw ?? [] };
}

const loaded = new WeakMap<FastifyRequest, Promise<ExamCall | undefined>>();

/** The call's exam, rules and attempt, read at most once per request (undefined: not an exam this student sees). */
export function examCallOf(ctx: AppContext, req: FastifyRequest): Promise<ExamCall | undefined> {
  let call = loaded.get(req);
  if (!call) {
    const examId = (req.params as { id: number }).id;
    call = loadExamCall(ctx, examId, req.user!);
    loaded.set(req, call);
  }
  return call;
}

/** The exam of the call, or the 404 that says nothing of why (absent, draft, another parcours alike). */
export async function visibleCall(ctx: AppContext, req: FastifyRequest): Promise<ExamCall> {
  const call = await examCallOf(ctx, req);
  if (!call) throw notFound(T.notFound);
  return call;
}

/** The same, for a student who started: 409 before the start. */
export async function startedCall(ctx: AppContext, req: FastifyRequest): Promise<StartedCall> {
  const call = await visibleCall(ctx, req);
  if (!call.attempt) throw conflict(T.notStarted);
  return call as StartedCall;
}
