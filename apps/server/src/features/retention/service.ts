// Rules of retention (docs/donnees-personnelles.md): a year may be purged once its jury date plus its retention has
// passed; the purge removes its copies and personal data in one transaction (holds and reports not handled excepted),
// keeps the exams' statistics and writes the elimination record; its preview runs the same purge and rolls it back,
// so that it lists exactly what the purge will remove.
import type { FastifyBaseLogger } from 'fastify';
import type { ExamStats, Hold, HoldInput, HoldKind, PurgeCounts, PurgeRecord, RetentionPreview, RetentionSettingsInput, RetentionYear } from '@exam/shared';
import { HOLD_KIND_LABELS } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { zip } from '../../lib/zip';
import { buildAppealFile } from '../exam-results';
import * as repo from './repository';
import { renderRecordPdf } from './record-pdf';

const YEAR_NOT_FOUND = 'Cette année universitaire n’existe pas.';

/** What an elimination record says, kept as JSON beside its PDF. */
export interface PurgeSummary {
  year_label: string;
  jury_date: string | null;
  retention_months: number;
  due_on: string | null;
  counts: PurgeCounts;
  exams: Array<{ id: number; title: string; attempts: number; kept: number }>;
  kept_holds: Partial<Record<HoldKind, number>>;
  kept_reports: number;
  /** Students whose copy an open similarity case names (absent from records made before the rule). */
  kept_cases?: number;
  stats: ExamStats[];
  stats_recorded_before: boolean;
  sample: { at: string; count: number } | null;
}

export async function getRetentionYear(ctx: AppContext, id: number): Promise<RetentionYear> {
  const [y] = await repo.listRetentionYears(ctx.db, id);
  if (!y) throw notFound(YEAR_NOT_FOUND);
  return y;
}

export const listRetentionYears = (ctx: AppContext) => repo.listRetentionYears(ctx.db);

export async function saveRetentionSettings(ctx: AppContext, id: number, input: RetentionSettingsInput): Promise<RetentionYear> {
  await getRetentionYear(ctx, id);
  await repo.saveSettings(ctx.db, id, input);
  return getRetentionYear(ctx, id);
}

class Rollback extends Error {
  constructor(readonly counts: PurgeCounts) {
    super('preview');
  }
}

export async function previewPurge(ctx: AppContext, id: number): Promise<RetentionPreview> {
  const year = await getRetentionYear(ctx, id);
  let counts: PurgeCounts | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      throw new Rollback(await repo.purgeYear(trx, id));
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    counts = err.counts;
  }
  const exams = await repo.examsOfYear(ctx.db, id);
  const { holds, reports, cases } = await repo.keptOfYear(ctx.db, id);
  const kept = [
    ...holds.map((h) => ({ user_id: h.user_id, student: h.student, student_number: h.student_number, exam_title: h.exam_title, reason: `${HOLD_KIND_LABELS[h.kind as HoldKind]} : ${h.reason}` })),
    ...reports.map((r) => ({ user_id: r.user_id, student: r.student, student_number: r.student_number, exam_title: r.exam_title, reason: 'Signalement non traité pendant l’examen' })),
    ...cases.map((r) => ({ user_id: r.user_id, student: r.student, student_number: r.student_number, exam_title: r.exam_title, reason: 'Dossier de programmes similaires en cours' })),
  ];
  return { year, counts: counts!, exams, kept };
}

const total = (c: PurgeCounts) => Object.values(c).reduce((a, b) => a + b, 0);

/**
 * Purges one due year in one transaction and writes its elimination record; null when nothing was left to remove
 * (no record is written then). Another process purging at the same time makes it answer 409 (or skip, periodic).
 */
export async function purgeYearNow(ctx: AppContext, id: number, by: { id: number; name: string } | null): Promise<PurgeRecord | null> {
  const year = await getRetentionYear(ctx, id);
  if (!year.jury_date) throw conflict(`L’année ${year.label} n’a pas de date de jury : rien ne peut être éliminé.`);
  if (!year.due) throw conflict(`La durée de conservation de l’année ${year.label} court jusqu’au ${year.due_on!.split('-').reverse().join('/')} : rien ne peut être éliminé avant.`);
  const recordId = await withTransaction(ctx.db, async (trx) => {
    if (!(await repo.tryPurgeLock(trx))) throw conflict('Une purge est déjà en cours. Réessayez dans quelques instants.');
    const before = await repo.yearHasRecord(trx, id);
    const stats = before ? [] : await repo.examStats(trx, id);
    const exams = await repo.examsOfYear(trx, id);
    const { holds, reports, cases } = await repo.keptOfYear(trx, id);
    const counts = await repo.purgeYear(trx, id);
    if (total(counts) === 0) return null;
    const kept_holds: PurgeSummary['kept_holds'] = {};
    for (const h of holds) kept_holds[h.kind as HoldKind] = (kept_holds[h.kind as HoldKind] ?? 0) + 1;
    const summary: PurgeSummary = {
      year_label: year.label,
      jury_date: year.jury_date,
      retention_months: year.retention_months,
      due_on: year.due_on,
      counts,
      exams,
      kept_holds,
      kept_reports: new Set(reports.map((r) => r.user_id)).size,
      kept_cases: new Set(cases.map((r) => r.user_id)).size,
      stats,
      stats_recorded_before: before,
      sample: year.archive_sample_at ? { at: year.archive_sample_at, count: year.archive_sample_count ?? 0 } : null,
    };
    // The record's number is known once its row exists: written with an empty PDF, then filled in.
    const row = await repo.insertPurgeRecord(trx, { academic_year_id: id, year_label: year.label, run_by: by?.id ?? null, run_by_name: by?.name ?? null, summary: JSON.stringify(summary), pdf: Buffer.alloc(0) });
    const pdf = await renderRecordPdf(summary, { id: row.id, at: new Date(row.run_at).toISOString(), by: by?.name ?? null });
    await trx.updateTable('retention_purges').set({ pdf }).where('id', '=', row.id).execute();
    return row.id;
  });
  return recordId === null ? null : (await listPurgeRecords(ctx, recordId))[0];
}

