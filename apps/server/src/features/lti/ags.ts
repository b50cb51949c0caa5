// Grades back (Assignment and Grade Services 2.0). A sweep finds, for every activity bound to an exam, the students
// who launched that activity and whose attempt is final (finished, its drafts graded) and writes the score that counts (the attempt's
// score, the results' one rule) into lti_grades; a row whose score changed is due again. A row whose attempt is no
// longer final (a mark withdrawn: the copy is back in correction) loses its score and is due again: the platform is
// told the grade awaits a person's correction, and gets the score once the copy is marked. The sender posts due rows
// to the activity's line item — the one the deep link made or the launch named, found or made once otherwise,
// never a second one — and backs off when the platform fails (1, 2, 4… minutes, at most 6 hours).
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { humanGradedTypes } from '../exam-taking';
import { findPlatform } from './repository';
import { accessToken, forgetTokens, PlatformCallError, platformFetch, SCOPES } from './services';

const BATCH = 25;
const LEASE_MS = 5 * 60_000;
export const backoffMs = (tries: number) => Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, tries - 1));

/** Brings lti_grades up to date with the final attempts; returns how many rows became due. */
export async function syncGrades(db: Db): Promise<number> {
  const res = await sql`
    insert into lti_grades (resource_link_pk, user_id, score_given, score_maximum)
    select rl.id, a.user_id, coalesce(a.score, 0), coalesce(a.max_score, 0)
    from lti_resource_links rl
    join lti_link_members m on m.resource_link_pk = rl.id
    join exam_attempts a on a.exam_id = rl.exam_id and a.user_id = m.user_id
    where rl.exam_id is not null and a.finished_at is not null and a.drafts_settled_at is not null and a.max_score is not null
      -- an attempt with answers waiting for a person (essays) has no final score yet: sent once they are marked
      and not exists (select 1 from exam_submissions s where s.attempt_id = a.id and s.pending = 1)
      -- marks given by people go out once the teacher has published the exam's marks (docs/correction-humaine.md)
      and (exists (select 1 from exam_grading g where g.exam_id = a.exam_id and g.published_at is not null)
        or not exists (select 1 from exam_submissions s join questions q on q.id = s.question_id where s.attempt_id = a.id and q.type = any(${humanGradedTypes()}::text[])))
      and (rl.lineitem_url is not null or rl.lineitems_url is not null)
    on conflict (resource_link_pk, user_id) do update
      set score_given = excluded.score_given, score_maximum = excluded.score_maximum, state = 'PENDING', tries = 0,
          next_try_at = now(), last_error = null, updated_at = now()
      where lti_grades.score_given is distinct from excluded.score_given or lti_grades.score_maximum is distinct from excluded.score_maximum`.execute(db);
  // A grade whose attempt has an answer waiting for a person again: withdrawn.
  const withdrawn = await sql`
    update lti_grades g set score_given = null, state = 'PENDING', tries = 0, next_try_at = now(), last_error = null, updated_at = now()
    from lti_resource_links rl, exam_attempts a
    where g.resource_link_pk = rl.id and a.exam_id = rl.exam_id and a.user_id = g.user_id and g.score_given is not null
      and exists (select 1 from exam_submissions s where s.attempt_id = a.id and s.pending = 1)`.execute(db);
  return Number(res.numAffectedRows ?? 0) + Number(withdrawn.numAffectedRows ?? 0);
}

interface DueGrade {
  id: number;
  resource_link_pk: number;
  user_id: number;
  /** Null: withdrawn, the platform is told the grade awaits correction. */
  score_given: number | null;
  score_maximum: number;
  tries: number;
}

/** Takes due rows for this process (a lease: another process takes them again only if this one never answers). */
async function claimDue(db: Db): Promise<DueGrade[]> {
  const { rows } = await sql<DueGrade>`
    update lti_grades set next_try_at = now() + ${`${LEASE_MS / 1000} seconds`}::interval
    where id in (select id from lti_grades where state <> 'SENT' and next_try_at <= now() order by next_try_at limit ${BATCH} for update skip locked)
    returning id, resource_link_pk, user_id, score_given, score_maximum, tries`.execute(db);
  return rows.map((r) => ({ ...r, score_given: r.score_given === null ? null : Number(r.score_given), score_maximum: Number(r.score_maximum) }));
}

