// Taking an exam: the rules of start, deadline, grace, drafts, graded submissions and results. Only the
// server's clock counts. A submission is graded outside any transaction (the sandbox takes time), then
// stored with the attempt's score in one transaction; a repeated submission id is the same submission.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  allowedMinutes,
  attemptDeadline,
  attemptScore,
  EXAM_GRACE_SECONDS,
  EXAM_TAKING_TEXTS as T,
  type ExamAttemptInfo,
  type ExamAttemptResult,
  type ExamGroup,
  type ExamQuestionsResult,
  type ExamShowResult,
  type ExamStartResult,
  type GradeDetails,
  type GradeResult,
  type QuestionState,
  type StudentExamBase,
  type StudentExamListItem,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { examCandidates, examSections, findExamForStudent, holdExamForStart, listExamsForStudent } from '../exams';
import { grade } from '../grading';
import { serverKind } from '../question-kinds';
import { toGradable, toStudentQuestion, variantSeedsOf } from '../questions';
import type { ExamCall, StartedCall } from './call';
import { questionsOfDraw } from './pins';
import {
  attemptsOf,
  accommodationsOf,
  drawOf,
  draftsOf,
  extraMinutes,
  extraMinutesOf,
  extraTimeFactor,
  findAttempt,
  finishAttempt,
  insertAttempt,
  insertDraw,
  progressOf,
  saveDraft,
  touchSeen,
  submissionsSoFar,
  type AttemptRow,
  type DrawRow,
  type QuestionProgress,
} from './repository';
import { drawQuestions } from './draw';
import { checkIn } from './contact';
import { attemptOver, settleDraftsOrLater } from './drafts';
import { gradeOrLater } from './grade-later';
import { holdsPeoplesMarks, marksPublished, unpublishedValidated, withoutUnpublishedMarks } from './marks-gate';
import { recordAnswers, rulesOf, type GradedAnswer, type RecordedResult } from './submissions';

const GRACE_MS = EXAM_GRACE_SECONDS * 1000;

/** Where the request came from, stored with the attempt and each submission. */
export interface Origin {
  ip: string | null;
  user_agent: string | null;
}

const attemptInfo = (a: AttemptRow): ExamAttemptInfo => ({
  started_at: a.started_at.toISOString(),
  deadline: a.deadline.toISOString(),
  finished_at: a.finished_at?.toISOString() ?? null,
});

const minutesOf = (m: number | null) => (m === null ? null : Math.round(m * 100) / 100);

function groupOf(exam: StudentExamBase, attempt: AttemptRow | undefined, now: number): ExamGroup {
  if (attempt?.finished_at || (attempt && now > attempt.deadline.getTime() + GRACE_MS)) return 'TERMINE';
  if (exam.status === 'CLOSED' || now >= Date.parse(exam.end_at)) return 'TERMINE';
  if (!attempt && now < Date.parse(exam.start_at)) return 'A_VENIR';
  return 'OUVERT';
}

export async function studentExams(ctx: AppContext, user: SessionUser): Promise<StudentExamListItem[]> {
  const exams = await listExamsForStudent(ctx.db, user);
  const attempts = await attemptsOf(ctx.db, user.id, exams.map((e) => e.id));
  const { extra_time_factor: factor, large_text } = await accommodationsOf(ctx.db, user.id);
  const extras = await extraMinutesOf(ctx.db, user.id, exams.map((e) => e.id));
  const now = Date.now();
  // A question validated by a person's mark counts once the exam's marks are published (marks-gate.ts).
  const hidden = await unpublishedValidated(ctx.db, [...attempts.values()].map((x) => x.id));
  return exams.map((e) => {
    const a = attempts.get(e.id);
    return {
      id: e.id,
      title: e.title,
      description: e.description,
      start_at: e.start_at,
      end_at: e.end_at,
      duration_minutes: e.duration_minutes,
      // A started attempt keeps the factor it started with: today's factor never rewrites its time.
      allowed_minutes: minutesOf(allowedMinutes({ duration_minutes: e.duration_minutes, extra_time_factor: a ? a.extra_time_factor : factor, extra_minutes: extras.get(e.id) ?? 0 })),
      total_points: e.total_points,
      max_submissions: e.max_submissions,
      wrong_try_penalty: e.wrong_try_penalty,
      status: e.status,
      group: groupOf(e, a, now),
      progress: { answered: a?.answered ?? 0, validated: a ? a.validated_count - (hidden.get(a.id) ?? 0) : 0, total: e.question_count },
      attempt: a ? attemptInfo(a) : null,
      large_text,
    };
  });
}

