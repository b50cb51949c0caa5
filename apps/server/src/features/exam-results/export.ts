// The xlsx export of a year and parcours: a « Moyennes » sheet (a row per student, a column per exam on 20, the
// weighted average) and a sheet per exam with the points of each question, the total and the score on 20.
// Numbers are written as numbers (two decimals shown), headers in French, the header row frozen.
import { ATTEMPT_STATUS_LABELS, EXAM_RESULTS_LABELS as L } from '@exam/shared';
import type { Db } from '../../db/schema';
import { examAverages } from './service';

type Worksheet = import('exceljs').Worksheet;

const NUM = '0.00';

/** A sheet name Excel accepts: no []:*?/\ , at most 31 characters, unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, '-').replace(/^'+|'+$/g, '').trim().slice(0, 31) || 'Examen';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = `${base.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** Content-Disposition with the French name (RFC 5987 filename*) and a plain ASCII fallback. */
export function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;/]/g, '_')
      .trim() || 'resultats.xlsx';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function styleHeader(sheet: Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7F5FF' } };
}

export async function buildExport(db: Db, yearId: number, specializationId: number): Promise<{ buffer: Buffer; filename: string }> {
  const data = await examAverages(db, yearId, specializationId);
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  wb.creator = 'Plateforme d’examens';
  wb.created = new Date();
  const taken = new Set<string>([L.averages.toLowerCase()]);

  // « Moyennes »: one row per student, one column per exam (on 20), the weighted average.
  const avg = wb.addWorksheet(L.averages, { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  avg.columns = [
    { header: L.lastName, key: 'last_name', width: 22 },
    { header: L.firstName, key: 'first_name', width: 20 },
    { header: L.studentNumber, key: 'student_number', width: 18 },
    ...data.exams.map((e) => ({ header: `${e.title} (/20)`, key: `e${e.id}`, width: 16, style: { numFmt: NUM } })),
    { header: L.weightedAverage, key: 'average', width: 18, style: { numFmt: NUM } },
  ];
  styleHeader(avg);
  for (const r of data.rows) {
    const row: Record<string, string | number | null> = {
      last_name: r.last_name,
      first_name: r.first_name,
      student_number: r.student_number ?? '',
      average: r.average_20,
    };
    for (const c of r.cells) row[`e${c.exam_id}`] = c.status === 'PENDING' ? null : c.score_20;
    avg.addRow(row);
  }
  if (data.rows.length > 0) {
    avg.addRow({});
    const foot: Record<string, string | number | null> = { last_name: L.specializationAverage, average: data.specialization_average_20 };
    for (const e of data.exam_averages_20) foot[`e${e.exam_id}`] = e.average_20;
    avg.addRow(foot).font = { bold: true };
  }

  // One sheet per exam: points of each question, total, on 20.
  for (const book of data.books) {
    const sheet = wb.addWorksheet(sheetName(book.exam.title, taken), { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
    const max = book.exam.total_points;
    sheet.columns = [
      { header: L.lastName, key: 'last_name', width: 22 },
      { header: L.firstName, key: 'first_name', width: 20 },
      { header: L.studentNumber, key: 'student_number', width: 18 },
      { header: L.status, key: 'status', width: 14 },
      ...book.questions.map((q) => ({ header: `Q${q.position} (/${q.points})`, key: `q${q.question_id}`, width: 11, style: { numFmt: NUM } })),
      { header: `${L.total} (/${max})`, key: 'total', width: 12, style: { numFmt: NUM } },
      { header: L.score20, key: 'score_20', width: 11, style: { numFmt: NUM } },
      { header: L.validatedCount, key: 'validated', width: 12 },
    ];
    styleHeader(sheet);
    for (const r of book.rows) {
      const started = r.status !== 'NOT_STARTED';
      // A copy waiting for a person has no total yet: « En attente », never a 0 or a partial sum.
      const waiting = started && r.pending_count > 0;
      const row: Record<string, string | number | null> = {
        last_name: r.last_name,
        first_name: r.first_name,
        student_number: r.student_number ?? '',
        status: waiting ? L.pendingCopy(r.pending_count) : ATTEMPT_STATUS_LABELS[r.status],
        total: waiting ? L.pendingCell : started ? r.score : null,
        score_20: waiting ? L.pendingCell : started ? r.score_20 : null,
        validated: started ? r.validated_count : null,
      };
      // A question the student was not given (a section's draw) stays empty, as for a student who did not start.
      for (const c of r.cells) row[`q${c.question_id}`] = started && c.drawn ? (c.state === 'PENDING' ? L.pendingCell : c.score) : null;
      sheet.addRow(row);
    }
  }

  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  const clean = (s: string) => s.replace(/[/\\:*?"<>|]/g, '-').trim();
  return { buffer, filename: `Résultats ${clean(data.academic_year.label)} ${clean(data.specialization.name)}.xlsx` };
}
