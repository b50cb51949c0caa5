// Regrading an exam after a question was fixed (docs/examens.md « Recorrection »): every submission is graded
// again against the current question, one at a time (programs and maths through the runner, one case at a time,
// outside the students' run limit), the best result of each question and each score recomputed. A dry run writes
// nothing; applying writes the submissions, the scores and a regrade_log row per changed (student, question) in one
// transaction. One regrade of an exam at a time (409).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { attemptScore, EXAM_RESULTS_TEXTS as T, type ExamRegradeResult, type GradeDetails, type QuestionState, type RegradeChange } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, HttpError } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort } from '../exam-journal';
import { penalised, pinKey, pinnedQuestions, recomputeAttempt, repinDraws, rulesOf } from '../exam-taking';
import { examCandidates, setQuestionVersions, storedTryRules } from '../exams';
import { regrade, type GradableQuestion, type GradeOutcome } from '../grading';
import { serverKind } from '../question-kinds';
import { currentVersions, prepareVariants, toGradable, versionsByIds } from '../questions';
import { stateOf } from './book';
import { insertRegradeLog, lockAttempts, markedPairs, submissionsOf, updateSubmissionGrade, type RegradeLogEntry, type SubmissionRow } from './repository';
import { withRegradeLock } from './regrade-lock';
import { examBook } from './service';


/** Waits before retrying a program when the runner's queue is full (students come first). */
const BUSY_WAITS_MS = [500, 1000, 2000, 4000, 8000];

/** Details of an answer that the current question cannot grade any more (a removed choice, a wrong shape): the kind's. */
function ungradable(q: GradableQuestion): GradeOutcome {
  const details: GradeDetails = serverKind(q.type).ungradable(q, T.regradeUngradable);
  return { is_valid: false, score: 0, details };
}

/** The details without run durations: a program re-run gives other times, not another result. */
const comparable = (d: unknown) => JSON.stringify(d, (k, v) => (k === 'duration_ms' ? undefined : v));

async function gradeOnce(ctx: AppContext, actor: SessionUser, q: GradableQuestion, answer: unknown, log: FastifyBaseLogger, requestId: string): Promise<GradeOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await regrade(ctx, { userId: actor.id, requestId, log, question: q, answer });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 422) return ungradable(q);
      if (err instanceof HttpError && err.statusCode === 429 && attempt < BUSY_WAITS_MS.length) {
        await sleep(BUSY_WAITS_MS[attempt]);
        continue;
      }
      throw err;
    }
  }
}

interface VersionMove {
  question_id: number;
  position: number;
  version_id: number;
  parameterised: boolean;
  from: number | null;
  to: number;
}

/** Questions whose latest version is not the one the exam pinned; their variants made if they have a generator. */
async function versionMoves(ctx: AppContext, actor: SessionUser, examId: number, questions: ReadonlyArray<{ question_id: number; position: number }>): Promise<VersionMove[]> {
  const pinned = new Map((await examCandidates(ctx.db, examId)).map((c) => [c.question_id, c.question_version_id]));
  const latest = await currentVersions(
    ctx.db,
    questions.map((q) => q.question_id),
  );
  const changed = questions.filter((q) => latest.has(q.question_id) && latest.get(q.question_id)!.id !== pinned.get(q.question_id));
  if (changed.length === 0) return [];
  await prepareVariants(
    ctx,
    { userId: actor.id },
    changed.map((q) => q.question_id),
  );
  const before = await versionsByIds(
    ctx.db,
    changed.flatMap((q) => (pinned.get(q.question_id) == null ? [] : [pinned.get(q.question_id)!])),
  );
  return changed.map((q) => {
    const v = latest.get(q.question_id)!;
    const was = pinned.get(q.question_id);
    return { question_id: q.question_id, position: q.position, version_id: v.id, parameterised: !!v.snapshot.generator, from: was == null ? null : (before.get(was)?.number ?? null), to: v.number };
  });
}

interface Best {
  best: number;
  validated: boolean;
  pending?: boolean;
}

export async function regradeExam(
  ctx: AppContext,
  examId: number,
  actor: SessionUser,
  dryRun: boolean,
  log: FastifyBaseLogger,
  requestId: string,
): Promise<ExamRegradeResult> {
  return withRegradeLock(ctx.db, examId, () => run(ctx, examId, actor, dryRun, log, requestId));
}

