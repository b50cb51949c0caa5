// Attempts, submissions and drafts of exam taking. Scores are recomputed from the stored submissions (best
// result of each question) inside the transaction that stores a submission, the attempt row locked.
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { storableJson } from '../../lib/storable-text';

export interface AttemptRow {
  id: number;
  exam_id: number;
  started_at: Date;
  deadline: Date;
  finished_at: Date | null;
  score: number;
  validated_count: number;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));

function attemptOf(r: { id: number; exam_id: number; started_at: unknown; deadline: unknown; finished_at: unknown; score: unknown; validated_count: number }): AttemptRow {
  return {
    id: r.id,
    exam_id: r.exam_id,
    started_at: toDate(r.started_at),
    deadline: toDate(r.deadline),
    finished_at: r.finished_at == null ? null : toDate(r.finished_at),
    score: Number(r.score ?? 0),
    validated_count: Number(r.validated_count),
  };
}

const attemptColumns = ['id', 'exam_id', 'started_at', 'deadline', 'finished_at', 'score', 'validated_count'] as const;

export async function findAttempt(db: Db, examId: number, userId: number, lock = false): Promise<AttemptRow | undefined> {
  let q = db.selectFrom('exam_attempts').select(attemptColumns).where('exam_id', '=', examId).where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? attemptOf(r) : undefined;
}

/** Holds the attempt's row until the transaction ends: its writers (answers stored, scores) go one at a time. */
export async function lockAttemptRow(db: Db, attemptId: number): Promise<void> {
  await db.selectFrom('exam_attempts').select('id').where('id', '=', attemptId).forUpdate().execute();
}

/**
 * The student's attempt on the exam `e` of the statement it is read in, with its draw (the questions it was given,
 * in its order, with the exam's rules for each), as one JSON value: what every call of an exam reads alongside the
 * exam (`findExamCallForStudent`), in the same statement.
 */
export function attemptAlongside(userId: number) {
  return sql<unknown>`(
    select json_build_object(
      'id', a.id, 'exam_id', a.exam_id, 'started_at', a.started_at, 'deadline', a.deadline, 'finished_at', a.finished_at,
      'score', a.score, 'validated_count', a.validated_count,
      'draw', (
        select json_agg(json_build_object(
          'question_id', d.question_id, 'position', d.position, 'section', d.section, 'points', d.points,
          'question_version_id', d.question_version_id, 'variant_seed', d.variant_seed,
          'max_submissions', eq.max_submissions, 'wrong_try_penalty', eq.wrong_try_penalty,
          'section_title', (select es.title from exam_sections es where es.exam_id = a.exam_id and es.position = d.section)) order by d.position)
        from exam_attempt_questions d
        left join exam_questions eq on eq.exam_id = a.exam_id and eq.question_id = d.question_id
        where d.attempt_id = a.id))
    from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId})`;
}

/** The attempt and its draw read by `attemptAlongside`; an attempt without a stored draw falls back to `drawsOf`. */
export async function attemptFromAlongside(db: Db, value: unknown): Promise<{ attempt: AttemptRow; draw: DrawRow[] } | undefined> {
  if (value == null) return undefined;
  const r = (typeof value === 'string' ? JSON.parse(value) : value) as Parameters<typeof attemptOf>[0] & { draw: DrawRow[] | null };
  const attempt = attemptOf(r);
  return { attempt, draw: r.draw && r.draw.length > 0 ? r.draw.map(drawRow) : await drawOf(db, attempt.id) };
}

/** The student's attempts on these exams with how many questions they answered. */
export async function attemptsOf(db: Db, userId: number, examIds: number[]): Promise<Map<number, AttemptRow & { answered: number; extra_time_factor: number }>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('exam_attempts as a')
    .select((eb) => [
      ...attemptColumns.map((c) => `a.${c}` as const),
      'a.extra_time_factor',
      eb.selectFrom('exam_submissions as s').select(sql<number>`count(distinct s.question_id)`.as('n')).whereRef('s.attempt_id', '=', 'a.id').as('answered'),
    ])
    .where('a.user_id', '=', userId)
    .where('a.exam_id', 'in', examIds)
    .execute();
  return new Map(rows.map((r) => [r.exam_id, { ...attemptOf(r), answered: Number(r.answered ?? 0), extra_time_factor: Number(r.extra_time_factor) }]));
}