/** The score service address of a line item: `<lineitem>/scores`, its query string kept. */
export function scoresUrl(lineItem: string): string {
  const u = new URL(lineItem);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/scores`;
  return u.toString();
}

/** The activity's line item: the known one, else the platform's for this resource link, else one made now (kept). */
async function lineItemOf(db: Db, linkPk: number): Promise<{ url: string; platformId: number } | null> {
  const link = await db.selectFrom('lti_resource_links').selectAll().where('id', '=', linkPk).executeTakeFirst();
  if (!link) return null;
  if (link.lineitem_url) return { url: link.lineitem_url, platformId: link.platform_id };
  if (!link.lineitems_url || !link.exam_id) return null;
  const platform = await findPlatform(db, link.platform_id);
  if (!platform) return null;
  const token = await accessToken(db, platform, [SCOPES.lineItem]);
  const list = new URL(link.lineitems_url);
  list.searchParams.set('resource_link_id', link.resource_link_id);
  const found = (await (await platformFetch(list.toString(), { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json' } })).json()) as Array<{ id?: string }>;
  let url = Array.isArray(found) ? found.find((li) => typeof li.id === 'string')?.id : undefined;
  if (!url) {
    const exam = await db.selectFrom('exams').select(['title']).where('id', '=', link.exam_id).executeTakeFirstOrThrow();
    const max = await db.selectFrom('lti_grades').select('score_maximum').where('resource_link_pk', '=', linkPk).executeTakeFirst();
    const made = (await (
      await platformFetch(link.lineitems_url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v2.lineitem+json', accept: 'application/vnd.ims.lis.v2.lineitem+json' },
        body: JSON.stringify({ scoreMaximum: Number(max?.score_maximum ?? 20) || 20, label: exam.title, resourceId: `exam-${link.exam_id}`, resourceLinkId: link.resource_link_id, tag: 'exam' }),
      })
    ).json()) as { id?: string };
    url = made.id;
  }
  if (!url) throw new PlatformCallError('La plateforme n’a pas donné d’élément de notation.');
  // Kept at once: every later grade of the activity goes to this one.
  await db.updateTable('lti_resource_links').set({ lineitem_url: url }).where('id', '=', linkPk).where('lineitem_url', 'is', null).execute();
  const kept = await db.selectFrom('lti_resource_links').select('lineitem_url').where('id', '=', linkPk).executeTakeFirstOrThrow();
  return { url: kept.lineitem_url!, platformId: link.platform_id };
}

async function sendOne(db: Db, g: DueGrade): Promise<void> {
  const item = await lineItemOf(db, g.resource_link_pk);
  if (!item) throw new PlatformCallError('Cette activité n’a pas d’élément de notation sur la plateforme.');
  const platform = await findPlatform(db, item.platformId);
  const subject = await db
    .selectFrom('lti_user_links')
    .select('subject')
    .where('platform_id', '=', item.platformId)
    .where('user_id', '=', g.user_id)
    .executeTakeFirst();
  if (!platform || !subject) throw new PlatformCallError('La personne n’est plus liée à cette plateforme.');
  const token = await accessToken(db, platform, [SCOPES.score]);
  try {
    await platformFetch(scoresUrl(item.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
      // Without a score, the platform clears the one it had and shows the grade as awaiting correction.
      body: JSON.stringify({
        userId: subject.subject,
        ...(g.score_given === null ? {} : { scoreGiven: g.score_given, scoreMaximum: g.score_maximum }),
        activityProgress: 'Completed',
        gradingProgress: g.score_given === null ? 'PendingManual' : 'FullyGraded',
        timestamp: new Date().toISOString(),
      }),
    });
  } catch (err) {
    if (err instanceof PlatformCallError && / 401/.test(err.message)) forgetTokens(platform.id);
    throw err;
  }
}

/** Sends the due grades; returns how many went and how many failed. */
export async function sendDueGrades(db: Db): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const g of await claimDue(db)) {
    try {
      await sendOne(db, g);
      // Sent as it was claimed: if the score changed meanwhile, the row stays due with its new score.
      const r = await db
        .updateTable('lti_grades')
        .set({ state: 'SENT', sent_score: g.score_given, sent_maximum: g.score_maximum, sent_at: sql`now()`, last_error: null, updated_at: sql`now()` })
        .where('id', '=', g.id)
        .where('score_given', 'is not distinct from', g.score_given)
        .where('score_maximum', '=', g.score_maximum)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) await db.updateTable('lti_grades').set({ next_try_at: sql`now()` }).where('id', '=', g.id).execute();
      sent += 1;
    } catch (err) {
      failed += 1;
      const message = (err instanceof PlatformCallError ? err.message : 'Erreur inattendue lors de l’envoi.').slice(0, 500);
      await db
        .updateTable('lti_grades')
        .set({ state: 'FAILED', tries: g.tries + 1, next_try_at: new Date(Date.now() + backoffMs(g.tries + 1)), last_error: message, updated_at: sql`now()` })
        .where('id', '=', g.id)
        .execute();
    }
  }
  return { sent, failed };
}

/** Staff's view of the grades of an exam's activities. */
export async function gradesOfExam(db: Db, examId: number) {
  const rows = await db
    .selectFrom('lti_grades as g')
    .innerJoin('lti_resource_links as rl', 'rl.id', 'g.resource_link_pk')
    .innerJoin('lti_platforms as p', 'p.id', 'rl.platform_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['g.id', 'g.user_id', 'u.last_name', 'u.first_name', 'p.name as platform', 'rl.title as activity', 'g.score_given', 'g.score_maximum', 'g.sent_score', 'g.state', 'g.tries', 'g.next_try_at', 'g.last_error', 'g.sent_at'])
    .where('rl.exam_id', '=', examId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    score_given: r.score_given === null ? null : Number(r.score_given),
    score_maximum: Number(r.score_maximum),
    sent_score: r.sent_score === null ? null : Number(r.sent_score),
    next_try_at: new Date(r.next_try_at).toISOString(),
    sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}

/** Staff ask for a failed grade to be tried now. */
export async function retryGrade(db: Db, id: number): Promise<boolean> {
  const r = await db.updateTable('lti_grades').set({ next_try_at: sql`now()` }).where('id', '=', id).where('state', '!=', 'SENT').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
