// Reads and writes of retention: the years' settings, holds, elimination records, and the purge of one year's
// copies and personal data (every statement takes the transaction the purge runs in).
import { sql, type RawBuilder } from 'kysely';
import type { ExamStats, Hold, HoldInput, PurgeCounts, RetentionSettingsInput, RetentionYear } from '@exam/shared';
import type { Db } from '../../db/schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listRetentionYears(db: Db, id?: number): Promise<RetentionYear[]> {
  const rows = await sql<{
    id: number;
    label: string;
    is_current: number;
    jury_date: string | null;
    retention_months: number;
    due_on: string | null;
    due: boolean;
    last_purge_at: Date | null;
    archive_sample_at: Date | null;
    archive_sample_count: number | null;
    active_holds: number;
  }>`
    select y.id, y.label, y.is_current, to_char(y.jury_date, 'YYYY-MM-DD') as jury_date, y.retention_months,
      to_char(y.jury_date + make_interval(months => y.retention_months), 'YYYY-MM-DD') as due_on,
      coalesce(y.jury_date + make_interval(months => y.retention_months) <= now(), false) as due,
      (select max(p.run_at) from retention_purges p where p.academic_year_id = y.id) as last_purge_at,
      y.archive_sample_at, y.archive_sample_count,
      (select count(*)::int from retention_holds h where h.released_at is null and h.academic_year_id = y.id) as active_holds
    from academic_years y
    where ${id === undefined ? sql`true` : sql`y.id = ${id}`}
    order by y.start_date desc, y.id desc`.execute(db);
  return rows.rows.map((r) => ({ ...r, last_purge_at: iso(r.last_purge_at), archive_sample_at: iso(r.archive_sample_at) }));
}

export async function saveSettings(db: Db, id: number, input: RetentionSettingsInput): Promise<void> {
  await db.updateTable('academic_years').set({ jury_date: input.jury_date, retention_months: input.retention_months }).where('id', '=', id).execute();
}

export async function markArchiveSample(db: Db, id: number, count: number): Promise<void> {
  await db.updateTable('academic_years').set({ archive_sample_at: new Date(), archive_sample_count: count }).where('id', '=', id).execute();
}

/** Years whose retention has passed (a jury date set, its time gone). */
export async function dueYearIds(db: Db): Promise<number[]> {
  const r = await sql<{ id: number }>`
    select id from academic_years where jury_date is not null and jury_date + make_interval(months => retention_months) <= now() order by id`.execute(db);
  return r.rows.map((x) => x.id);
}

// ——— What a hold keeps ———

/** A hold of this student standing for this year (and, when given, this exam). */
const holdFor = (year: number, user: RawBuilder<unknown>, exam?: RawBuilder<unknown>) => sql`exists (
  select 1 from retention_holds h where h.released_at is null and h.user_id = ${user}
    and (h.academic_year_id is null or h.academic_year_id = ${year})
    ${exam ? sql`and (h.exam_id is null or h.exam_id = ${exam})` : sql``})`;

/** A similarity case not decided yet names this attempt: a procedure in progress, its copy is kept as a hold keeps it. */
const inOpenCase = (attempt: RawBuilder<unknown>) => sql`exists (
  select 1 from similarity_case_members m join similarity_cases c on c.id = m.case_id where m.attempt_id = ${attempt} and c.status <> 'DECIDED')`;

/** The attempts of the year's exams that go: neither held, nor carrying a report not handled yet, nor in an open
 *  similarity case. */
const purgeableAttempts = (year: number) => sql`
  select a.id from exam_attempts a join exams e on e.id = a.exam_id
  where e.academic_year_id = ${year}
    and not ${holdFor(year, sql.ref('a.user_id'), sql.ref('a.exam_id'))}
    and not exists (select 1 from exam_problem_reports r where r.attempt_id = a.id and r.handled_at is null)
    and not ${inOpenCase(sql.ref('a.id'))}`;

/** How many similarity cases not decided yet name a copy of this student (an erasure waits for their decision). */
export async function openCasesOf(db: Db, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(distinct m.case_id)::int as n from similarity_case_members m
    join similarity_cases c on c.id = m.case_id join exam_attempts a on a.id = m.attempt_id
    where a.user_id = ${userId} and c.status <> 'DECIDED'`.execute(db);
  return r.rows[0].n;
}

async function countWhere(db: Db, table: string, attempts: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where attempt_id in (${attempts})`.execute(db);
  return r.rows[0].n;
}

