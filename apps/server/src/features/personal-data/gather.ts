// Everything the platform holds about one student (RGPD articles 15 and 20), as plain data: their account, enrolments,
// every attempt (questions given, answers with their times, verdicts and points, drafts, late answers, the journal,
// the similarity cases that name it), practice progress, holds, requests, the links to a learning platform (LTI) with
// the grades sent back to it, and who read their copies. Staff-only data never comes here (hidden test
// outputs, reference solutions); the verdicts and journal of an exam still open wait for its closing.
import { sql } from 'kysely';
import type { StudentAccess } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { readJournal } from '../exam-journal';
import { humanGradedTypes, marksPublished, waitingDetails } from '../exam-taking';

/** Who opened the student's copies (the access log, passed in by the feature list); null when not recorded. */
export type CopyAccesses = (ctx: AppContext, userId: number) => Promise<StudentAccess[] | null>;

const isoOf = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/** Dates as ISO strings, JSON columns parsed, for the archive's JSON. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, isoOf(v)]));
}
const parsed = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export interface StudentData {
  made_at: string;
  account: Record<string, unknown>;
  enrolments: Array<Record<string, unknown>>;
  attempts: AttemptData[];
  practice: Array<Record<string, unknown>>;
  holds: Array<Record<string, unknown>>;
  deletion_requests: Array<Record<string, unknown>>;
  /** Their accounts on learning platforms (LTI) and the grades sent back there. */
  lti: { links: Array<Record<string, unknown>>; grades: Array<Record<string, unknown>> };
  /** Null: the platform does not record who read the copies. */
  copy_accesses: StudentAccess[] | null;
}

export interface AttemptData {
  exam: { id: number; title: string; academic_year: string; start_at: string; end_at: string; closed: boolean };
  attempt: Record<string, unknown>;
  extra_minutes: number | null;
  questions: Array<Record<string, unknown>>;
  answers: Array<Record<string, unknown>>;
  drafts: Array<Record<string, unknown>>;
  late_answers: Array<Record<string, unknown>>;
  problem_reports: Array<Record<string, unknown>>;
  signals: Array<Record<string, unknown>>;
  regrades: Array<Record<string, unknown>>;
  /** Similarity cases that name this copy, with the steps that concern it (closed exams only). */
  similarity_cases: Array<Record<string, unknown>>;
  /** Marks given by a person (essays), once the exam is closed and its marks published. */
  marks: Array<Record<string, unknown>>;
  /** Each marker's own mark under double marking, once the exam is closed and its marks published. */
  marker_marks: Array<Record<string, unknown>>;
  /** A person's marks of this copy wait for publication: its score and its appeal file wait too. */
  marks_held: boolean;
  journal: Array<Record<string, unknown>> | null;
  journal_last_hash: string | null;
}

