// A checked launch, written in one transaction: the nonce and state consumed, the person matched by (platform,
// subject) or created, the course context and the activity recorded, and a one-use code the web app exchanges for
// a session. Nothing here runs for a refused launch (oidc.ts checks everything first).
import { sql } from 'kysely';
import { CONTROL_CHARS } from '@exam/shared';
import type { Db } from '../../db/schema';
import { withTransaction } from '../../lib/transaction';
import { acceptLaunch, CLAIM, LtiRefusal, randomToken, sha256, type VerifiedLaunch } from './oidc';
import type { PlatformRow } from './repository';

/** A hand-off code lets its browser into the web app within a minute, once. */
const HANDOFF_TTL_MS = 60_000;
/** A deep-linking request waits an hour for the teacher's pick. */
export const DEEP_LINK_TTL_MS = 3600_000;
/** Launched people sign in through their platform only: this hash never matches a password. */
export const NO_PASSWORD = '!lti';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
const TEACHING = ['membership#Instructor', 'membership#ContentDeveloper', 'membership#Mentor', 'membership/Instructor#TeachingAssistant'];
const ADMINISTRATION = ['membership#Administrator', 'institution/person#Administrator', 'system/person#Administrator', 'system/person#SysAdmin'];

/**
 * The role a launch gives: a role the platform's mapping names first; then Instructor (and content developers,
 * mentors, teaching assistants) and administrators → teacher; anything else → student (the least).
 */
export function roleOf(roles: unknown, map: Record<string, 'TEACHER' | 'STUDENT'>): 'TEACHER' | 'STUDENT' {
  const list = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  const mapped = list.map((r) => map[r]).filter(Boolean);
  if (mapped.includes('TEACHER')) return 'TEACHER';
  if (mapped.includes('STUDENT')) return 'STUDENT';
  const is = (names: string[]) => list.some((r) => names.some((n) => r === LIS + n || r === n.split('#')[1]));
  if (is(TEACHING) || is(ADMINISTRATION)) return 'TEACHER';
  return 'STUDENT';
}

/** A claim's text, control characters made spaces (a NUL byte cannot be stored), cut to its column. */
const CONTROL = new RegExp(CONTROL_CHARS.source, 'g');
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(CONTROL, ' ').trim().slice(0, max) : '');

export interface PersonClaims {
  sub: string;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  email?: unknown;
}

/** Finds the user of (platform, subject), or creates them; never by a name or an e-mail. Returns the user id. */
export async function userOfSubject(trx: Db, platform: PlatformRow, person: PersonClaims, role: 'TEACHER' | 'STUDENT', updateRole: boolean): Promise<{ id: number; created: boolean }> {
  const link = await trx
    .selectFrom('lti_user_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.role'])
    .where('l.platform_id', '=', platform.id)
    .where('l.subject', '=', person.sub)
    .executeTakeFirst();
  if (link) {
    await trx.updateTable('lti_user_links').set({ last_launch_at: sql`now()` }).where('platform_id', '=', platform.id).where('subject', '=', person.sub).execute();
    // The platform says who teaches in its course; an administrator of this platform stays one.
    if (updateRole && link.role !== 'ADMIN' && link.role !== role) await trx.updateTable('users').set({ role }).where('id', '=', link.id).execute();
    return { id: link.id, created: false };
  }
  const fullName = str(person.name, 200);
  const first = str(person.given_name, 100) || fullName.split(' ')[0] || 'Utilisateur';
  const last = str(person.family_name, 100) || fullName.split(' ').slice(1).join(' ') || `LTI ${sha256(person.sub).slice(0, 8)}`;
  const given = str(person.email, 255).toLowerCase();
  // The platform's e-mail when no account here has it (an account is never taken over by its e-mail); otherwise an
  // address of its own that no mail reaches.
  const taken = given ? await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', given).executeTakeFirst() : undefined;
  const email = given && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(given) && !taken ? given : `lti-${platform.id}-${sha256(person.sub).slice(0, 20)}@lti.invalid`;
  const user = await trx
    .insertInto('users')
    .values({ last_name: last, first_name: first, email, password_hash: NO_PASSWORD, role })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('lti_user_links').values({ platform_id: platform.id, subject: person.sub, user_id: user.id }).execute();
  return { id: user.id, created: true };
}

