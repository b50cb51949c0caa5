// Reads and writes of exam_access_rules (one row per exam that has rules; none: no rule), and the deadlines of
// open attempts when the time for everyone changes.
import { sql } from 'kysely';
import { attemptDeadline, durationWithBonus } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { Trx } from '../../lib/transaction';

export interface StoredAccessRules {
  exam_id: number;
  access_code: string | null;
  allowed_networks: string[];
  single_session: 0 | 1;
  seb_required: 0 | 1;
  seb_config_key: string | null;
  seb_browser_exam_keys: string[];
  seb_file_password: string | null;
  hide_verdicts: 0 | 1;
  time_bonus_percent: number;
  updated_at: Date | null;
}

export const noAccessRules = (examId: number): StoredAccessRules => ({
  exam_id: examId,
  access_code: null,
  allowed_networks: [],
  single_session: 0,
  seb_required: 0,
  seb_config_key: null,
  seb_browser_exam_keys: [],
  seb_file_password: null,
  hide_verdicts: 0,
  time_bonus_percent: 0,
  updated_at: null,
});

const flag = (n: number): 0 | 1 => (n ? 1 : 0);

export type AccessRulesRow = {
  exam_id: number;
  access_code: string | null;
  allowed_networks: unknown;
  single_session: number;
  seb_required: number;
  seb_config_key: string | null;
  seb_browser_exam_keys: unknown;
  seb_file_password: string | null;
  hide_verdicts: number;
  time_bonus_percent: number;
  updated_at: Date;
};

export const rulesOfRow = (r: AccessRulesRow): StoredAccessRules => ({
  exam_id: r.exam_id,
  access_code: r.access_code,
  allowed_networks: Array.isArray(r.allowed_networks) ? (r.allowed_networks as string[]) : [],
  single_session: flag(r.single_session),
  seb_required: flag(r.seb_required),
  seb_config_key: r.seb_config_key,
  seb_browser_exam_keys: Array.isArray(r.seb_browser_exam_keys) ? (r.seb_browser_exam_keys as string[]) : [],
  seb_file_password: r.seb_file_password,
  hide_verdicts: flag(r.hide_verdicts),
  time_bonus_percent: Number(r.time_bonus_percent),
  updated_at: new Date(r.updated_at),
});

/** The exam's rules; the defaults (no rule) when it has none. */
export async function findAccessRules(db: Db, examId: number): Promise<StoredAccessRules> {
  const r = await db.selectFrom('exam_access_rules').selectAll().where('exam_id', '=', examId).executeTakeFirst();
  return r ? rulesOfRow(r) : noAccessRules(examId);
}

/** The rules of several exams (a student's list), by exam id; absent: no rule. */
export async function findAccessRulesOf(db: Db, examIds: number[]): Promise<Map<number, StoredAccessRules>> {
  if (examIds.length === 0) return new Map();
  const rows = await db.selectFrom('exam_access_rules').selectAll().where('exam_id', 'in', examIds).execute();
  return new Map(rows.map((r) => [r.exam_id, rulesOfRow(r)]));
}

export async function upsertAccessRules(trx: Trx, rules: Omit<StoredAccessRules, 'updated_at'>): Promise<void> {
  const values = { ...rules, allowed_networks: JSON.stringify(rules.allowed_networks), seb_browser_exam_keys: JSON.stringify(rules.seb_browser_exam_keys), updated_at: new Date() };
  const { exam_id: _id, ...changes } = values;
  await trx
    .insertInto('exam_access_rules')
    .values(values)
    .onConflict((oc) => oc.column('exam_id').doUpdateSet(changes))
    .execute();
}

/**
 * After the time for everyone changed: the deadline of each attempt still running (not finished, its end not yet
 * settled) is computed again from its start, as a start would now (duration with the bonus × the attempt's factor +
 * their extra minutes, never after the closing time). Returns the attempts that moved, with their new deadline.
 */
export async function recomputeOpenDeadlines(trx: Trx, examId: number, bonusPercent: number): Promise<Array<{ attempt_id: number; deadline: Date }>> {
  const open = await trx
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .leftJoin('exam_extra_time as x', (j) => j.onRef('x.exam_id', '=', 'a.exam_id').onRef('x.user_id', '=', 'a.user_id'))
    // The factor the attempt started with, not the student's factor of today.
    .select(['a.id', 'a.started_at', 'a.deadline', 'e.end_at', 'e.duration_minutes', 'a.extra_time_factor', sql<number | null>`x.minutes`.as('minutes')])
    .where('a.exam_id', '=', examId)
    .where('a.finished_at', 'is', null)
    .where('a.drafts_settled_at', 'is', null)
    .forUpdate('a')
    .execute();
  const moved: Array<{ attempt_id: number; deadline: Date }> = [];
  for (const a of open) {
    const deadline = attemptDeadline(new Date(a.started_at as unknown as string), new Date(a.end_at as unknown as string), {
      duration_minutes: durationWithBonus(a.duration_minutes, bonusPercent),
      extra_time_factor: Number(a.extra_time_factor),
      extra_minutes: Number(a.minutes ?? 0),
    });
    if (deadline.getTime() === new Date(a.deadline as unknown as string).getTime()) continue;
    await trx.updateTable('exam_attempts').set({ deadline }).where('id', '=', a.id).execute();
    moved.push({ attempt_id: a.id, deadline });
  }
  return moved;
}
