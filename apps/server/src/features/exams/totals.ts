// What one student of the exam `e` gets, sections and draws counted: a section drawing `pick` of its questions
// gives `pick` questions worth `pick` × their points (drawn questions are all worth the same); a section without a
// draw, or drawing at least as many as it has, gives all its questions. A question whose section has no row (an exam
// written before sections) is given too.
import { sql } from 'kysely';

/** Per section of `e`: n (its questions), total (their points), top (the highest); summed with `perSection`. */
const sections = sql`exam_sections s
  cross join lateral (
    select count(*) as n, coalesce(sum(q.points), 0) as total, coalesce(max(q.points), 0) as top
    from exam_questions q where q.exam_id = s.exam_id and q.section = s.position) x
  where s.exam_id = e.id`;

/** Questions of `e` in no section. */
const unsectioned = sql`exam_questions q
  where q.exam_id = e.id and not exists (select 1 from exam_sections s where s.exam_id = q.exam_id and s.position = q.section)`;

export const perStudentCount = sql<number>`(
  (select coalesce(sum(least(coalesce(s.pick, x.n), x.n)), 0) from ${sections})
  + (select count(*) from ${unsectioned}))`;

export const perStudentPoints = sql<number>`(
  (select coalesce(sum(case when s.pick is null or s.pick >= x.n then x.total else s.pick * x.top end), 0) from ${sections})
  + (select coalesce(sum(q.points), 0) from ${unsectioned}))`;