async function upsertContext(trx: Db, platformId: number, claims: VerifiedLaunch['claims']): Promise<number | null> {
  const ctx = claims[CLAIM.context] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
  const contextId = str(ctx?.id, 255);
  if (!contextId) return null;
  const nrps = claims[CLAIM.nrps] as { context_memberships_url?: unknown } | undefined;
  const membershipsUrl = str(nrps?.context_memberships_url, 1000) || null;
  const row = await trx
    .insertInto('lti_contexts')
    .values({ platform_id: platformId, context_id: contextId, title: str(ctx?.title, 500), label: str(ctx?.label, 255), memberships_url: membershipsUrl })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'context_id']).doUpdateSet({
        title: (eb) => eb.ref('excluded.title'),
        label: (eb) => eb.ref('excluded.label'),
        memberships_url: sql`coalesce(excluded.memberships_url, lti_contexts.memberships_url)`,
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : typeof v === 'number' && Number.isInteger(v) ? v : NaN;
  return n > 0 && n <= 2_147_483_647 ? n : null;
};

interface LinkTarget {
  id: number;
  exam_id: number | null;
  course_id: number | null;
}

/** Records the activity; its exam or course comes from the custom parameters the deep link set (kept once bound). */
async function upsertResourceLink(trx: Db, v: VerifiedLaunch, contextPk: number | null): Promise<LinkTarget | null> {
  const rl = v.claims[CLAIM.resourceLink] as { id?: unknown; title?: unknown } | undefined;
  const linkId = str(rl?.id, 255);
  if (!linkId) return null;
  const custom = (v.claims[CLAIM.custom] ?? {}) as Record<string, unknown>;
  let examId = positiveId(custom.exam_id);
  let courseId = positiveId(custom.course_id);
  if (examId && !(await trx.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst())) examId = null;
  if (courseId && !(await trx.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst())) courseId = null;
  const ags = v.claims[CLAIM.ags] as { lineitem?: unknown; lineitems?: unknown; scope?: unknown } | undefined;
  const scopes = Array.isArray(ags?.scope) ? ags.scope.filter((s): s is string => typeof s === 'string').slice(0, 10) : [];
  const row = await trx
    .insertInto('lti_resource_links')
    .values({
      platform_id: v.platform.id,
      context_pk: contextPk,
      resource_link_id: linkId,
      deployment_id: v.deploymentId,
      title: str(rl?.title, 500),
      exam_id: examId,
      course_id: examId ? null : courseId,
      lineitems_url: str(ags?.lineitems, 1000) || null,
      lineitem_url: str(ags?.lineitem, 1000) || null,
      ags_scopes: JSON.stringify(scopes),
    })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'resource_link_id']).doUpdateSet({
        context_pk: sql`coalesce(excluded.context_pk, lti_resource_links.context_pk)`,
        title: (eb) => eb.ref('excluded.title'),
        // Bound once: a later launch never moves an activity to another exam.
        exam_id: sql`coalesce(lti_resource_links.exam_id, excluded.exam_id)`,
        course_id: sql`coalesce(lti_resource_links.course_id, excluded.course_id)`,
        lineitems_url: sql`coalesce(excluded.lineitems_url, lti_resource_links.lineitems_url)`,
        // The line item the platform names wins; one we found or made earlier stays otherwise.
        lineitem_url: sql`coalesce(excluded.lineitem_url, lti_resource_links.lineitem_url)`,
        ags_scopes: sql`case when jsonb_array_length(excluded.ags_scopes) > 0 then excluded.ags_scopes else lti_resource_links.ags_scopes end`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['id', 'exam_id', 'course_id'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A launched student needs a year and a parcours to see the exam: the exam's, when none for that year yet. */
async function enrolForExam(trx: Db, userId: number, examId: number): Promise<void> {
  const exam = await trx.selectFrom('exams').select('academic_year_id').where('id', '=', examId).executeTakeFirst();
  if (!exam) return;
  const already = await trx.selectFrom('student_enrolments').select('user_id').where('user_id', '=', userId).where('academic_year_id', '=', exam.academic_year_id).executeTakeFirst();
  if (already) return;
  const spec = await trx.selectFrom('exam_specializations').select('specialization_id').where('exam_id', '=', examId).orderBy('specialization_id').executeTakeFirst();
  if (!spec) return;
  await trx.insertInto('student_enrolments').values({ user_id: userId, academic_year_id: exam.academic_year_id, specialization_id: spec.specialization_id }).execute();
}

export type LaunchOutcome =
  | { kind: 'session'; code: string }
  | { kind: 'deep-link'; token: string };

/** Writes the checked launch and answers where its browser goes next. */
export async function completeLaunch(db: Db, v: VerifiedLaunch): Promise<LaunchOutcome> {
  const role = roleOf(v.claims[CLAIM.roles], v.platform.role_map);
  if (v.messageType === 'LtiDeepLinkingRequest') {
    if (role !== 'TEACHER') throw new LtiRefusal('Seul un enseignant peut ajouter une activité de cette plateforme à un cours.', 403);
    const settings = v.claims[CLAIM.deepLinking] as { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown } | undefined;
    const returnUrl = str(settings?.deep_link_return_url, 1000);
    if (!returnUrl || !URL.canParse(returnUrl)) throw new LtiRefusal('Demande d’ajout d’activité sans adresse de retour (deep_link_return_url).');
    if (Array.isArray(settings?.accept_types) && !settings.accept_types.includes('ltiResourceLink')) {
      throw new LtiRefusal('La plateforme n’accepte pas de lien d’activité (ltiResourceLink) en retour.');
    }
    return withTransaction(db, async (trx) => {
      await acceptLaunch(trx, v);
      const user = await userOfSubject(trx, v.platform, v.claims as unknown as PersonClaims, role, true);
      await upsertContext(trx, v.platform.id, v.claims);
      const token = randomToken();
      await trx
        .insertInto('lti_deep_link_requests')
        .values({
          token_hash: sha256(token),
          platform_id: v.platform.id,
          deployment_id: v.deploymentId,
          user_id: user.id,
          return_url: returnUrl,
          data: typeof settings?.data === 'string' ? settings.data.slice(0, 4000) : null,
          expires_at: new Date(Date.now() + DEEP_LINK_TTL_MS),
        })
        .execute();
      return { kind: 'deep-link', token } as const;
    });
  }
  return withTransaction(db, async (trx) => {
    await acceptLaunch(trx, v);
    const user = await userOfSubject(trx, v.platform, v.claims as unknown as PersonClaims, role, true);
    const contextPk = await upsertContext(trx, v.platform.id, v.claims);
    const link = await upsertResourceLink(trx, v, contextPk);
    let target = role === 'TEACHER' ? '/dashboard' : '/student';
    if (link) {
      await trx.insertInto('lti_link_members').values({ resource_link_pk: link.id, user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
    }
    if (link?.exam_id) {
      if (role === 'STUDENT') await enrolForExam(trx, user.id, link.exam_id);
      target = role === 'TEACHER' ? `/dashboard/exam-results/${link.exam_id}/show` : `/student/exams/${link.exam_id}/handle`;
    } else if (link?.course_id) {
      target = role === 'TEACHER' ? `/dashboard/courses/${link.course_id}/edit` : `/student/practice/${link.course_id}/exercise`;
    }
    const code = randomToken();
    await trx.insertInto('lti_handoffs').values({ code_hash: sha256(code), user_id: user.id, target, expires_at: new Date(Date.now() + HANDOFF_TTL_MS) }).execute();
    return { kind: 'session', code } as const;
  });
}

/** The web app's exchange of a hand-off code: one use, within its minute. */
export async function takeHandoff(db: Db, code: string): Promise<{ user_id: number; target: string } | undefined> {
  return db
    .deleteFrom('lti_handoffs')
    .where('code_hash', '=', sha256(code))
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'target'])
    .executeTakeFirst();
}