async function run(ctx: AppContext, examId: number, actor: SessionUser, dryRun: boolean, log: FastifyBaseLogger, requestId: string): Promise<ExamRegradeResult> {
  const book = await examBook(ctx.db, examId);
  const started = book.rows.filter((r) => r.attempt);
  const subs = await submissionsOf(
    ctx.db,
    started.map((r) => r.attempt!.id),
  );
  // The versions applied: each question's latest, where it differs from the one the exam pinned (its variants made
  // first, in the sandbox, outside any transaction); the rest keep their pin.
  const moves = await versionMoves(ctx, actor, examId, book.questions);
  const moved = new Map(moves.map((m) => [m.question_id, m]));
  // Each answer is graded against the question as its attempt was given it (its version, its variant), with the
  // version the regrade applies.
  const pinOf = new Map(
    started.flatMap((r) =>
      r.draw.map((d) => {
        const m = moved.get(d.question_id);
        const pin = m ? { ...d, question_version_id: m.version_id, variant_seed: m.parameterised ? d.variant_seed : null } : d;
        if (m?.parameterised && pin.variant_seed === null) throw conflict(T.regradeNewGenerator(m.position));
        return [`${r.attempt!.id}:${d.question_id}`, pin] as const;
      }),
    ),
  );
  const pinned = await pinnedQuestions(ctx.db, [...pinOf.values()]);
  const gradable = new Map([...pinned].map(([key, q]) => [key, toGradable(q)]));

  const marked = await markedPairs(
    ctx.db,
    started.map((r) => r.attempt!.id),
  );
  // Grade every submission again, one at a time; the same answer to the same question is graded once.
  const cache = new Map<string, GradeOutcome>();
  const outcomes = new Map<number, GradeOutcome>();
  let programsRun = 0;
  for (const s of subs) {
    const pin = pinOf.get(`${s.attempt_id}:${s.question_id}`);
    const q = pin && gradable.get(pinKey(pin));
    if (!pin || !q) continue;
    // Answers graded by a person (essays), and any question a person marked (a decision on a similar program): a
    // regrade never touches them.
    if (serverKind(q.type).humanGraded || marked.has(`${s.attempt_id}:${s.question_id}`)) continue;
    const key = `${pinKey(pin)}\u0000${JSON.stringify(s.answer ?? null)}`;
    let outcome = cache.get(key);
    if (!outcome) {
      outcome = await gradeOnce(ctx, actor, q, s.answer, log, requestId);
      if (serverKind(q.type).usesRunner) programsRun += 1;
      cache.set(key, outcome);
    }
    outcomes.set(s.id, outcome);
  }
  // The exam's penalty per wrong try, counted again in order with the new verdicts (a try that becomes right stops costing).
  const rules = rulesOf([...pinOf.values()], await storedTryRules(ctx.db, examId));
  const wrongBefore = new Map<string, number>();
  const penalties = new Map<number, number>();
  for (const s of subs) {
    const o = outcomes.get(s.id);
    if (!o) continue;
    const key = `${s.attempt_id}:${s.question_id}`;
    const wrong = wrongBefore.get(key) ?? 0;
    const counted = penalised(o.score, wrong, rules.get(s.question_id)?.wrong_try_penalty ?? 0);
    outcomes.set(s.id, { ...o, score: counted.score });
    penalties.set(s.id, counted.penalty);
    wrongBefore.set(key, wrong + (o.is_valid ? 0 : 1));
  }
  const changedSubs: SubmissionRow[] = [];
  const rewritten: SubmissionRow[] = [];
  for (const s of subs) {
    const o = outcomes.get(s.id);
    if (!o) continue;
    const changed = o.is_valid !== s.is_valid || Math.abs(o.score - s.score) > 1e-6;
    if (changed) changedSubs.push(s);
    if (changed || comparable(o.details) !== comparable(s.details)) rewritten.push(s);
  }

  // Per student: the best of each question before (stored) and after (regraded).
  const changes: RegradeChange[] = [];
  const logRows: Omit<RegradeLogEntry, 'regraded_by'>[] = [];
  const maxPoints = book.exam.total_points;
  for (const row of started) {
    const mine = subs.filter((s) => s.attempt_id === row.attempt!.id);
    const after = new Map<number, Best>();
    for (const s of mine) {
      const o = outcomes.get(s.id) ?? { is_valid: s.is_valid, score: s.score };
      const prev = after.get(s.question_id);
      // A question waiting for a person stays so (the regrade does not grade it).
      after.set(s.question_id, { best: Math.max(prev?.best ?? 0, o.score), validated: (prev?.validated ?? false) || o.is_valid, pending: row.best.get(s.question_id)?.pending ?? false });
    }
    // The new score by the one rule of a score (the results book's): exact points summed, rounded once.
    const bests = book.questions.map((q, i) => (row.cells[i].drawn ? after.get(q.question_id) : undefined));
    const next = attemptScore(
      book.questions.map((q, i) => ({ points: q.points, best: bests[i]?.best ?? 0, pending: bests[i]?.pending ?? false })),
      maxPoints,
    );
    const newValidated = bests.filter((b) => b?.validated).length;
    const questions: RegradeChange['questions'] = [];
    book.questions.forEach((q, i) => {
      if (!row.cells[i].drawn) return;
      const b = bests[i];
      const earned = next.earned[i];
      const state: QuestionState = stateOf(b);
      const old = row.cells[i];
      if (old.state !== state || Math.abs(old.score - earned) > 0.001) {
        questions.push({ question_id: q.question_id, position: q.position, old_state: old.state, new_state: state, old_score: old.score, new_score: earned });
        logRows.push({ exam_id: examId, user_id: row.user_id, question_id: q.question_id, old_state: old.state, new_state: state, old_score: old.score, new_score: earned });
      }
    });
    if (questions.length > 0) {
      changes.push({
        user_id: row.user_id,
        last_name: row.last_name,
        first_name: row.first_name,
        student_number: row.student_number,
        old_score: row.score,
        new_score: next.score,
        old_score_20: row.score_20,
        new_score_20: next.score_20,
        old_validated: row.validated_count,
        new_validated: newValidated,
        questions,
      });
    }
  }

  if (!dryRun && (rewritten.length > 0 || moves.length > 0)) {
    const at = new Date();
    const points = new Map(book.questions.map((q) => [q.question_id, q.points]));
    await withTransaction(ctx.db, async (trx) => {
      // The same lock a student's submission takes on its attempt: the scores are recomputed from what is stored.
      await lockAttempts(trx, examId);
      for (const s of rewritten) {
        const o = outcomes.get(s.id)!;
        await updateSubmissionGrade(trx, s.id, { is_valid: o.is_valid, score: o.score, penalty: penalties.get(s.id) ?? 0, details: o.details, internal: o.internal });
      }
      for (const attemptId of new Set(rewritten.map((s) => s.attempt_id))) await recomputeAttempt(trx, attemptId, points);
      // From now on the exam and its attempts are pinned to the versions applied.
      await setQuestionVersions(trx, examId, new Map(moves.map((m) => [m.question_id, m.version_id])));
      for (const m of moves) await repinDraws(trx, examId, m.question_id, m.version_id, m.parameterised);
      await insertRegradeLog(
        trx,
        logRows.map((r) => ({ ...r, regraded_by: actor.id })),
        at,
      );
    });
    // Each changed copy's journal says it was regraded, by whom, from which score to which, with the versions applied.
    // The regrade is stored by then: a journal that cannot be written is logged, and the regrade still answers.
    const attemptOf = new Map(started.map((r) => [r.user_id, r.attempt!.id]));
    for (const c of changes) {
      await journalBestEffort(log, requestId, () =>
        appendEvents(ctx, attemptOf.get(c.user_id)!, [
          {
            type: 'REGRADE',
            data: { by: actor.id, old_score: c.old_score, new_score: c.new_score, questions: c.questions.map((q) => q.question_id), versions: moves.map((m) => ({ question_id: m.question_id, from: m.from, to: m.to })) },
          },
        ]),
      );
    }
    for (const c of changes) {
      log.info(
        { reqId: requestId, examId, userId: c.user_id, by: actor.id, old: c.old_score, new: c.new_score, questions: c.questions.map((q) => q.question_id) },
        `regrade: exam ${examId} student ${c.user_id} ${c.old_score} → ${c.new_score}`,
      );
    }
  }
  log.info({ reqId: requestId, examId, by: actor.id, dryRun, submissions: subs.length, changed: changedSubs.length, students: changes.length, programsRun }, 'regrade: done');

  return {
    exam_id: examId,
    dry_run: dryRun,
    versions: moves.map((m) => ({ question_id: m.question_id, position: m.position, from: m.from, to: m.to })),
    applied: !dryRun,
    attempts: started.length,
    submissions_checked: outcomes.size,
    submissions_changed: changedSubs.length,
    programs_run: programsRun,
    changes,
  };
}