async function visibleExam(ctx: AppContext, examId: number, user: SessionUser): Promise<StudentExamBase> {
  const exam = await findExamForStudent(ctx.db, examId, user);
  if (!exam) throw notFound(T.notFound);
  return exam;
}

/** Starts the attempt (or gives back the one started): its times, and the attempt for the rules and the journal. */
export async function startExam(ctx: AppContext, call: ExamCall, user: SessionUser, origin: Origin): Promise<{ started: ExamStartResult; attempt: AttemptRow }> {
  const { exam } = call;
  const examId = exam.id;
  // Started already (a reload, a second tab): the same attempt, nothing written.
  const attempt = call.attempt ?? await withTransaction(ctx.db, async (trx) => {
    // Held against staff edits: a start and a change of the exam's questions never cross.
    const locked = await holdExamForStart(trx, examId);
    if (!locked) throw notFound(T.notFound);
    const existing = await findAttempt(trx, examId, user.id);
    if (existing) return existing;
    const now = new Date();
    if (locked.status !== 'PUBLISHED' || now.getTime() >= Date.parse(exam.end_at)) throw conflict(T.closed);
    if (now.getTime() < Date.parse(exam.start_at)) throw conflict(T.notOpenYet);
    const factor = await extraTimeFactor(trx, user.id);
    const extra = await extraMinutes(trx, examId, user.id);
    const deadline = attemptDeadline(now, new Date(exam.end_at), { duration_minutes: exam.duration_minutes, extra_time_factor: factor, extra_minutes: extra });
    // This student's own questions, drawn now and kept: no sandbox run here, whatever the questions.
    const [sections, candidates] = await Promise.all([examSections(trx, examId), examCandidates(trx, examId)]);
    // The variants were made at publication: one of each parameterised question's is drawn, none is made here.
    const seeds = await variantSeedsOf(trx, candidates.flatMap((c) => (c.question_version_id === null ? [] : [c.question_version_id])));
    const drawn = drawQuestions(sections, candidates, (versionId) => (versionId === null ? [] : (seeds.get(versionId) ?? [])));
    const maxScore = Math.round(drawn.reduce((t, d) => t + d.points, 0) * 100) / 100;
    const created = await insertAttempt(trx, { exam_id: examId, user_id: user.id, started_at: now, deadline, max_score: maxScore, extra_time_factor: factor, ...origin });
    // Another start of this student (a second tab) created it meanwhile, with its draw: that one stands.
    if (!created) {
      const other = await findAttempt(trx, examId, user.id);
      if (!other) throw conflict(T.notStarted);
      return other;
    }
    await insertDraw(trx, created.id, drawn);
    return created;
  });
  return {
    started: { started_at: attempt.started_at.toISOString(), deadline: attempt.deadline.toISOString(), server_time: new Date().toISOString() },
    attempt,
  };
}

/** An attempt that may still receive answers now (deadline + grace, not finished, its exam not closed). */
export function assertOpen(call: StartedCall): void {
  if (call.exam.status === 'CLOSED') throw conflict(T.examClosed);
  if (call.attempt.finished_at) throw conflict(T.finished);
  if (Date.now() > call.attempt.deadline.getTime() + GRACE_MS) throw conflict(T.timeUp);
}

function stateOf(p: QuestionProgress | undefined): QuestionState {
  if (!p) return 'UNANSWERED';
  if (p.pending) return 'PENDING';
  return p.validated ? 'VALIDATED' : 'NOT_VALIDATED';
}

export async function attemptQuestions(ctx: AppContext, call: StartedCall, user: SessionUser): Promise<ExamQuestionsResult> {
  const { exam, attempt, draw: order } = call;
  await touchSeen(ctx.db, attempt.id);
  const rules = rulesOf(order, exam);
  const stored = await questionsOfDraw(ctx.db, order);
  const drafts = await draftsOf(ctx.db, attempt.id);
  // A copy over may still read its questions: people's marks only once published (marks-gate.ts).
  const raw = await progressOf(ctx.db, attempt.id);
  const typeOf = (id: number) => stored.get(id)?.type;
  const progress = withoutUnpublishedMarks(raw, typeOf, !holdsPeoplesMarks(raw, typeOf) || (await marksPublished(ctx.db, exam.id)));
  const questions = order.flatMap((o) => {
    const q = stored.get(o.question_id);
    if (!q) return [];
    const p = progress.get(q.id);
    const d = drafts.get(q.id);
    return [
      {
        ...toStudentQuestion({ ...q, points: o.points }, user.id),
        draft: d?.answer ?? null,
        draft_updated_at: d?.updated_at.toISOString() ?? null,
        last_answer: p?.last_answer ?? null,
        last_is_valid: p ? p.last_valid : null,
        state: stateOf(p),
        details: (p?.last_details as GradeDetails | undefined) ?? null,
        tries: p?.tries ?? 0,
        max_submissions: rules.get(q.id)?.max_submissions ?? null,
        wrong_try_penalty: rules.get(q.id)?.wrong_try_penalty ?? 0,
        section_title: o.section_title?.trim() || null,
      },
    ];
  });
  return { attempt: attemptInfo(attempt), server_time: new Date().toISOString(), questions };
}

