// A student's data (docs/api.md « Données personnelles »): the student downloads their archive and asks for erasure
// from their profile; staff download a student's archive on request and grant or refuse requests with a reason.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletionDecisionSchema,
  deletionRequestEnvelopeSchema,
  deletionRequestInputSchema,
  deletionRequestListEnvelopeSchema,
  deletionRequestListQuerySchema,
  idParam,
  myDataEnvelopeSchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { fileReplies, replies } from '../../lib/responses';
import { sendDownload } from '../../lib/download';
import type { CopyAccesses } from './gather';
import { buildStudentArchive, decideRequest, listRequests, myRequests, requestDeletion } from './service';

const tags = ['Données personnelles'];

/** Until the platform records who read a copy, the archive says so (null). */
const notRecorded: CopyAccesses = async () => null;

export async function personalDataRoutes(base: FastifyInstance, deps: { copyAccesses?: CopyAccesses } = {}) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const copyAccesses = deps.copyAccesses ?? notRecorded;

  app.get('/api/student/my-data', { schema: { tags, summary: 'Mes données : mes demandes d’effacement', response: replies(myDataEnvelopeSchema) } }, async (req) =>
    ok({ requests: await myRequests(app.ctx, req.user!.id) }, 'Vos données.'),
  );
  app.get(
    '/api/student/my-data/archive',
    { schema: { tags, summary: 'Télécharger mes données (ZIP : JSON, PDF lisible, dossiers de mes copies)', response: fileReplies('application/zip', 'L’archive de vos données.', 404) } },
    async (req, reply) => sendDownload(reply, 'application/zip', await buildStudentArchive(app.ctx, req.user!.id, copyAccesses)),
  );
  app.post(
    '/api/student/my-data/deletion-request',
    { schema: { tags, summary: 'Demander l’effacement de mes données', body: deletionRequestInputSchema, response: replies(deletionRequestEnvelopeSchema, 409) } },
    async (req) => ok(await requestDeletion(app.ctx, req.user!.id, req.body.message), 'Votre demande d’effacement est enregistrée ; le personnel y répondra.'),
  );

  app.get(
    '/api/admin/personal-data/students/:id/archive',
    { config: { studentRead: { what: 'ARCHIVE', student: 'id' } }, schema: { tags, summary: 'Télécharger les données d’un étudiant (à sa demande)', params: idParam, response: fileReplies('application/zip', 'L’archive des données de l’étudiant.', 404) } },
    async (req, reply) => sendDownload(reply, 'application/zip', await buildStudentArchive(app.ctx, req.params.id, copyAccesses)),
  );
  app.get(
    '/api/admin/personal-data/deletion-requests',
    { schema: { tags, summary: 'Demandes d’effacement (en attente, ou toutes)', querystring: deletionRequestListQuerySchema, response: replies(deletionRequestListEnvelopeSchema) } },
    async (req) => ok(await listRequests(app.ctx, req.query.status === 'PENDING'), 'Demandes d’effacement chargées.'),
  );
  app.put(
    '/api/admin/personal-data/deletion-requests/:id/decide',
    { schema: { tags, summary: 'Accorder (effacer le compte) ou refuser une demande, avec la raison', params: idParam, body: deletionDecisionSchema, response: replies(deletionRequestEnvelopeSchema, 404, 409) } },
    async (req) => {
      const r = await decideRequest(app.ctx, req.params.id, req.body, { id: req.user!.id, name: `${req.user!.first_name} ${req.user!.last_name}` });
      return ok(r, r.status === 'GRANTED' ? 'La demande est accordée : le compte et ses données sont effacés.' : 'La demande est refusée ; l’étudiant voit la raison donnée.');
    },
  );
}