/** The new attempt, or undefined when the student's attempt exists already (a start that crossed this one). */
export async function insertAttempt(
  db: Db,
  v: { exam_id: number; user_id: number; started_at: Date; deadline: Date; max_score: number; ip: string | null; user_agent: string | null; extra_time_factor: number },
): Promise<AttemptRow | undefined> {
  const r = await db
    .insertInto('exam_attempts')
    .values({ ...v, started_at: v.started_at, score: 0 })
    .onConflict((oc) => oc.columns(['exam_id', 'user_id']).doNothing())
    .returning(attemptColumns)
    .executeTakeFirst();
  return r ? attemptOf(r) : undefined;
}

export async function finishAttempt(db: Db, attemptId: number, at: Date): Promise<void> {
  await db.updateTable('exam_attempts').set({ finished_at: at }).where('id', '=', attemptId).where('finished_at', 'is', null).execute();
}

/** The student's extra-time factor (1 when none; its bounds are kept by `attemptDeadline`). */
export async function extraTimeFactor(db: Db, userId: number): Promise<number> {
  const r = await db.selectFrom('users').select('extra_time_factor').where('id', '=', userId).executeTakeFirst();
  return Number(r?.extra_time_factor ?? 1);
}

/** The student's extra-time factor and whether the exam page shows them larger text. */
export async function accommodationsOf(db: Db, userId: number): Promise<{ extra_time_factor: number; large_text: boolean }> {
  const r = await db.selectFrom('users').select(['extra_time_factor', 'large_text']).where('id', '=', userId).executeTakeFirst();
  return { extra_time_factor: Number(r?.extra_time_factor ?? 1), large_text: r?.large_text === 1 };
}

export async function extraMinutes(db: Db, examId: number, userId: number): Promise<number> {
  const r = await db.selectFrom('exam_extra_time').select('minutes').where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirst();
  return r?.minutes ?? 0;
}

/** The student's extra minutes on each of these exams (absent: none). */
export async function extraMinutesOf(db: Db, userId: number, examIds: number[]): Promise<Map<number, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db.selectFrom('exam_extra_time').select(['exam_id', 'minutes']).where('user_id', '=', userId).where('exam_id', 'in', examIds).execute();
  return new Map(rows.map((r) => [r.exam_id, r.minutes]));
}

/** A draft, and the exam page's sign of presence (`touchSeen`) in the same statement: a draft comes every few seconds. */
export async function saveDraft(db: Db, attemptId: number, questionId: number, answer: unknown, at: Date): Promise<void> {
  const json = JSON.stringify(answer ?? null);
  await db
    .with('seen', (w) => seenUpdate(w, attemptId))
    .insertInto('exam_drafts')
    .values({ attempt_id: attemptId, question_id: questionId, answer: json, updated_at: at })
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet({ answer: json, updated_at: at }))
    .execute();
}

/**
 * Takes the attempt's drafts to settle: true for one process only, until it settles them or, after a crash, for
 * another once the claim is CLAIM_STALE_MINUTES old.
 */