async function deleted(db: Db, statement: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ one: number }>`${statement} returning 1 as one`.execute(db);
  return r.rows.length;
}

/**
 * Removes what the year's retention lets go, in the caller's transaction, and answers how many rows of each kind.
 * Order matters: the attempts first (their answers, drafts, journals… go with them), then what no remaining attempt
 * needs (extra time, regrade history, enrolments), then the accounts of former students left with nothing.
 */
export async function purgeYear(db: Db, year: number): Promise<PurgeCounts> {
  const attempts = purgeableAttempts(year);
  // Former students of this year only: enrolled in no other year, under no hold, with no copy that stays.
  const accounts = (
    await sql<{ id: number }>`
      select u.id from users u
      where u.role = 'STUDENT'
        and exists (select 1 from student_enrolments se where se.user_id = u.id and se.academic_year_id = ${year})
        and not exists (select 1 from student_enrolments se where se.user_id = u.id and se.academic_year_id <> ${year})
        and not exists (select 1 from retention_holds h where h.user_id = u.id and h.released_at is null)
        and not exists (select 1 from exam_attempts a where a.user_id = u.id and a.id not in (${attempts}))`.execute(db)
  ).rows.map((r) => r.id);
  const inAccounts = (col: string) => (accounts.length ? sql`${sql.ref(col)} in (${sql.join(accounts)})` : sql`false`);

  const counts: PurgeCounts = {
    attempts: 0,
    submissions: await countWhere(db, 'exam_submissions', attempts),
    drafts: await countWhere(db, 'exam_drafts', attempts),
    late_answers: await countWhere(db, 'exam_late_answers', attempts),
    journal_events: await countWhere(db, 'exam_journal', attempts),
    signal_counts: await countWhere(db, 'exam_signal_counts', attempts),
    problem_reports: await countWhere(db, 'exam_problem_reports', attempts),
    attempt_sessions: await countWhere(db, 'exam_attempt_sessions', attempts),
    extra_time: 0,
    regrade_log: 0,
    practice_attempts: 0,
    enrolments: 0,
    accounts: 0,
  };
  counts.attempts = await deleted(db, sql`delete from exam_attempts where id in (${attempts})`);
  const yearExam = (col: string) => sql`${sql.ref(col)} in (select id from exams where academic_year_id = ${year})`;
  const noCopyLeft = (user: string, exam: string) => sql`not exists (select 1 from exam_attempts a where a.user_id = ${sql.ref(user)} and a.exam_id = ${sql.ref(exam)})`;
  counts.extra_time = await deleted(
    db,
    sql`delete from exam_extra_time t where (${yearExam('t.exam_id')} and not ${holdFor(year, sql.ref('t.user_id'), sql.ref('t.exam_id'))} and ${noCopyLeft('t.user_id', 't.exam_id')}) or ${inAccounts('t.user_id')}`,
  );
  counts.regrade_log = await deleted(
    db,
    sql`delete from regrade_log g where (${yearExam('g.exam_id')} and not ${holdFor(year, sql.ref('g.user_id'), sql.ref('g.exam_id'))} and ${noCopyLeft('g.user_id', 'g.exam_id')}) or ${inAccounts('g.user_id')}`,
  );
  counts.practice_attempts = await deleted(
    db,
    sql`delete from practice_attempts p where (p.question_id in (select q.id from questions q join courses c on c.id = q.course_id where c.academic_year_id = ${year})
      and not ${holdFor(year, sql.ref('p.user_id'))}) or ${inAccounts('p.user_id')}`,
  );
  counts.enrolments = await deleted(
    db,
    sql`delete from student_enrolments se where se.academic_year_id = ${year} and not ${holdFor(year, sql.ref('se.user_id'))}
      and not exists (select 1 from exam_attempts a join exams e on e.id = a.exam_id where a.user_id = se.user_id and e.academic_year_id = ${year})`,
  );
  if (accounts.length) counts.accounts = await deleted(db, sql`delete from users where ${inAccounts('id')}`);
  return counts;
}

/** Whether an earlier purge of this year already recorded its exams' statistics. */
export async function yearHasRecord(db: Db, year: number): Promise<boolean> {
  return !!(await db.selectFrom('retention_purges').select('id').where('academic_year_id', '=', year).executeTakeFirst());
}

