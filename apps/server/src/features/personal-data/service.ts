// A student's data (docs/donnees-personnelles.md): the archive they or staff download, and their requests for
// erasure, which staff grant or refuse with a reason; a request cannot be granted while a hold keeps their data.
import path from 'node:path';
import type { DeletionDecisionInput, DeletionRequest } from '@exam/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { workerThread } from '../../lib/worker-thread';
import { zip } from '../../lib/zip';
import { answerFilesOfUser } from '../answer-files';
import { buildAppealFile } from '../exam-results';
import { whatKeepsStudent } from '../retention';
import { gatherStudentData, type CopyAccesses, type StudentData } from './gather';

const README = `Vos données personnelles

Cette archive contient tout ce que la plateforme d’examens conserve sur vous (RGPD, articles 15 et 20) :
- mes-donnees.json : votre compte, vos inscriptions, chaque composition (questions, réponses avec leur heure, verdicts,
  points, brouillons, réponses tardives, signalements, journal, dossiers de programmes similaires qui la nomment), votre
  entraînement, les gels de conservation, vos demandes d’effacement, vos liens avec les plateformes d’apprentissage
  (LTI) et les notes qui leur sont renvoyées, et les consultations de vos copies par le personnel, dans un format
  lisible par un programme ;
- mes-donnees.pdf : les mêmes données, à lire ;
- copies/ : le dossier PDF de chacune de vos copies d’examens fermés (questions, réponses, verdicts et journal) ;
- fichiers-remis/ : les fichiers que vous avez déposés en réponse aux questions « Réponse par fichier », rangés par
  examen (leur numéro est celui que donnent vos réponses dans mes-donnees.json).
Les heures du fichier JSON sont en temps universel (UTC) ; celles des PDF, à l’heure de Paris.
Les copies de secours apportées par le personnel figurent parmi les réponses tardives de la composition concernée.
`;

/** « mes-donnees.pdf » is drawn in a worker thread (lib/worker-thread.ts), off the API's thread. */
const dataPdfThread = workerThread<StudentData, Uint8Array>({
  name: 'personal data PDF',
  built: path.join(import.meta.dirname, 'data-pdf-worker.js'),
  source: new URL('./data-pdf-worker.ts', import.meta.url),
});

