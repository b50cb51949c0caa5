// Retention (docs/api.md « Conservation des données »): the years' jury date and retention, the preview and the purge,
// the archives' sample and the elimination records are the administrators'; holds are set and released by staff.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  archiveSampleInputSchema,
  holdEnvelopeSchema,
  holdInputSchema,
  holdListEnvelopeSchema,
  holdListQuerySchema,
  holdReleaseSchema,
  idParam,
  purgeInputSchema,
  purgeRecordEnvelopeSchema,
  purgeRecordListEnvelopeSchema,
  retentionPreviewEnvelopeSchema,
  retentionSettingsSchema,
  retentionYearEnvelopeSchema,
  retentionYearListEnvelopeSchema,
} from '@exam/shared';
import { ok } from '../../lib/envelope';
import { conflict, unprocessable } from '../../lib/errors';
import { fileReplies, replies } from '../../lib/responses';
import { sendDownload } from '../../lib/download';
import { archiveSample, createHold, getRetentionYear, listHolds, listPurgeRecords, listRetentionYears, previewPurge, purgeDueYears, purgeRecordFile, purgeYearNow, releaseHold, saveRetentionSettings } from './service';

const tags = ['Conservation des données'];
const admin = { access: 'admin' as const };

/** How often each API process looks for years whose retention has passed. */
export const RETENTION_SWEEP_MS = 3600_000;

export async function retentionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Due years are purged by a sweep in every process (one purge at a time across processes: a database lock); the
  // timer never keeps the process alive.
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await purgeDueYears(app.ctx, app.log);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  const who = (u: { id: number; first_name: string; last_name: string }) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` });

  app.get('/api/admin/retention/years', { config: admin, schema: { tags, summary: 'Années : date du jury, conservation, échéance', response: replies(retentionYearListEnvelopeSchema) } }, async () =>
    ok(await listRetentionYears(app.ctx), 'Conservation des années chargée.'),
  );
  app.put(
    '/api/admin/retention/years/:id/settings',
    { config: admin, schema: { tags, summary: 'Date du jury et durée de conservation d’une année', params: idParam, body: retentionSettingsSchema, response: replies(retentionYearEnvelopeSchema, 404) } },
    async (req) => {
      const y = await saveRetentionSettings(app.ctx, req.params.id, req.body);
      return ok(y, `La conservation de l’année ${y.label} a été enregistrée.`);
    },
  );
  app.get(
    '/api/admin/retention/years/:id/preview',
    { config: admin, schema: { tags, summary: 'Ce qu’une purge de l’année éliminerait, et ce qu’elle garderait', params: idParam, response: replies(retentionPreviewEnvelopeSchema, 404) } },
    async (req) => ok(await previewPurge(app.ctx, req.params.id), 'Aperçu de la purge chargé.'),
  );
  app.post(
    '/api/admin/retention/years/:id/purge',
    { config: admin, schema: { tags, summary: 'Purger l’année (confirmée par son libellé) et établir le bordereau', params: idParam, body: purgeInputSchema, response: replies(purgeRecordEnvelopeSchema, 404, 409) } },
    async (req) => {
      const y = await getRetentionYear(app.ctx, req.params.id);
      if (req.body.confirm !== y.label) {
        const m = `Tapez le libellé de l’année (${y.label}) pour confirmer la purge.`;
        throw unprocessable({ confirm: [m] }, m);
      }
      const record = await purgeYearNow(app.ctx, req.params.id, who(req.user!));
      if (!record) throw conflict(`Il ne reste rien à éliminer pour l’année ${y.label}.`);
      return ok(record, `L’année ${y.label} a été purgée ; le bordereau d’élimination n° ${record.id} est établi.`);
    },
  );
  app.get(
    '/api/admin/retention/years/:id/archive-sample',
    { config: admin, schema: { tags, summary: 'Exporter un échantillon de copies pour les archives (ZIP de dossiers PDF), noté sur l’année', params: idParam, querystring: archiveSampleInputSchema, response: fileReplies('application/zip', 'L’échantillon : un dossier PDF par copie tirée au hasard.', 404, 409) } },
    async (req, reply) => {
      const file = await archiveSample(app.ctx, req.params.id, req.query.size, who(req.user!).name);
      return sendDownload(reply, 'application/zip', file);
    },
  );
  app.get('/api/admin/retention/records', { config: admin, schema: { tags, summary: 'Bordereaux d’élimination', response: replies(purgeRecordListEnvelopeSchema) } }, async () =>
    ok(await listPurgeRecords(app.ctx), 'Bordereaux d’élimination chargés.'),
  );
  app.get(
    '/api/admin/retention/records/:id/download',
    { config: admin, schema: { tags, summary: 'Un bordereau d’élimination (PDF)', params: idParam, response: fileReplies('application/pdf', 'Le bordereau d’élimination.', 404) } },
    async (req, reply) => sendDownload(reply, 'application/pdf', await purgeRecordFile(app.ctx, req.params.id)),
  );

  app.get('/api/admin/retention/holds', { schema: { tags, summary: 'Gels de conservation (en cours, ou levés)', querystring: holdListQuerySchema, response: replies(holdListEnvelopeSchema) } }, async (req) =>
    ok(await listHolds(app.ctx, req.query.active === '1'), 'Gels de conservation chargés.'),
  );
  app.post('/api/admin/retention/holds/create', { schema: { tags, summary: 'Poser un gel de conservation (motif et raison)', body: holdInputSchema, response: replies(holdEnvelopeSchema) } }, async (req) => {
    const h = await createHold(app.ctx, req.body, req.user!.id);
    return ok(h, `Les données de ${h.student} sont gelées : elles ne seront pas éliminées tant que le gel n’est pas levé.`);
  });
  app.put(
    '/api/admin/retention/holds/:id/release',
    { schema: { tags, summary: 'Lever un gel de conservation', params: idParam, body: holdReleaseSchema, response: replies(holdEnvelopeSchema, 404, 409) } },
    async (req) => {
      const h = await releaseHold(app.ctx, req.params.id, req.user!.id, req.body.reason);
      return ok(h, `Le gel des données de ${h.student} est levé.`);
    },
  );
}