/** The statistics the year's exams keep once their copies are gone: marks on 20 and each question's success. */
export async function examStats(db: Db, year: number): Promise<ExamStats[]> {
  const exams = await db.selectFrom('exams').select(['id', 'title']).where('academic_year_id', '=', year).orderBy('start_at').orderBy('id').execute();
  if (!exams.length) return [];
  const ids = exams.map((e) => e.id);
  const scores = await db
    .selectFrom('exam_attempts')
    .select(['exam_id', 'score', 'max_score'])
    .where('exam_id', 'in', ids)
    .where('score', 'is not', null)
    .execute();
  const questions = await sql<{ exam_id: number; question_id: number; given: number; validated: number }>`
    select a.exam_id, aq.question_id, count(*)::int as given,
      count(*) filter (where exists (select 1 from exam_submissions s where s.attempt_id = a.id and s.question_id = aq.question_id and s.is_valid = 1))::int as validated
    from exam_attempt_questions aq join exam_attempts a on a.id = aq.attempt_id
    where a.exam_id in (${sql.join(ids)})
    group by a.exam_id, aq.question_id order by a.exam_id, aq.question_id`.execute(db);
  const attempts = await db
    .selectFrom('exam_attempts')
    .select(['exam_id', sql<number>`count(*)::int`.as('n')])
    .where('exam_id', 'in', ids)
    .groupBy('exam_id')
    .execute();
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return exams
    .map((e) => {
      const marks = scores
        .filter((s) => s.exam_id === e.id && Number(s.max_score) > 0)
        .map((s) => (Number(s.score) / Number(s.max_score)) * 20)
        .sort((a, b) => a - b);
      const histogram = Array.from({ length: 21 }, () => 0);
      for (const m of marks) histogram[Math.min(20, Math.max(0, Math.floor(m)))] += 1;
      const mid = marks.length >> 1;
      const median = marks.length ? (marks.length % 2 ? marks[mid] : (marks[mid - 1] + marks[mid]) / 2) : null;
      return {
        exam_id: e.id,
        title: e.title,
        attempts: attempts.find((a) => a.exam_id === e.id)?.n ?? 0,
        mean_20: marks.length ? r2(marks.reduce((a, b) => a + b, 0) / marks.length) : null,
        median_20: median === null ? null : r2(median),
        min_20: marks.length ? r2(marks[0]) : null,
        max_20: marks.length ? r2(marks[marks.length - 1]) : null,
        histogram,
        questions: questions.rows.filter((q) => q.exam_id === e.id).map(({ question_id, given, validated }) => ({ question_id, given, validated })),
      };
    })
    .filter((s) => s.attempts > 0);
}

/** Per exam of the year: its copies, and how many of them stay (held, or a report not handled yet). */
export async function examsOfYear(db: Db, year: number) {
  const r = await sql<{ id: number; title: string; attempts: number; kept: number }>`
    select e.id, e.title, count(a.id)::int as attempts,
      (count(a.id) - count(a.id) filter (where a.id in (${purgeableAttempts(year)})))::int as kept
    from exams e join exam_attempts a on a.exam_id = e.id
    where e.academic_year_id = ${year}
    group by e.id, e.title order by min(e.start_at), e.id`.execute(db);
  return r.rows;
}

/** What stays of the year although it is due, and why: standing holds, reports not handled yet, open similarity cases. */
export async function keptOfYear(db: Db, year: number) {
  const holds = await sql<{ user_id: number; student: string; student_number: string | null; exam_title: string | null; kind: string; reason: string }>`
    select h.user_id, u.last_name || ' ' || u.first_name as student, u.student_number, e.title as exam_title, h.kind, h.reason
    from retention_holds h join users u on u.id = h.user_id left join exams e on e.id = h.exam_id
    where h.released_at is null and (h.academic_year_id = ${year}
      or (h.academic_year_id is null and (exists (select 1 from student_enrolments se where se.user_id = h.user_id and se.academic_year_id = ${year})
        or exists (select 1 from exam_attempts a join exams x on x.id = a.exam_id where a.user_id = h.user_id and x.academic_year_id = ${year}))))
    order by u.last_name, u.first_name, h.id`.execute(db);
  const reports = await sql<{ user_id: number; student: string; student_number: string | null; exam_title: string }>`
    select distinct a.user_id, u.last_name || ' ' || u.first_name as student, u.student_number, e.title as exam_title
    from exam_problem_reports r join exam_attempts a on a.id = r.attempt_id join exams e on e.id = a.exam_id join users u on u.id = a.user_id
    where r.handled_at is null and e.academic_year_id = ${year}
    order by 2, 4`.execute(db);
  const cases = await sql<{ user_id: number; student: string; student_number: string | null; exam_title: string }>`
    select distinct a.user_id, u.last_name || ' ' || u.first_name as student, u.student_number, e.title as exam_title
    from similarity_case_members m join similarity_cases c on c.id = m.case_id join exam_attempts a on a.id = m.attempt_id
    join exams e on e.id = a.exam_id join users u on u.id = a.user_id
    where c.status <> 'DECIDED' and e.academic_year_id = ${year}
    order by 2, 4`.execute(db);
  return { holds: holds.rows, reports: reports.rows, cases: cases.rows };
}