export async function claimDrafts(db: Db, attemptId: number): Promise<boolean> {
  const r = await db
    .updateTable('exam_attempts')
    .set({ drafts_claimed_at: sql`now()` })
    .where('id', '=', attemptId)
    .where('drafts_settled_at', 'is', null)
    .where((eb) => eb.or([eb('drafts_claimed_at', 'is', null), eb('drafts_claimed_at', '<', sql<Date>`now() - interval '${sql.raw(String(CLAIM_STALE_MINUTES))} minutes'`)]))
    .where((eb) => eb.or([eb('drafts_retry_at', 'is', null), eb('drafts_retry_at', '<=', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export const CLAIM_STALE_MINUTES = 5;

export async function markDraftsSettled(db: Db, attemptId: number): Promise<void> {
  await db.updateTable('exam_attempts').set({ drafts_settled_at: sql`now()`, drafts_retry_at: null, drafts_error: null }).where('id', '=', attemptId).execute();
}

/** First wait after a failed try at grading an attempt's drafts, doubled at each failure up to the last. */
export const DRAFTS_RETRY_FIRST_SECONDS = 10;
export const DRAFTS_RETRY_MAX_SECONDS = 300;

/**
 * Gives the claim back after a failed try at grading the drafts: the failure counted with its reason, the next try
 * not before a wait that doubles with each failure. Returns the failures so far and when the next try may run.
 */
export async function draftsFailed(db: Db, attemptId: number, reason: string): Promise<{ failures: number; retry_at: Date } | undefined> {
  const r = await db
    .updateTable('exam_attempts')
    .set({
      drafts_claimed_at: null,
      drafts_failures: sql`drafts_failures + 1`,
      drafts_retry_at: sql`now() + make_interval(secs => least(${DRAFTS_RETRY_MAX_SECONDS}, ${DRAFTS_RETRY_FIRST_SECONDS} * power(2, least(drafts_failures, 20))))`,
      drafts_error: reason.slice(0, 2000),
    })
    .where('id', '=', attemptId)
    .where('drafts_settled_at', 'is', null)
    .returning(['drafts_failures', 'drafts_retry_at'])
    .executeTakeFirst();
  return r && r.drafts_retry_at ? { failures: r.drafts_failures, retry_at: toDate(r.drafts_retry_at) } : undefined;
}

/** Attempts over (finished, or past deadline + grace) whose drafts were not settled yet and may be tried now, oldest first. */
export async function unsettledAttempts(db: Db, graceSeconds: number, limit: number): Promise<Array<{ id: number; exam_id: number; user_id: number }>> {
  return db
    .selectFrom('exam_attempts')
    .select(['id', 'exam_id', 'user_id'])
    .where('drafts_settled_at', 'is', null)
    .where((eb) =>
      eb.or([eb('finished_at', 'is not', null), eb('deadline', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)]),
    )
    .where((eb) => eb.or([eb('drafts_claimed_at', 'is', null), eb('drafts_claimed_at', '<', sql<Date>`now() - interval '${sql.raw(String(CLAIM_STALE_MINUTES))} minutes'`)]))
    .where((eb) => eb.or([eb('drafts_retry_at', 'is', null), eb('drafts_retry_at', '<=', sql<Date>`now()`)]))
    .orderBy('deadline')
    .limit(limit)
    .execute();
}

/** Per question: the last submission's time and answer (a draft counts only when newer and different). */
export async function lastSubmissions(db: Db, attemptId: number): Promise<Map<number, { created_at: Date; answer: unknown }>> {
  const rows = await db
    .selectFrom('exam_submissions')
    .select(['question_id', 'created_at', 'answer'])
    .where('attempt_id', '=', attemptId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, { created_at: toDate(r.created_at), answer: r.answer }]));
}

export async function draftsOf(db: Db, attemptId: number): Promise<Map<number, { answer: unknown; updated_at: Date }>> {
  const rows = await db.selectFrom('exam_drafts').select(['question_id', 'answer', 'updated_at']).where('attempt_id', '=', attemptId).execute();
  return new Map(rows.map((r) => [r.question_id, { answer: r.answer, updated_at: toDate(r.updated_at) }]));
}

export interface StoredResult {
  question_id: number;
  is_valid: boolean;
  details: unknown;
}

export async function findSubmission(db: Db, attemptId: number, submissionId: string): Promise<StoredResult | undefined> {
  const r = await db
    .selectFrom('exam_submissions')
    .select(['question_id', 'is_valid', 'details'])
    .where('attempt_id', '=', attemptId)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  return r ? { question_id: r.question_id, is_valid: r.is_valid === 1, details: r.details } : undefined;
}

/** Inserts a submission; false when this submission id is already stored for the attempt (a retry). */
export async function insertSubmission(
  db: Db,
  v: {
    attempt_id: number;
    question_id: number;
    submission_id: string;
    answer: unknown;
    is_valid: boolean;
    score: number;
    penalty: number;
    /** Sent from the student's draft when the attempt ended (the column `auto`). */
    from_draft: boolean;
    details: unknown;
    internal: unknown;
    /** Waits for a person to grade it (an essay), or for the runner (`grade_at` set). */
    pending?: boolean;
    /** Graded later, from then on (grade-later.ts); null or absent: graded now. */
    grade_at?: Date | null;
    created_at: Date;
    ip: string | null;
    user_agent: string | null;
  },
): Promise<boolean> {
  const { from_draft, pending, ...row } = v;
  const r = await db
    .insertInto('exam_submissions')
    .values({
      ...row,
      created_at: v.created_at,
      answer: JSON.stringify(v.answer ?? null),
      is_valid: v.is_valid ? 1 : 0,
      auto: from_draft ? 1 : 0,
      pending: pending ? 1 : 0,
      details: storableJson(v.details),
      internal: v.internal === undefined ? null : storableJson(v.internal),
    })
    .onConflict((oc) => oc.columns(['attempt_id', 'submission_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Per question: the best result (validated beats not validated, then the higher score; between equals, the later),
 * which is what counts, and the last answer sent.
 */
export interface QuestionProgress {
  best_score: number;
  /** The highest score of its submissions: what the question earns (the results' rule, `attemptScore`). */
  top_score: number;
  validated: boolean;
  best_id: number;
  best_answer: unknown;
  best_details: unknown;
  /** The answer that counts was sent from the draft when the attempt ended. */
  best_from_draft: boolean;
  last_id: number;
  last_from_draft: boolean;
  last_answer: unknown;
  last_valid: boolean;
  last_details: unknown;
  /** Submissions stored, and how many of them were wrong. */
  tries: number;
  wrong: number;
  /** Waits for a person to grade it (an essay not yet marked): no verdict, its points not counted as 0. */
  pending: boolean;
}

export async function progressOf(db: Db, attemptId: number): Promise<Map<number, QuestionProgress>> {
  const rows = await db
    .selectFrom('exam_submissions')
    .select(['id', 'question_id', 'is_valid', 'score', 'answer', 'details', 'auto', 'pending'])
    .where('attempt_id', '=', attemptId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const out = new Map<number, QuestionProgress>();
  for (const r of rows) {
    const prev = out.get(r.question_id);
    const score = Number(r.score);
    const valid = r.is_valid === 1;
    // Rows come oldest first: a later one at least as good becomes the one that counts.
    const better = !prev || (valid && !prev.validated) || (valid === prev.validated && score >= prev.best_score);
    out.set(r.question_id, {
      best_score: better ? score : prev.best_score,
      top_score: Math.max(prev?.top_score ?? 0, score),
      validated: better ? valid : prev.validated,
      best_id: better ? r.id : prev.best_id,
      best_answer: better ? r.answer : prev.best_answer,
      best_details: better ? r.details : prev.best_details,
      best_from_draft: better ? r.auto === 1 : prev.best_from_draft,
      last_id: r.id,
      last_from_draft: r.auto === 1,
      last_answer: r.answer,
      last_valid: valid,
      last_details: r.details,
      tries: (prev?.tries ?? 0) + 1,
      wrong: (prev?.wrong ?? 0) + (valid ? 0 : 1),
      pending: (prev?.pending ?? false) || r.pending === 1,
    });
  }
  // An answer still waiting changes nothing for a question that already has all its points (a program graded later
  // after a right one): the rule of the staff's results too (exam-results, bestResults).
  for (const p of out.values()) if (p.pending && p.top_score >= 1) p.pending = false;
  return out;
}

/**
 * Score (points) and validated count from the best result of each question, computed and written in one statement
 * (the score rounded to the hundredth as `Math.round` would: half up).
 */
export async function recomputeAttempt(db: Db, attemptId: number, points: Map<number, number>): Promise<void> {
  const ids = [...points.keys()];
  const pts = ids.map((id) => points.get(id)!);
  await sql`
    update exam_attempts set
      score = coalesce((
        select floor(sum(b.best * p.pts) * 100 + 0.5) / 100
        from (select question_id, max(score)::float8 as best from exam_submissions where attempt_id = ${attemptId} group by question_id) b
        join unnest(${ids}::int[], ${pts}::float8[]) as p(qid, pts) on p.qid = b.question_id), 0),
      validated_count = (select count(distinct question_id) from exam_submissions where attempt_id = ${attemptId} and is_valid = 1)
    where id = ${attemptId}`.execute(db);
}

/**
 * Per question, the submissions stored so far and how many were wrong, and the stored result of each of `ids`
 * already stored (a retry): in one statement, read before grading.
 */
export async function submissionsSoFar(db: Db, attemptId: number, ids: string[]): Promise<{ tries: Map<number, { tries: number; wrong: number }>; known: Map<string, StoredResult> }> {
  const rows = await db
    .selectFrom('exam_submissions')
    .select(['question_id', 'is_valid', 'submission_id', 'grade_at'])
    .select(sql<unknown>`case when submission_id = any(${ids}::uuid[]) then details end`.as('details'))
    .where('attempt_id', '=', attemptId)
    .execute();
  const tries = new Map<number, { tries: number; wrong: number }>();
  const known = new Map<string, StoredResult>();
  const asked = new Set(ids.map((id) => id.toLowerCase()));
  for (const r of rows) {
    const t = tries.get(r.question_id) ?? { tries: 0, wrong: 0 };
    tries.set(r.question_id, { tries: t.tries + 1, wrong: t.wrong + (r.is_valid === 1 || r.grade_at !== null ? 0 : 1) });
    if (asked.has(r.submission_id)) known.set(r.submission_id, { question_id: r.question_id, is_valid: r.is_valid === 1, details: r.details });
  }
  return { tries, known };
}

/** Per question: submissions stored so far and how many of them were wrong (limits and penalties count them). */
export async function triesOf(db: Db, attemptId: number): Promise<Map<number, { tries: number; wrong: number }>> {
  const rows = await db
    .selectFrom('exam_submissions')
    // An answer graded later (grade_at set) is not a wrong try while it waits for its verdict.
    .select((eb) => ['question_id', eb.fn.countAll<number>().as('tries'), sql<number>`count(*) filter (where is_valid = 0 and grade_at is null)`.as('wrong')])
    .where('attempt_id', '=', attemptId)
    .groupBy('question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, { tries: Number(r.tries), wrong: Number(r.wrong) }]));
}

/** One question of an attempt's draw, with the rules the exam sets for it. */
export interface DrawRow {
  question_id: number;
  position: number;
  section: number;
  points: number;
  question_version_id: number | null;
  variant_seed: number | null;
  /** The question's own limit and penalty in the exam (null: the exam's). */
  max_submissions: number | null;
  wrong_try_penalty: number | null;
  /** The title of the question's section, shown to the student (read with the call; absent elsewhere). */
  section_title?: string | null;
}

export async function insertDraw(
  db: Db,
  attemptId: number,
  drawn: ReadonlyArray<{ question_id: number; position: number; section: number; points: number; question_version_id: number | null; variant_seed: number | null }>,
): Promise<void> {
  if (drawn.length === 0) return;
  await db
    .insertInto('exam_attempt_questions')
    .values(drawn.map((d) => ({ attempt_id: attemptId, ...d })))
    .execute();
}

/** Per attempt, the questions it was given, in its order. */
export async function drawsOf(db: Db, attemptIds: number[]): Promise<Map<number, DrawRow[]>> {
  const out = new Map<number, DrawRow[]>(attemptIds.map((id) => [id, []]));
  if (attemptIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_attempt_questions as d')
    .innerJoin('exam_attempts as a', 'a.id', 'd.attempt_id')
    .leftJoin('exam_questions as eq', (j) => j.onRef('eq.exam_id', '=', 'a.exam_id').onRef('eq.question_id', '=', 'd.question_id'))
    .select(['d.attempt_id', 'd.question_id', 'd.position', 'd.section', 'd.points', 'd.question_version_id', 'd.variant_seed', 'eq.max_submissions', 'eq.wrong_try_penalty'])
    .where('d.attempt_id', 'in', attemptIds)
    .orderBy('d.attempt_id')
    .orderBy('d.position')
    .execute();
  for (const r of rows) {
    const { attempt_id, ...row } = r;
    out.get(attempt_id)?.push(drawRow(row));
  }
  // An attempt with no stored draw (written directly, before draws existed) has every question of its exam, in order.
  const bare = [...out].filter(([, d]) => d.length === 0).map(([id]) => id);
  if (bare.length > 0) {
    const all = await db
      .selectFrom('exam_attempts as a')
      .innerJoin('exam_questions as eq', 'eq.exam_id', 'a.exam_id')
      .select(['a.id as attempt_id', 'eq.question_id', 'eq.section', 'eq.points', 'eq.max_submissions', 'eq.wrong_try_penalty'])
      .where('a.id', 'in', bare)
      .orderBy('a.id')
      .orderBy('eq.section')
      .orderBy('eq.position')
      .execute();
    for (const { attempt_id, ...r } of all) {
      const list = out.get(attempt_id)!;
      list.push(drawRow({ ...r, position: list.length + 1, question_version_id: null, variant_seed: null }));
    }
  }
  return out;
}

function drawRow(r: Omit<DrawRow, 'points' | 'wrong_try_penalty'> & { points: unknown; wrong_try_penalty: unknown }): DrawRow {
  return {
    ...r,
    points: Number(r.points),
    max_submissions: r.max_submissions ?? null,
    wrong_try_penalty: r.wrong_try_penalty == null ? null : Number(r.wrong_try_penalty),
  };
}

export async function drawOf(db: Db, attemptId: number): Promise<DrawRow[]> {
  return (await drawsOf(db, [attemptId])).get(attemptId) ?? [];
}

/** A sign of the exam page: written at most every 10 s per attempt (the page asks for its attempt every 10 s). */
export async function touchSeen(db: Db, attemptId: number): Promise<void> {
  await seenUpdate(db, attemptId).execute();
}

function seenUpdate(db: Pick<Db, 'updateTable'>, attemptId: number) {
  return db
    .updateTable('exam_attempts')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', attemptId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', sql<Date>`now() - interval '10 seconds'`)]));
}

/** A regrade applies a question's new version to every attempt of the exam (the variant seed kept when it has variants). */
export async function repinDraws(db: Db, examId: number, questionId: number, versionId: number, keepSeed: boolean): Promise<void> {
  await db
    .updateTable('exam_attempt_questions')
    .set({ question_version_id: versionId, ...(keepSeed ? {} : { variant_seed: null }) })
    .where('question_id', '=', questionId)
    .where('attempt_id', 'in', (eb) => eb.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId))
    .execute();
}