export async function buildStudentArchive(ctx: AppContext, userId: number, copyAccesses: CopyAccesses): Promise<{ buffer: Buffer; filename: string }> {
  const data = await gatherStudentData(ctx, userId, copyAccesses);
  const drawn = await dataPdfThread.run(data);
  const pdf = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
  const appeals = [];
  const names = new Set<string>();
  for (const a of data.attempts) {
    // A copy whose marks wait for publication has no appeal file yet (it would tell them).
    if (!a.exam.closed || a.marks_held) continue;
    const f = await buildAppealFile(ctx, a.exam.id, userId, 'Export des données personnelles');
    let name = `copies/${f.filename.replace(/\//g, '-')}`;
    if (names.has(name)) name = name.replace(/\.pdf$/, ` (${a.exam.id}).pdf`);
    names.add(name);
    appeals.push({ name, data: f.buffer });
  }
  // The files handed in as answers (FILE questions): attempt data, in the archive as they were uploaded.
  const handedIn = (await answerFilesOfUser(ctx.db, userId)).map((f) => ({
    name: `fichiers-remis/${`${f.exam_id} - ${f.exam_title}`.replace(/[/\\:*?"<>|]/g, '-')}/${f.id} - ${f.name.replace(/[/\\:*?"<>|]/g, '-')}`,
    data: f.content,
  }));
  const buffer = zip([
    { name: 'LISEZ-MOI.txt', data: Buffer.from(README) },
    { name: 'mes-donnees.json', data: Buffer.from(JSON.stringify(data, null, 2)) },
    { name: 'mes-donnees.pdf', data: pdf },
    ...appeals,
    ...handedIn,
  ]);
  const who = `${String(data.account.last_name)} ${String(data.account.first_name)}`.replace(/[/\\:*?"<>|]/g, '-');
  return { buffer, filename: `Données personnelles - ${who} - ${data.made_at.slice(0, 10)}.zip` };
}

type RequestRow = {
  id: number;
  user_id: number | null;
  student: string | null;
  student_number: string | null;
  message: string;
  status: DeletionRequest['status'];
  created_at: Date;
  decided_at: Date | null;
  decided_by_name: string | null;
  decision_reason: string | null;
  on_hold: boolean;
};

async function requests(ctx: AppContext, where: { userId?: number; pendingOnly?: boolean; id?: number }): Promise<DeletionRequest[]> {
  const r = await sql<RequestRow>`
    select d.id, d.user_id, u.last_name || ' ' || u.first_name as student, u.student_number, d.message, d.status, d.created_at,
      d.decided_at, d.decided_by_name, d.decision_reason,
      (exists (select 1 from retention_holds h where h.user_id = d.user_id and h.released_at is null)
        or exists (select 1 from similarity_case_members m join similarity_cases c on c.id = m.case_id join exam_attempts a on a.id = m.attempt_id
          where a.user_id = d.user_id and c.status <> 'DECIDED')) as on_hold
    from data_deletion_requests d left join users u on u.id = d.user_id
    where ${where.userId === undefined ? sql`true` : sql`d.user_id = ${where.userId}`}
      and ${where.pendingOnly ? sql`d.status = 'PENDING'` : sql`true`}
      and ${where.id === undefined ? sql`true` : sql`d.id = ${where.id}`}
    order by (d.status = 'PENDING') desc, d.created_at desc, d.id desc
    limit 500`.execute(ctx.db);
  return r.rows.map((x) => ({
    ...x,
    on_hold: !!x.on_hold,
    created_at: new Date(x.created_at).toISOString(),
    decided_at: x.decided_at ? new Date(x.decided_at).toISOString() : null,
  }));
}

export const myRequests = (ctx: AppContext, userId: number) => requests(ctx, { userId });
export const listRequests = (ctx: AppContext, pendingOnly: boolean) => requests(ctx, { pendingOnly });

export async function requestDeletion(ctx: AppContext, userId: number, message: string): Promise<DeletionRequest> {
  const pending = await ctx.db.selectFrom('data_deletion_requests').select('id').where('user_id', '=', userId).where('status', '=', 'PENDING').executeTakeFirst();
  if (pending) throw conflict('Vous avez déjà une demande d’effacement en attente : le personnel y répondra.');
  const row = await ctx.db.insertInto('data_deletion_requests').values({ user_id: userId, message }).returning('id').executeTakeFirstOrThrow();
  return (await requests(ctx, { id: row.id }))[0];
}

/**
 * Grants or refuses a pending request. Granting erases the account and everything that refers to it (attempts,
 * answers, journals, practice, enrolments…) in one transaction, and is refused while a hold keeps the student's data.
 */
export async function decideRequest(ctx: AppContext, id: number, input: DeletionDecisionInput, by: { id: number; name: string }): Promise<DeletionRequest> {
  const [req] = await requests(ctx, { id });
  if (!req) throw notFound('Cette demande d’effacement n’existe pas.');
  if (req.status !== 'PENDING' || req.user_id === null) throw conflict('Cette demande a déjà reçu une réponse.');
  if (input.decision === 'GRANTED') {
    const keeps = await whatKeepsStudent(ctx.db, req.user_id);
    if (keeps.length) {
      throw conflict(
        `Effacement impossible : les données de cet étudiant sont gelées (${keeps.join(' ; ')}). Levez le gel, attendez la décision du dossier, ou refusez la demande en donnant la raison.`,
      );
    }
  }
  const userId = req.user_id;
  await withTransaction(ctx.db, async (trx) => {
    const done = await trx
      .updateTable('data_deletion_requests')
      .set({ status: input.decision, decided_at: new Date(), decided_by: by.id, decided_by_name: by.name, decision_reason: input.reason })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict('Cette demande a déjà reçu une réponse.');
    if (input.decision === 'GRANTED') {
      // A hold set (or a case opened) meanwhile wins: checked again inside the transaction that erases.
      if ((await whatKeepsStudent(trx, userId)).length) throw conflict('Effacement impossible : un gel de conservation ou un dossier vient d’être posé sur les données de cet étudiant.');
      // Every table that refers to the account follows it (foreign keys on cascade, or emptied for authorship).
      await trx.deleteFrom('users').where('id', '=', userId).where('role', '=', 'STUDENT').execute();
    }
  });
  return (await requests(ctx, { id }))[0];
}