/** The server's periodic purge: every due year that still has something to remove. Errors are logged, never thrown. */
export async function purgeDueYears(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let records = 0;
  for (const id of await repo.dueYearIds(ctx.db)) {
    try {
      if (await purgeYearNow(ctx, id, null)) records += 1;
    } catch (err) {
      log?.warn({ err, academic_year_id: id }, 'retention: the periodic purge of a year failed; the next run tries again');
    }
  }
  return records;
}

export async function listPurgeRecords(ctx: AppContext, id?: number): Promise<PurgeRecord[]> {
  const rows = await repo.listPurgeRecords(ctx.db, id);
  return rows.map((r) => {
    const s = (typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary) as PurgeSummary;
    return {
      id: r.id,
      academic_year_id: r.academic_year_id,
      year_label: r.year_label,
      run_at: new Date(r.run_at).toISOString(),
      run_by_name: r.run_by_name,
      counts: s.counts,
      kept: s.exams.reduce((a, e) => a + e.kept, 0),
      stats: s.stats,
      url: `/api/admin/retention/records/${r.id}/download`,
    };
  });
}

export async function purgeRecordFile(ctx: AppContext, id: number): Promise<{ buffer: Buffer; filename: string }> {
  const r = await repo.purgeRecordPdf(ctx.db, id);
  if (!r) throw notFound('Ce bordereau d’élimination n’existe pas.');
  return { buffer: Buffer.from(r.pdf), filename: `Bordereau d’élimination ${id} - ${r.year_label}.pdf` };
}

/** A sample of the year's copies (their appeal files) for the archives, exported before the purge and noted on the year. */
export async function archiveSample(ctx: AppContext, id: number, size: number, author: string): Promise<{ buffer: Buffer; filename: string; count: number }> {
  const year = await getRetentionYear(ctx, id);
  const picked = await repo.sampleAttempts(ctx.db, id, size);
  if (!picked.length) throw conflict(`L’année ${year.label} n’a aucune copie notée : aucun échantillon à exporter.`);
  const entries = [];
  for (const p of picked) {
    const f = await buildAppealFile(ctx, p.exam_id, p.user_id, author);
    entries.push({ name: f.filename.replace(/\//g, '-'), data: f.buffer });
  }
  const manifest = [`Échantillon de l’année ${year.label} versé aux archives`, `Exporté le ${new Date().toISOString()} par ${author}`, `${entries.length} copie(s) :`, ...entries.map((e) => `- ${e.name}`)].join('\n');
  await repo.markArchiveSample(ctx.db, id, entries.length);
  return { buffer: zip([{ name: 'LISEZ-MOI.txt', data: Buffer.from(`${manifest}\n`) }, ...entries]), filename: `Échantillon archives ${year.label}.zip`, count: entries.length };
}

// ——— Holds ———

export async function listHolds(ctx: AppContext, active: boolean): Promise<Hold[]> {
  return repo.listHolds(ctx.db, { active });
}

export async function createHold(ctx: AppContext, input: HoldInput, by: number): Promise<Hold> {
  const student = await repo.findStudent(ctx.db, input.user_id);
  if (!student || student.role !== 'STUDENT') throw unprocessable({ user_id: ['Cet étudiant n’existe pas.'] }, 'Cet étudiant n’existe pas.');
  if (input.academic_year_id && !(await repo.listRetentionYears(ctx.db, input.academic_year_id)).length) {
    throw unprocessable({ academic_year_id: ['Cette année universitaire n’existe pas.'] }, 'Cette année universitaire n’existe pas.');
  }
  if (input.exam_id) {
    const exam = await repo.findExam(ctx.db, input.exam_id);
    if (!exam) throw unprocessable({ exam_id: ['Cet examen n’existe pas.'] }, 'Cet examen n’existe pas.');
    if (input.academic_year_id && exam.academic_year_id !== input.academic_year_id) {
      throw unprocessable({ exam_id: ['Cet examen n’appartient pas à l’année choisie.'] }, 'Cet examen n’appartient pas à l’année choisie.');
    }
    input = { ...input, academic_year_id: exam.academic_year_id };
  }
  const id = await repo.insertHold(ctx.db, input, by);
  return (await repo.listHolds(ctx.db, { id }))[0];
}

export async function releaseHold(ctx: AppContext, id: number, by: number, reason: string): Promise<Hold> {
  const [hold] = await repo.listHolds(ctx.db, { id });
  if (!hold) throw notFound('Ce gel n’existe pas.');
  if (!(await repo.releaseHold(ctx.db, id, by, reason))) throw conflict('Ce gel est déjà levé.');
  return (await repo.listHolds(ctx.db, { id }))[0];
}

/** Why this student's data must be kept now, in French (standing holds, open similarity cases); empty: nothing keeps it.
 *  Given the caller's transaction, it reads there (an erasure checks again inside the transaction that erases). */
export async function whatKeepsStudent(db: Db, userId: number): Promise<string[]> {
  const holds = await repo.listHolds(db, { active: true, userId });
  const cases = await repo.openCasesOf(db, userId);
  return [...holds.map((h) => h.reason), ...(cases ? [cases > 1 ? `${cases} dossiers de programmes similaires en cours` : 'un dossier de programmes similaires en cours'] : [])];
}
