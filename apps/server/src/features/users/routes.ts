// Users and students (docs/api.md: staff resources). Admins manage every role;
// teachers see and manage students only (checked in service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emptyEnvelopeSchema,
  idParam,
  premiumToggleEnvelopeSchema,
  STUDENT_IMPORT_MAX_BYTES,
  studentImportEnvelopeSchema,
  studentListQuerySchema,
  userCreatedEnvelopeSchema,
  userInputSchema,
  userItemEnvelopeSchema,
  userListQuerySchema,
  userPageSchema,
} from '@exam/shared';
import { ok, page } from '../../lib/envelope';
import { tooLarge, unprocessable } from '../../lib/errors';
import { fileReplies, replies } from '../../lib/responses';
import { listUsers } from './repository';
import { createUser, deleteUser, getUser, togglePremium, updateUser } from './service';
import { importStudents } from './import';
import { buildImportTemplate } from './template';

const tags = ['Utilisateurs'];
const staff = { access: 'staff' as const };
const kindOf = (role: string) => (role === 'STUDENT' ? 'étudiant' : 'utilisateur');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/users', { config: staff, schema: { tags, summary: 'Liste des utilisateurs (tous les rôles pour un administrateur)', querystring: userListQuerySchema, response: replies(userPageSchema) } }, async (req) => {
    const q = req.user!.role === 'ADMIN' ? req.query : { ...req.query, role: 'STUDENT' as const };
    const { rows, total } = await listUsers(app.ctx.db, q);
    return page(rows, total, q.page, q.per_page, 'Liste des utilisateurs.');
  });

  app.get('/api/admin/users/students', { config: staff, schema: { tags, summary: 'Liste des étudiants', querystring: studentListQuerySchema, response: replies(userPageSchema) } }, async (req) => {
    const { rows, total } = await listUsers(app.ctx.db, { ...req.query, role: 'STUDENT' });
    return page(rows, total, req.query.page, req.query.per_page, 'Liste des étudiants.');
  });

  app.post('/api/admin/users/create', { config: staff, schema: { tags, summary: 'Créer un utilisateur', body: userInputSchema, response: replies(userCreatedEnvelopeSchema, 409) } }, async (req) => {
    const u = await createUser(app.ctx, req.user!, req.body);
    return ok(u, `L’${kindOf(u.role)} ${u.first_name} ${u.last_name} a été créé.`);
  });

  app.put('/api/admin/users/:id/update', { config: staff, schema: { tags, summary: 'Modifier un utilisateur', params: idParam, body: userInputSchema, response: replies(userItemEnvelopeSchema, 404, 409) } }, async (req) => {
    const u = await updateUser(app.ctx, req.user!, req.params.id, req.body);
    return ok(u, `L’${kindOf(u.role)} ${u.first_name} ${u.last_name} a été mis à jour.`);
  });

  app.get('/api/admin/users/:id/show', { config: staff, schema: { tags, summary: 'Un utilisateur', params: idParam, response: replies(userItemEnvelopeSchema, 404) } }, async (req) =>
    ok(await getUser(app.ctx, req.user!, req.params.id), 'Utilisateur chargé.'),
  );

  app.delete('/api/admin/users/:id/delete', { config: staff, schema: { tags, summary: 'Supprimer un utilisateur', params: idParam, response: replies(emptyEnvelopeSchema, 404, 409) } }, async (req) => {
    const u = await deleteUser(app.ctx, req.user!, req.params.id);
    return ok(null, `L’${kindOf(u.role)} ${u.first_name} ${u.last_name} a été supprimé.`);
  });

  app.put('/api/admin/users/:id/premium/update', { config: staff, schema: { tags, summary: 'Basculer le statut premium (sans corps)', params: idParam, response: replies(premiumToggleEnvelopeSchema, 404) } }, async (req) => {
    const r = await togglePremium(app.ctx, req.params.id);
    return ok({ id: req.params.id, is_premium: r.is_premium }, r.message);
  });

  app.get('/api/admin/users/template-import-student', { config: staff, schema: { tags, summary: "Modèle d’import des étudiants (xlsx)", response: fileReplies(XLSX, 'Le classeur modèle.') } }, async (_req, reply) => {
    const buf = await buildImportTemplate(app.ctx);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', 'attachment; filename="template-import-etudiant.xlsx"')
      .send(buf);
  });

  app.post(
    '/api/admin/users/import-student',
    { config: staff, schema: { tags, summary: 'Importer des étudiants (multipart, champ « file »)', consumes: ['multipart/form-data'], response: replies(studentImportEnvelopeSchema, 409, 422) } },
    async (req) => {
      const part = await req.file({ limits: { fileSize: STUDENT_IMPORT_MAX_BYTES } });
      if (!part || part.fieldname !== 'file') {
        throw unprocessable({ file: ['Choisissez un fichier .xlsx à importer (champ « file »).'] }, 'Choisissez un fichier .xlsx à importer.');
      }
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(`Le fichier dépasse la taille maximale de ${STUDENT_IMPORT_MAX_BYTES / 1024 / 1024} Mo. Découpez-le en plusieurs fichiers.`);
        }
        throw e;
      }
      if (buf.length === 0) throw unprocessable({ file: ['Le fichier envoyé est vide.'] }, 'Le fichier envoyé est vide.');
      const result = await importStudents(app.ctx, buf);
      const n = result.imported;
      return ok(result, `${n} étudiant${n > 1 ? 's ont été importés' : ' a été importé'}.`);
    },
  );
}