/** A question of the student's own draw (another question of the exam is not theirs to answer). */
export function drawnQuestion(call: StartedCall, questionId: number): DrawRow {
  const drawn = call.draw.find((o) => o.question_id === questionId);
  if (!drawn) throw unprocessable({ question_id: [T.questionNotInExam] }, T.questionNotInExam);
  return drawn;
}

export async function saveExamDraft(ctx: AppContext, call: StartedCall, questionId: number, answer: unknown) {
  assertOpen(call);
  drawnQuestion(call, questionId);
  const at = new Date();
  await saveDraft(ctx.db, call.attempt.id, questionId, answer, at);
  return { question_id: questionId, updated_at: at.toISOString() };
}

export async function runExamples(ctx: AppContext, call: StartedCall, user: SessionUser, questionId: number, answer: unknown, requestId?: string): Promise<GradeResult> {
  assertOpen(call);
  const q = (await questionsOfDraw(ctx.db, [drawnQuestion(call, questionId)])).get(questionId);
  if (!q) throw notFound(T.notFound);
  if (!serverKind(q.type).runsExamples) throw unprocessable({ question_id: [T.notAlgorithm] }, T.notAlgorithm);
  const outcome = await grade(ctx, { userId: user.id, requestId, question: toGradable(q), answer, visibleOnly: true, exam: true });
  return { question_id: questionId, is_valid: outcome.is_valid, details: outcome.details };
}

export async function submitSolutions(
  ctx: AppContext,
  call: StartedCall,
  user: SessionUser,
  answers: Array<{ question_id: number; answer: unknown; submission_id?: string }>,
  origin: Origin,
  requestId?: string,
): Promise<RecordedResult[]> {
  // The time is read once, when the request arrives: grading a program does not eat the grace period.
  const receivedAt = new Date();
  assertOpen(call);
  const { exam, attempt, draw: order } = call;
  const rules = rulesOf(order, exam);
  const bad = answers.filter((a) => !rules.has(a.question_id));
  if (bad.length > 0) throw unprocessable({ question_id: [T.questionNotInExam] }, T.questionNotInExam);
  const asked = new Set(answers.map((a) => a.question_id));
  const stored = await questionsOfDraw(ctx.db, order.filter((o) => asked.has(o.question_id)));
  const ids = answers.map((a) => (a.submission_id ?? randomUUID()).toLowerCase());
  const { tries, known: alreadyStored } = await submissionsSoFar(ctx.db, attempt.id, ids);

  // Every answer is graded first; a wrong shape (422), a used-up limit (409) or a runner failure then leaves
  // nothing written. An answer already stored (same submission id) is not graded again.
  const graded: GradedAnswer[] = [];
  for (const [i, a] of answers.entries()) {
    const submissionId = ids[i];
    const known = alreadyStored.get(submissionId);
    let outcome: GradedAnswer['outcome'];
    let later = false;
    if (known) {
      // recordAnswers gives back the stored result.
      outcome = { is_valid: known.is_valid, score: 0, details: known.details as GradeDetails, internal: undefined };
    } else {
      const max = rules.get(a.question_id)!.max_submissions;
      const used = (tries.get(a.question_id)?.tries ?? 0) + graded.filter((g) => g.question_id === a.question_id).length;
      if (max !== null && used >= max) throw conflict(T.noTriesLeft(max), { question_id: [T.noTriesLeft(max)] });
      const q = stored.get(a.question_id);
      if (!q) throw notFound(T.notFound);
      // A runner saturated by others never refuses the answer: it is kept and graded later (grade-later.ts).
      ({ outcome, later } = await gradeOrLater(ctx, { userId: user.id, requestId, question: toGradable(q), answer: a.answer, exam: true }));
    }
    graded.push({ question_id: a.question_id, submission_id: submissionId, answer: a.answer, outcome, created_at: receivedAt, from_draft: false, known: !!known, later, ...origin });
  }
  return recordAnswers(ctx, { id: attempt.id, exam_id: exam.id, user_id: user.id }, graded, rules);
}

