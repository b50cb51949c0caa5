// Class lists (Names and Role Provisioning Services 2.0): staff pull the members of a platform's course; its
// learners become students of the year and parcours staff chose (matched by (platform, subject), created when
// new), in one transaction. A student's own settings (extra time, accommodations, names) are never touched.
import { sql } from 'kysely';
import type { LtiClassListImport, LtiClassListResult } from '@exam/shared';
import type { Db } from '../../db/schema';
import { notFound, unprocessable, HttpError } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { roleOf, userOfSubject } from './launch';
import { findPlatform } from './repository';
import { accessToken, PlatformCallError, platformFetch, SCOPES } from './services';

const MAX_PAGES = 50;
const MAX_MEMBERS = 5000;

interface Member {
  user_id?: unknown;
  status?: unknown;
  roles?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  email?: unknown;
}

export async function listContexts(db: Db) {
  const rows = await db
    .selectFrom('lti_contexts as c')
    .innerJoin('lti_platforms as p', 'p.id', 'c.platform_id')
    .select(['c.id', 'p.name as platform', 'c.context_id', 'c.title', 'c.label', 'c.memberships_url'])
    .orderBy('p.name')
    .orderBy('c.title')
    .orderBy('c.id')
    .limit(500)
    .execute();
  return rows.map(({ memberships_url, ...r }) => ({ ...r, has_class_list: !!memberships_url }));
}

/** Every member, following the `next` links of the service (bounded). */
async function fetchMembers(url: string, token: string): Promise<Member[]> {
  const members: Member[] = [];
  let next: string | null = url;
  for (let pageNo = 0; next && pageNo < MAX_PAGES && members.length < MAX_MEMBERS; pageNo++) {
    const res = await platformFetch(next, { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' } });
    const body = (await res.json().catch(() => ({}))) as { members?: unknown };
    if (Array.isArray(body.members)) members.push(...(body.members as Member[]));
    const link = res.headers.get('link') ?? '';
    next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] ?? null;
  }
  return members.slice(0, MAX_MEMBERS);
}

export async function importClassList(db: Db, contextPk: number, input: LtiClassListImport): Promise<LtiClassListResult> {
  const context = await db.selectFrom('lti_contexts').selectAll().where('id', '=', contextPk).executeTakeFirst();
  if (!context) throw notFound('Ce cours de plateforme est introuvable.');
  if (!context.memberships_url) throw new HttpError(409, 'Cette plateforme ne donne pas la liste des membres de ce cours (service NRPS absent du lancement).');
  const [year, spec] = await Promise.all([
    db.selectFrom('academic_years').select('id').where('id', '=', input.academic_year_id).executeTakeFirst(),
    db.selectFrom('specializations').select('id').where('id', '=', input.specialization_id).executeTakeFirst(),
  ]);
  const errors: Record<string, string[]> = {};
  if (!year) errors.academic_year_id = ['Cette année universitaire n’existe pas.'];
  if (!spec) errors.specialization_id = ['Ce parcours n’existe pas.'];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const platform = await findPlatform(db, context.platform_id);
  if (!platform) throw notFound('Plateforme introuvable.');
  let members: Member[];
  try {
    members = await fetchMembers(context.memberships_url, await accessToken(db, platform, [SCOPES.memberships]));
  } catch (err) {
    if (err instanceof PlatformCallError) throw new HttpError(503, `Liste des membres inaccessible : ${err.message}`);
    throw err;
  }
  return withTransaction(db, async (trx) => {
    const result = { created: 0, enrolled: 0, unchanged: 0, skipped: 0 };
    for (const m of members) {
      const sub = typeof m.user_id === 'string' ? m.user_id.slice(0, 255) : '';
      const active = m.status === undefined || m.status === 'Active';
      if (!sub || !active || roleOf(m.roles, platform.role_map) !== 'STUDENT') {
        result.skipped += 1;
        continue;
      }
      const user = await userOfSubject(trx, platform, { sub, given_name: m.given_name, family_name: m.family_name, name: m.name, email: m.email }, 'STUDENT', false);
      const row = await trx.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (row.role !== 'STUDENT') {
        result.skipped += 1;
        continue;
      }
      const inserted = await trx
        .insertInto('student_enrolments')
        .values({ user_id: user.id, academic_year_id: input.academic_year_id, specialization_id: input.specialization_id })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (user.created) result.created += 1;
      else if (inserted) result.enrolled += 1;
      else result.unchanged += 1;
    }
    await trx.updateTable('lti_contexts').set({ updated_at: sql`now()` }).where('id', '=', contextPk).execute();
    return result;
  });
}
