// The LTI routes of the API (docs/api.md « LTI »): platforms and registration links for administrators, grades sent
// back and class lists for staff, and the exchange of a launch's hand-off code for a session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyEnvelopeSchema,
  idParam,
  ltiClassListEnvelopeSchema,
  ltiClassListImportSchema,
  ltiContextsEnvelopeSchema,
  ltiGradesEnvelopeSchema,
  ltiGradesQuerySchema,
  ltiKeyRotationEnvelopeSchema,
  ltiPlatformEnvelopeSchema,
  ltiPlatformInputSchema,
  ltiPlatformsEnvelopeSchema,
  ltiRegistrationLinkEnvelopeSchema,
  ltiRegistrationLinkInputSchema,
  ltiSessionEnvelopeSchema,
  ltiSessionInputSchema,
  type LtiPlatformInput,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { replies } from '../../lib/responses';
import { withTransaction } from '../../lib/transaction';
import { startTrustedSession } from '../auth';
import { rotateKeys } from './keys';
import { takeHandoff } from './launch';
import { gradesOfExam, retryGrade, sendDueGrades } from './ags';
import { importClassList, listContexts } from './nrps';
import { createTicket, toolUrls } from './registration';
import { deletePlatform, issuerClientTaken, listPlatforms, savePlatform } from './repository';
import { baseUrl } from './routes';

const tags = ['LTI'];
const admin = { access: 'admin' as const };
const staff = { access: 'staff' as const };

export async function ltiApiRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.db;

  const save = async (input: LtiPlatformInput, id?: number) => {
    if (await issuerClientTaken(db(), input.issuer, input.client_id, id)) {
      throw conflict('Une plateforme avec cet émetteur et cet identifiant client est déjà inscrite.', { client_id: ['Déjà inscrit pour cet émetteur.'] });
    }
    const platformId = await withTransaction(db(), (trx) => savePlatform(trx, input, 'MANUAL', id));
    return (await listPlatforms(db())).find((p) => p.id === platformId)!;
  };

  app.get('/api/admin/lti/platforms', { config: admin, schema: { tags, summary: 'Plateformes LTI inscrites et adresses de l’outil', response: replies(ltiPlatformsEnvelopeSchema) } }, async (req) =>
    ok({ platforms: await listPlatforms(db()), tool: toolUrls(baseUrl(app, req)) }, 'Plateformes chargées.'),
  );
  app.post('/api/admin/lti/platforms', { config: admin, schema: { tags, summary: 'Inscrire une plateforme à la main', body: ltiPlatformInputSchema, response: replies(ltiPlatformEnvelopeSchema, 409) } }, async (req) => {
    const p = await save(req.body);
    return ok(p, `La plateforme ${p.name} a été inscrite.`);
  });
  app.put('/api/admin/lti/platforms/:id', { config: admin, schema: { tags, summary: 'Modifier une plateforme', params: idParam, body: ltiPlatformInputSchema, response: replies(ltiPlatformEnvelopeSchema, 404, 409) } }, async (req) => {
    if (!(await listPlatforms(db())).some((p) => p.id === req.params.id)) throw notFound('Plateforme introuvable.');
    const p = await save(req.body, req.params.id);
    return ok(p, `La plateforme ${p.name} a été mise à jour.`);
  });
  app.delete('/api/admin/lti/platforms/:id', { config: admin, schema: { tags, summary: 'Retirer une plateforme', params: idParam, response: replies(emptyEnvelopeSchema, 404) } }, async (req) => {
    if (!(await deletePlatform(db(), req.params.id))) throw notFound('Plateforme introuvable.');
    return ok(null, 'La plateforme a été retirée : ses lancements sont refusés désormais.');
  });
  app.post(
    '/api/admin/lti/registration-links',
    { config: admin, schema: { tags, summary: 'Lien d’inscription dynamique (à usage unique, une semaine)', body: ltiRegistrationLinkInputSchema, response: replies(ltiRegistrationLinkEnvelopeSchema) } },
    async (req) => ok(await createTicket(db(), req.body.name, req.user!.id, baseUrl(app, req)), 'Lien d’inscription créé : collez-le dans votre plateforme de cours.'),
  );
  app.post('/api/admin/lti/keys/rotate', { config: admin, schema: { tags, summary: 'Nouvelle clé de signature de l’outil', response: replies(ltiKeyRotationEnvelopeSchema) } }, async () =>
    ok(await rotateKeys(db()), 'Nouvelle clé en service ; l’ancienne reste publiée un jour.'),
  );

  app.get('/api/admin/lti/grades', { config: staff, schema: { tags, summary: 'Notes renvoyées aux plateformes pour un examen', querystring: ltiGradesQuerySchema, response: replies(ltiGradesEnvelopeSchema) } }, async (req) =>
    ok(await gradesOfExam(db(), req.query.exam_id), 'Envois de notes chargés.'),
  );
  app.post('/api/admin/lti/grades/:id/retry', { config: staff, schema: { tags, summary: 'Renvoyer une note maintenant', params: idParam, response: replies(emptyEnvelopeSchema, 404) } }, async (req) => {
    if (!(await retryGrade(db(), req.params.id))) throw notFound('Aucun envoi en attente pour cette note.');
    const r = await sendDueGrades(db());
    return ok(null, r.failed ? 'Nouvel essai fait : la plateforme refuse encore, un autre essai suivra.' : 'Note renvoyée.');
  });

  app.get('/api/admin/lti/contexts', { config: staff, schema: { tags, summary: 'Cours des plateformes connus par leurs lancements', response: replies(ltiContextsEnvelopeSchema) } }, async () =>
    ok(await listContexts(db()), 'Cours chargés.'),
  );
  app.post(
    '/api/admin/lti/contexts/:id/class-list',
    { config: staff, schema: { tags, summary: 'Importer la liste des membres d’un cours de plateforme', params: idParam, body: ltiClassListImportSchema, response: replies(ltiClassListEnvelopeSchema, 404, 409) } },
    async (req) => {
      const r = await importClassList(db(), req.params.id, req.body);
      const n = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
      return ok(r, `Liste importée : ${n(r.created, 'étudiant créé', 'étudiants créés')}, ${n(r.enrolled, 'inscrit', 'inscrits')}, ${n(r.unchanged, 'déjà inscrit', 'déjà inscrits')}.`);
    },
  );

  app.post('/api/lti/session', { config: { access: 'public' }, schema: { tags, summary: 'Session d’une personne lancée depuis sa plateforme', body: ltiSessionInputSchema, response: replies(ltiSessionEnvelopeSchema, 401) } }, async (req) => {
    const handoff = await takeHandoff(db(), req.body.code);
    if (!handoff) throw unauthorized('Ce lien de connexion a expiré ou a déjà servi. Relancez l’activité depuis votre plateforme de cours.');
    return ok({ user: await startTrustedSession(app.ctx, handoff.user_id), target: handoff.target }, 'Connexion réussie.');
  });
}
