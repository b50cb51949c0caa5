// Accommodations (aménagements d'examen) a « service d'accueil » asks for, recorded on the student: the reason
// category of the extra-time factor (tiers-temps or another arrangement; never the medical detail, which stays with
// that service), a separate room (a note for the invigilators' live page) and larger text on the exam page.
// An attempt keeps the factor it started with: a later change of the student's factor never rewrites its time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('accommodation_reason', 'text', (c) => c.check(sql`accommodation_reason in ('TIERS_TEMPS', 'AUTRE')`))
    .addColumn('separate_room', 'integer', (c) => c.notNull().defaultTo(0).check(sql`separate_room in (0, 1)`))
    .addColumn('large_text', 'integer', (c) => c.notNull().defaultTo(0).check(sql`large_text in (0, 1)`))
    .execute();
  // A factor set before the reason existed was a tiers-temps.
  await sql`update users set accommodation_reason = 'TIERS_TEMPS' where extra_time_factor > 1`.execute(db);

  await db.schema
    .alterTable('exam_attempts')
    .addColumn('extra_time_factor', 'numeric(4, 2)', (c) => c.notNull().defaultTo(1).check(sql`extra_time_factor >= 1 and extra_time_factor <= 3`))
    .execute();
  await backfillAttemptFactors(db);
}

/**
 * Existing attempts: the factor their own times show, when they can tell it (a timed exam whose deadline came before
 * the closing time: deadline − start = duration with the time for everyone × factor + extra minutes); otherwise (no
 * duration, or a deadline held at the closing time) the student's factor of today, the best known.
 */
export async function backfillAttemptFactors(db: Kysely<unknown>): Promise<void> {
  await sql`
    update exam_attempts a set extra_time_factor = coalesce(
      (
        select least(3, greatest(1, round((
          (extract(epoch from (a.deadline - a.started_at)) / 60 - coalesce((select x.minutes from exam_extra_time x where x.exam_id = a.exam_id and x.user_id = a.user_id), 0))
          / ceil(e.duration_minutes * (100 + coalesce((select r.time_bonus_percent from exam_access_rules r where r.exam_id = e.id), 0)) / 100.0 - 1e-9)
        )::numeric, 2)))
        from exams e
        where e.id = a.exam_id and e.duration_minutes is not null and e.duration_minutes > 0 and a.deadline < e.end_at
      ),
      (select u.extra_time_factor from users u where u.id = a.user_id),
      1
    )
  `.execute(db);
}
