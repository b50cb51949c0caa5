// The log of staff readings of a student's copy, journal, appeal file or data archive (table copy_accesses).
import type { StudentAccess, StudentReadKind } from '@exam/shared';
import type { Db } from '../../db/schema';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(v as string)).toISOString();

export async function insertAccess(db: Db, v: { staff_id: number; staff_name: string; student_id: number; exam_id: number | null; what: StudentReadKind }): Promise<void> {
  // The attempt read, when the read is of one: its row goes with the attempt (docs/donnees-personnelles.md).
  const attempt =
    v.exam_id === null
      ? undefined
      : await db.selectFrom('exam_attempts').select('id').where('exam_id', '=', v.exam_id).where('user_id', '=', v.student_id).executeTakeFirst();
  await db
    .insertInto('copy_accesses')
    .values({ staff_id: v.staff_id, staff_name: v.staff_name, student_id: v.student_id, exam_id: v.exam_id, attempt_id: attempt?.id ?? null, what: v.what })
    .execute();
}

/** A student's readings by staff, the most recent first; `examId` keeps those of one exam. */
export async function accessesOf(db: Db, studentId: number, examId?: number): Promise<StudentAccess[]> {
  let q = db
    .selectFrom('copy_accesses as c')
    .leftJoin('exams as e', 'e.id', 'c.exam_id')
    .select(['c.id', 'c.at', 'c.staff_name', 'c.staff_id', 'c.what', 'c.exam_id', 'e.title as exam_title'])
    .where('c.student_id', '=', studentId);
  if (examId !== undefined) q = q.where('c.exam_id', '=', examId);
  const rows = await q.orderBy('c.at', 'desc').orderBy('c.id', 'desc').execute();
  return rows.map((r) => ({ ...r, at: iso(r.at), exam_title: r.exam_title ?? null }));
}