export async function gatherStudentData(ctx: AppContext, userId: number, copyAccesses: CopyAccesses): Promise<StudentData> {
  const db = ctx.db;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('role', '=', 'STUDENT').executeTakeFirst();
  if (!user) throw notFound('Cet étudiant n’existe pas.');
  const { password_hash: _p, search_text: _s, ...account } = user as Record<string, unknown>;

  const enrolments = await db
    .selectFrom('student_enrolments as se')
    .innerJoin('academic_years as y', 'y.id', 'se.academic_year_id')
    .innerJoin('specializations as s', 's.id', 'se.specialization_id')
    .innerJoin('mentions as m', 'm.id', 's.mention_id')
    .select(['y.label as academic_year', 's.name as specialization', 's.code as specialization_code', 's.level', 'm.name as mention'])
    .where('se.user_id', '=', userId)
    .orderBy('y.start_date')
    .execute();

  const attemptRows = await db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .innerJoin('academic_years as y', 'y.id', 'e.academic_year_id')
    .select([
      'a.id',
      'a.exam_id',
      'e.title',
      'y.label as academic_year',
      'e.start_at',
      'e.end_at',
      sql<boolean>`(e.status in ('CLOSED', 'ARCHIVED') or e.end_at <= now())`.as('closed'),
      'a.started_at',
      'a.deadline',
      'a.finished_at',
      'a.score',
      'a.max_score',
      'a.validated_count',
      'a.ip',
      'a.user_agent',
      'a.last_seen_at',
      'a.checked_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.started_at')
    .execute();

  const attempts: AttemptData[] = [];
  for (const a of attemptRows) {
    const closed = !!a.closed;
    const questions = await db
      .selectFrom('exam_attempt_questions as aq')
      .select(['aq.position', 'aq.question_id', 'aq.points', 'aq.variant_seed'])
      .where('aq.attempt_id', '=', a.id)
      .orderBy('aq.position')
      .execute();
    const position = new Map(questions.map((q) => [q.question_id, q.position]));
    const subs = await db
      .selectFrom('exam_submissions')
      .select(['question_id', 'created_at', 'answer', 'is_valid', 'score', 'penalty', 'auto', 'details', 'ip', 'user_agent'])
      .where('attempt_id', '=', a.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const drafts = await db.selectFrom('exam_drafts').select(['question_id', 'answer', 'updated_at']).where('attempt_id', '=', a.id).orderBy('question_id').execute();
    const late = await db
      .selectFrom('exam_late_answers')
      .select(['question_id', 'kind', 'answer', 'given_at', 'received_at', 'source', 'decision', 'decided_at', 'reason'])
      .where('attempt_id', '=', a.id)
      .orderBy('received_at')
      .execute();
    const reports = await db.selectFrom('exam_problem_reports').select(['question_id', 'message', 'created_at', 'handled_at']).where('attempt_id', '=', a.id).orderBy('created_at').execute();
    const signals = await db.selectFrom('exam_signal_counts').select(['type', 'count', 'first_at', 'last_at']).where('attempt_id', '=', a.id).orderBy('type').execute();
    const regrades = closed
      ? await db.selectFrom('regrade_log').select(['question_id', 'old_state', 'new_state', 'old_score', 'new_score', 'created_at']).where('exam_id', '=', a.exam_id).where('user_id', '=', userId).orderBy('created_at').execute()
      : [];
    // People's marks only once published (docs/correction-humaine.md): before, the copy reads as still waiting.
    const published = await marksPublished(db, a.exam_id);
    const marks = closed && published
      ? await db.selectFrom('exam_marks').select(['question_id', 'points', 'comment', 'graded_by_name', 'graded_at', 'rubric_levels', 'annotations']).where('attempt_id', '=', a.id).orderBy('question_id').execute()
      : [];
    const markerMarks = closed && published
      ? await db.selectFrom('exam_marker_marks').select(['question_id', 'slot', 'points', 'comment', 'graded_by_name', 'graded_at', 'rubric_levels', 'annotations']).where('attempt_id', '=', a.id).orderBy('question_id').orderBy('slot').execute()
      : [];
    // Unpublished: the answers to questions a person grades read as waiting, the score is held back, and the
    // journal's grading events stay out (they enter with the publication).
    const human = published
      ? new Set<number>()
      : new Set((await db.selectFrom('questions').select('id').where('id', 'in', [0, ...questions.map((x) => x.question_id)]).where('type', 'in', humanGradedTypes() as never[]).execute()).map((r) => r.id));
    const held = human.size > 0 && subs.some((s) => human.has(s.question_id));
    const extra = await db.selectFrom('exam_extra_time').select('minutes').where('exam_id', '=', a.exam_id).where('user_id', '=', userId).executeTakeFirst();
    const cases = closed ? await similarityCasesOf(ctx, a.id) : [];
    const journal = closed ? await readJournal(ctx, a.exam_id, userId).catch(() => null) : null;
    const q = (id: number | null) => (id === null ? null : (position.get(id) ?? null));
    attempts.push({
      exam: { id: a.exam_id, title: a.title, academic_year: a.academic_year, start_at: new Date(a.start_at).toISOString(), end_at: new Date(a.end_at).toISOString(), closed },
      attempt: plain({
        started_at: a.started_at,
        deadline: a.deadline,
        finished_at: a.finished_at,
        ...(closed && !held ? { score: a.score, max_score: a.max_score, validated_count: a.validated_count } : {}),
        ip: a.ip,
        user_agent: a.user_agent,
        last_seen_at: a.last_seen_at,
        checked_at: a.checked_at,
      }),
      extra_minutes: extra?.minutes ?? null,
      questions: questions.map((x) => ({ position: x.position, points: Number(x.points), variant_seed: x.variant_seed })),
      answers: subs.map((s) =>
        plain({
          question: q(s.question_id),
          submitted_at: s.created_at,
          answer: parsed(s.answer),
          automatic: s.auto === 1,
          ...(closed && human.has(s.question_id) ? { details: waitingDetails(parsed(s.details)) } : {}),
          ...(closed && !human.has(s.question_id) ? { validated: s.is_valid === 1, score_fraction: Number(s.score), penalty: Number(s.penalty), details: parsed(s.details) } : {}),
          ip: s.ip,
          user_agent: s.user_agent,
        }),
      ),
      drafts: drafts.map((d) => plain({ question: q(d.question_id), answer: parsed(d.answer), updated_at: d.updated_at })),
      late_answers: late.map((l) => plain({ question: q(l.question_id), kind: l.kind, answer: parsed(l.answer), given_at: l.given_at, received_at: l.received_at, source: l.source, decision: l.decision, decided_at: l.decided_at, reason: l.reason })),
      problem_reports: reports.map((r) => plain({ question: q(r.question_id), message: r.message, created_at: r.created_at, handled_at: r.handled_at })),
      signals: signals.map((s) => plain(s)),
      regrades: regrades.map((r) => plain({ question: q(r.question_id), old_state: r.old_state, new_state: r.new_state, old_score: Number(r.old_score), new_score: Number(r.new_score), at: r.created_at })),
      similarity_cases: cases,
      marks: marks.map((m) => plain({ question: q(m.question_id), points: Number(m.points), comment: m.comment, rubric_levels: parsed(m.rubric_levels), annotations: parsed(m.annotations), graded_by: m.graded_by_name, graded_at: m.graded_at })),
      marks_held: held,
      // Each marker's rubric levels and annotations with their mark (migration 051-marker-rubrics), as the final mark's.
      marker_marks: markerMarks.map((m) =>
        plain({ question: q(m.question_id), marker: m.slot, points: Number(m.points), comment: m.comment, rubric_levels: parsed(m.rubric_levels), annotations: parsed(m.annotations), graded_by: m.graded_by_name, graded_at: m.graded_at }),
      ),
      journal: journal ? journal.events.filter((e) => published || (e.type !== 'MARK' && e.type !== 'MARKER_MARK')).map((e) => ({ seq: e.seq, type: e.type, at: e.at, client_at: e.client_at, data: e.data, hash: e.hash })) : null,
      journal_last_hash: journal?.last_hash ?? null,
    });
  }

  const practice = await db
    .selectFrom('practice_attempts as p')
    .leftJoin('questions as q', 'q.id', 'p.question_id')
    .leftJoin('courses as c', 'c.id', 'q.course_id')
    .select(['p.question_id', 'c.title as course', 'p.created_at', 'p.is_valid', 'p.answer', 'p.details'])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at')
    .execute();
  const holds = await db
    .selectFrom('retention_holds as h')
    .leftJoin('academic_years as y', 'y.id', 'h.academic_year_id')
    .leftJoin('exams as e', 'e.id', 'h.exam_id')
    .select(['h.kind', 'h.reason', 'y.label as academic_year', 'e.title as exam', 'h.created_at', 'h.released_at', 'h.release_reason'])
    .where('h.user_id', '=', userId)
    .orderBy('h.created_at')
    .execute();
  const requests = await db
    .selectFrom('data_deletion_requests')
    .select(['message', 'status', 'created_at', 'decided_at', 'decision_reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

  const ltiLinks = await db
    .selectFrom('lti_user_links as l')
    .innerJoin('lti_platforms as p', 'p.id', 'l.platform_id')
    .select(['p.name as platform', 'l.subject', 'l.created_at', 'l.last_launch_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at')
    .execute();
  const ltiGrades = await db
    .selectFrom('lti_grades as g')
    .innerJoin('lti_resource_links as r', 'r.id', 'g.resource_link_pk')
    .innerJoin('lti_platforms as p', 'p.id', 'r.platform_id')
    .select(['p.name as platform', 'r.title as activity', 'g.score_given', 'g.score_maximum', 'g.state', 'g.sent_score', 'g.sent_maximum', 'g.sent_at', 'g.updated_at'])
    .where('g.user_id', '=', userId)
    .orderBy('g.updated_at')
    .execute();

  return {
    made_at: new Date().toISOString(),
    account: plain(account),
    enrolments,
    attempts,
    practice: practice.map((p) => plain({ question_id: p.question_id, course: p.course, at: p.created_at, validated: p.is_valid === 1, answer: parsed(p.answer), details: parsed(p.details) })),
    holds: holds.map((h) => plain(h)),
    deletion_requests: requests.map((r) => plain(r)),
    lti: {
      links: ltiLinks.map((l) => plain(l)),
      grades: ltiGrades.map((g) => plain({ ...g, score_given: g.score_given === null ? null : Number(g.score_given), score_maximum: Number(g.score_maximum), sent_score: g.sent_score === null ? null : Number(g.sent_score), sent_maximum: g.sent_maximum === null ? null : Number(g.sent_maximum) })),
    },
    copy_accesses: await copyAccesses(ctx, userId),
  };
}

/** The similarity cases that name this copy: their state and decision, and the steps about this copy or the whole case
 *  (a step about another student's copy is theirs, never shown here). While a case is open, only what was exchanged
 *  with the student (messages and replies) is given: the staff's notes of an inquiry in progress come with its decision. */
async function similarityCasesOf(ctx: AppContext, attemptId: number): Promise<Array<Record<string, unknown>>> {
  const cases = await ctx.db
    .selectFrom('similarity_case_members as m')
    .innerJoin('similarity_cases as c', 'c.id', 'm.case_id')
    .select(['c.id', 'c.status', 'c.decision', 'c.created_at'])
    .where('m.attempt_id', '=', attemptId)
    .orderBy('c.created_at')
    .execute();
  const out: Array<Record<string, unknown>> = [];
  for (const c of cases) {
    const steps = await ctx.db
      .selectFrom('similarity_case_steps')
      .select(['type', 'text', 'decision', 'new_points', 'author', 'at'])
      .where('case_id', '=', c.id)
      .where((eb) => eb.or([eb('attempt_id', 'is', null), eb('attempt_id', '=', attemptId)]))
      .$if(c.status !== 'DECIDED', (q) => q.where('type', 'in', ['MESSAGE', 'REPLY']))
      .orderBy('at')
      .orderBy('id')
      .execute();
    out.push(plain({ case: c.id, status: c.status, decision: c.decision, opened_at: c.created_at, steps: steps.map((s) => plain(s)) }));
  }
  return out;
}