/** The attempt's times as they stand now (its deadline moves when staff grant extra time). */
export async function attemptNow(ctx: AppContext, call: StartedCall): Promise<ExamAttemptResult> {
  const { attempt } = call;
  // The exam page asks every 10 s: its sign for the invigilators, and a gap since its last check journaled.
  await checkIn(ctx, call);
  return { ...attemptInfo(attempt), server_time: new Date().toISOString() };
}

export async function finishExam(ctx: AppContext, call: StartedCall, user: SessionUser, log?: FastifyBaseLogger): Promise<ExamAttemptInfo> {
  const { attempt } = call;
  const examId = call.exam.id;
  if (!attempt.finished_at) await finishAttempt(ctx.db, attempt.id, new Date());
  // What was typed and not submitted is graded now, so that the result page shows it at once; if grading fails,
  // the attempt is finished all the same and the sweep grades the drafts later.
  await settleDraftsOrLater(ctx, { id: attempt.id, exam_id: examId, user_id: user.id, finished: true }, log);
  const after = await findAttempt(ctx.db, examId, user.id);
  return attemptInfo(after ?? attempt);
}

export async function showResult(ctx: AppContext, examId: number, user: SessionUser, log?: FastifyBaseLogger): Promise<ExamShowResult> {
  const exam = await visibleExam(ctx, examId, user);
  let attempt = await findAttempt(ctx.db, examId, user.id);
  if (attempt && attemptOver(attempt, exam)) {
    // Over and not yet swept: its drafts are graded before the result is shown (later by the sweep if that fails).
    await settleDraftsOrLater(ctx, { id: attempt.id, exam_id: examId, user_id: user.id }, log);
    attempt = await findAttempt(ctx.db, examId, user.id);
  }
  // Nothing of the exam's content before the student's own start: without an attempt, no question at all.
  const order = attempt ? await drawOf(ctx.db, attempt.id) : [];
  const stored = await questionsOfDraw(ctx.db, order);
  // People's marks only once the teacher has published them (marks-gate.ts): until then, still waiting.
  const published = await marksPublished(ctx.db, examId);
  const progress = withoutUnpublishedMarks(attempt ? await progressOf(ctx.db, attempt.id) : new Map<number, QuestionProgress>(), (id) => stored.get(id)?.type, published);
  const closed = exam.status === 'CLOSED' || Date.now() > Date.parse(exam.end_at) + GRACE_MS;
  // Solutions only to a student whose own attempt is over (extra time may run past the closing), once closed.
  const solutionsShown = closed && exam.show_solutions_after_close === 1 && !!attempt && attemptOver(attempt, exam);
  const given = order.filter((o) => stored.has(o.question_id));
  const maxScore = given.reduce((t, o) => t + o.points, 0);
  // The one rule of a score (the staff results read the same): exact points summed, rounded once.
  const result = attemptScore(
    given.map((o) => ({ points: o.points, best: progress.get(o.question_id)?.top_score ?? 0, pending: progress.get(o.question_id)?.pending ?? false })),
    maxScore,
  );
  // Answers waiting for a person: the score is the automatic part, shown (« provisoire ») only if the exam says so.
  const scoreStatus = result.pending === 0 ? 'FINAL' : exam.show_provisional_score === 1 ? 'PROVISIONAL' : 'PENDING';
  const hidden = scoreStatus === 'PENDING';
  const validated = given.filter((o) => progress.get(o.question_id)?.validated).length;
  const questions = given.flatMap((o, i) => {
    const q = stored.get(o.question_id)!;
    const p = progress.get(q.id);
    const earned = p?.pending ? 0 : result.earned[i];
    return [
      {
        question: toStudentQuestion({ ...q, points: o.points }, user.id),
        state: stateOf(p),
        score: earned,
        // The answer that counted; the last one too when it is another (a worse one sent after it).
        answer: p?.best_answer ?? null,
        details: (p?.best_details as GradeDetails | undefined) ?? null,
        from_draft: p?.best_from_draft ?? false,
        last:
          p && p.last_id !== p.best_id
            ? { answer: p.last_answer, is_valid: p.last_valid, details: (p.last_details as GradeDetails | null) ?? null, from_draft: p.last_from_draft }
            : null,
        // The kind's correction (none for a program).
        solution: solutionsShown ? serverKind(q.type).solution(q) : null,
      },
    ];
  });
  return {
    exam: { id: exam.id, title: exam.title, status: exam.status, end_at: exam.end_at },
    attempt: attempt ? attemptInfo(attempt) : null,
    score: hidden ? null : result.score,
    max_score: attempt ? maxScore : exam.total_points,
    score_20: hidden ? null : result.score_20,
    score_status: scoreStatus,
    pending_count: result.pending,
    validated,
    total: attempt ? order.length : exam.question_count,
    solutions_shown: solutionsShown,
    questions,
  };
}
