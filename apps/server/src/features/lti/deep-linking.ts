// Deep linking (LTI Deep Linking 2.0): the teacher who adds an activity in the platform picks an exam, or a course's
// practice, on a page of this tool; the choice goes back signed as an LtiDeepLinkingResponse holding one
// ltiResourceLink, with its line item for an exam (scoreMaximum: the exam's points), so the platform makes the one
// gradebook column every grade later goes to.
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { withTransaction } from '../../lib/transaction';
import { perStudentPoints } from '../exams';
import { CLAIM, LtiRefusal, sha256 } from './oidc';
import { signToolJwt } from './keys';
import { findPlatform } from './repository';
import { escapeHtml, page } from './pages';

export const DL_COOKIE = 'lti_dl';

export interface DeepLinkRequest {
  platform_id: number;
  deployment_id: string;
  user_id: number;
  return_url: string;
  data: string | null;
}

/** The pending request of this token, if this browser started it (its cookie) and it has not expired. */
export async function findDeepLinkRequest(db: Db, token: string, cookie: string | undefined): Promise<DeepLinkRequest> {
  if (!cookie || cookie !== token) throw new LtiRefusal('Cette page de choix n’a pas été ouverte depuis ce navigateur. Relancez l’ajout d’activité depuis la plateforme.', 403);
  const row = await db
    .selectFrom('lti_deep_link_requests')
    .select(['platform_id', 'deployment_id', 'user_id', 'return_url', 'data'])
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) throw new LtiRefusal('Cette demande d’ajout d’activité a expiré ou a déjà servi. Relancez-la depuis la plateforme.', 410);
  return row;
}

interface Choice {
  kind: 'exam' | 'course';
  id: number;
  title: string;
  detail: string;
  points?: number;
}

async function choices(db: Db): Promise<Choice[]> {
  const exams = await db
    .selectFrom('exams as e')
    .innerJoin('academic_years as y', 'y.id', 'e.academic_year_id')
    .select(['e.id', 'e.title', 'e.status', 'y.label', perStudentPoints.as('points')])
    .where('e.status', '!=', 'ARCHIVED')
    .orderBy('e.start_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(300)
    .execute();
  const courses = await db
    .selectFrom('courses as c')
    .innerJoin('academic_years as y', 'y.id', 'c.academic_year_id')
    .select(['c.id', 'c.title', 'y.label'])
    .orderBy('c.title')
    .limit(300)
    .execute();
  const status: Record<string, string> = { DRAFT: 'brouillon', PUBLISHED: 'publié', CLOSED: 'clos' };
  return [
    ...exams.map((e) => ({ kind: 'exam' as const, id: e.id, title: e.title, points: Number(e.points), detail: `${e.label}, ${status[e.status] ?? e.status}, ${Number(e.points).toLocaleString('fr-FR')} points` })),
    ...courses.map((c) => ({ kind: 'course' as const, id: c.id, title: c.title, detail: `${c.label}, exercices d’entraînement` })),
  ];
}

/** The picker: a labelled radio list per kind and one button; keyboard and screen reader friendly. */
export async function pickerPage(db: Db, token: string): Promise<string> {
  const list = await choices(db);
  const group = (kind: Choice['kind'], legend: string) => {
    const items = list.filter((c) => c.kind === kind);
    if (!items.length) return `<fieldset><legend>${legend}</legend><p>Aucun élément disponible.</p></fieldset>`;
    return `<fieldset><legend>${legend}</legend>${items
      .map(
        (c) =>
          `<label><input type="radio" name="choice" value="${c.kind}:${c.id}" required> ${escapeHtml(c.title)} <small>(${escapeHtml(c.detail)})</small></label>`,
      )
      .join('')}</fieldset>`;
  };
  return page(
    'Choisir l’activité à ajouter',
    `<h1>Choisir l’activité à ajouter au cours</h1>
<p>L’activité ajoutée dans la plateforme ouvrira l’élément choisi ; pour un examen, la note y reviendra.</p>
<form method="post" action="/lti/deep-link/${escapeHtml(token)}">${group('exam', 'Examens')}${group('course', 'Entraînement d’un cours')}
<button type="submit">Ajouter cette activité</button></form>`,
  );
}

/** The signed answer for the teacher's choice; the request is used up. */
export async function deepLinkResponse(db: Db, token: string, req: DeepLinkRequest, choice: string | undefined, launchUrl: string): Promise<{ returnUrl: string; jwt: string }> {
  const m = /^(exam|course):(\d{1,9})$/.exec(choice ?? '');
  if (!m) throw new LtiRefusal('Choisissez un examen ou un cours avant de valider.', 422);
  const kind = m[1] as 'exam' | 'course';
  const picked = (await choices(db)).find((c) => c.kind === kind && c.id === Number(m[2]));
  if (!picked) throw new LtiRefusal('L’élément choisi n’existe plus ou n’est pas disponible.', 404);
  const platform = await findPlatform(db, req.platform_id);
  if (!platform) throw new LtiRefusal('Plateforme inconnue : elle a été retirée entre-temps.', 404);
  const item: Record<string, unknown> = {
    type: 'ltiResourceLink',
    title: picked.title,
    url: launchUrl,
    custom: kind === 'exam' ? { exam_id: String(picked.id) } : { course_id: String(picked.id) },
  };
  if (kind === 'exam') {
    item.lineItem = { scoreMaximum: picked.points && picked.points > 0 ? picked.points : 20, label: picked.title, resourceId: `exam-${picked.id}`, tag: 'exam' };
  }
  const payload: Record<string, unknown> = {
    iss: platform.client_id,
    aud: [platform.issuer],
    azp: platform.client_id,
    nonce: sha256(token).slice(0, 32),
    [CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: req.deployment_id,
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [item],
  };
  if (req.data !== null) payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] = req.data;
  return withTransaction(db, async (trx) => {
    const used = await trx.deleteFrom('lti_deep_link_requests').where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) throw new LtiRefusal('Cette demande d’ajout d’activité a déjà servi.', 410);
    return { returnUrl: req.return_url, jwt: await signToolJwt(trx, payload) };
  });
}