export async function insertPurgeRecord(db: Db, row: { academic_year_id: number; year_label: string; run_by: number | null; run_by_name: string | null; summary: string; pdf: Buffer }) {
  return db.insertInto('retention_purges').values(row).returning(['id', 'run_at']).executeTakeFirstOrThrow();
}

export async function listPurgeRecords(db: Db, id?: number) {
  let q = db.selectFrom('retention_purges').select(['id', 'academic_year_id', 'year_label', 'run_at', 'run_by_name', 'summary']).orderBy('run_at', 'desc').orderBy('id', 'desc');
  if (id !== undefined) q = q.where('id', '=', id);
  return q.execute();
}

export async function purgeRecordPdf(db: Db, id: number) {
  return db.selectFrom('retention_purges').select(['pdf', 'year_label', 'run_at']).where('id', '=', id).executeTakeFirst();
}

/** Takes the purge's lock for the transaction (one purge at a time across API processes); false if another holds it. */
export async function tryPurgeLock(db: Db): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(734201) as ok`.execute(db);
  return r.rows[0].ok;
}

// ——— Holds ———

const holdColumns = sql`h.id, h.user_id, u.last_name || ' ' || u.first_name as student, u.student_number, h.academic_year_id, y.label as year_label,
  h.exam_id, e.title as exam_title, h.kind, h.reason, nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') as created_by_name,
  h.created_at, h.released_at, nullif(trim(coalesce(r.first_name, '') || ' ' || coalesce(r.last_name, '')), '') as released_by_name, h.release_reason`;

type HoldRow = Omit<Hold, 'created_at' | 'released_at'> & { created_at: Date; released_at: Date | null };
const toHold = (r: HoldRow): Hold => ({ ...r, created_at: new Date(r.created_at).toISOString(), released_at: iso(r.released_at) });

export async function listHolds(db: Db, filter: { active?: boolean; userId?: number; id?: number }): Promise<Hold[]> {
  const r = await sql<HoldRow>`
    select ${holdColumns}
    from retention_holds h join users u on u.id = h.user_id left join academic_years y on y.id = h.academic_year_id
      left join exams e on e.id = h.exam_id left join users c on c.id = h.created_by left join users r on r.id = h.released_by
    where ${filter.active === undefined ? sql`true` : filter.active ? sql`h.released_at is null` : sql`h.released_at is not null`}
      and ${filter.userId === undefined ? sql`true` : sql`h.user_id = ${filter.userId}`}
      and ${filter.id === undefined ? sql`true` : sql`h.id = ${filter.id}`}
    order by h.released_at desc nulls first, h.created_at desc, h.id desc
    limit 500`.execute(db);
  return r.rows.map(toHold);
}

export async function insertHold(db: Db, input: HoldInput, by: number): Promise<number> {
  const r = await db
    .insertInto('retention_holds')
    .values({ user_id: input.user_id, academic_year_id: input.academic_year_id ?? null, exam_id: input.exam_id ?? null, kind: input.kind, reason: input.reason, created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function releaseHold(db: Db, id: number, by: number, reason: string): Promise<boolean> {
  const r = await db
    .updateTable('retention_holds')
    .set({ released_at: new Date(), released_by: by, release_reason: reason })
    .where('id', '=', id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether a standing hold keeps anything of this student. */
export async function hasActiveHold(db: Db, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('retention_holds').select('id').where('user_id', '=', userId).where('released_at', 'is', null).executeTakeFirst());
}

export async function findStudent(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
}
export async function findExam(db: Db, id: number) {
  return db.selectFrom('exams').select(['id', 'academic_year_id']).where('id', '=', id).executeTakeFirst();
}

/** Finished copies of the year's exams drawn at random (for the archives' sample). */
export async function sampleAttempts(db: Db, year: number, size: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['a.exam_id', 'a.user_id'])
    .where('e.academic_year_id', '=', year)
    .where('a.score', 'is not', null)
    .orderBy(sql`random()`)
    .limit(size)
    .execute();
}
