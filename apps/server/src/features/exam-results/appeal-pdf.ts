// The appeal file's PDF, drawn from data gathered beforehand (appeal.ts): no database, no other feature, so that it
// runs in a worker thread (appeal-worker.ts) and a big journal never holds the API's event loop.
import { JOURNAL_EVENT_LABELS, QUESTION_STATE_LABELS, round2, type ExamJournal, type ExamStudentResult, type GradeDetails, type Question } from '@exam/shared';
import { htmlToText } from '../../lib/html-text';

const TZ = 'Europe/Paris';
const when = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)).replace(' ', ' à ') : '—';

/** The standard PDF fonts write Windows-1252 only: other characters are written as close as they can be. */
function latin(text: string): string {
  return text
    .replace(/[→⟶]/g, '->')
    .replace(/[≤]/g, '<=')
    .replace(/[≥]/g, '>=')
    .replace(/[≠]/g, '!=')
    .replace(/[×]/g, 'x')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/[^\s\u0020-\u007e\u00a1-\u00ff\u2018\u2019\u201c\u201d\u2026\u2013\u2014\u20ac\u0152\u0153\u0178]/gu, '?')
    .replace(/[^\S\n\t ]/g, ' ');
}

export interface AppealFile {
  buffer: Buffer;
  filename: string;
}

/** Everything the PDF shows, as plain data (it crosses to the worker thread by structured clone). */
export interface AppealData {
  copy: ExamStudentResult;
  journal: ExamJournal | null;
  /** The questions as this student was given them (their version and variant), by question id. */
  questions: Record<number, Question | undefined>;
  author: string;
  /** When the file was made (ISO). */
  made_at: string;
}

export async function renderAppealPdf(data: AppealData): Promise<AppealFile> {
  const { copy, journal, author } = data;
  const questionOf = (qid: number) => data.questions[qid];

  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, info: { Title: latin(`Dossier de réclamation — ${copy.exam.title}`), Author: latin(author) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const h1 = (t: string) => doc.font('Helvetica-Bold').fontSize(16).text(latin(t)).moveDown(0.3);
  const h2 = (t: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12.5).text(latin(t)).moveDown(0.2);
  const h3 = (t: string) => doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10.5).text(latin(t));
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').fontSize(9.5).text(latin(`${label} : `), { continued: true }).font('Helvetica').text(latin(value));
  const para = (t: string, size = 9.5) => doc.font('Helvetica').fontSize(size).text(latin(t));
  const code = (t: string) => doc.font('Courier').fontSize(8.5).text(latin(t || '(vide)'), { indent: 12 });

  h1('Dossier de réclamation — copie d’examen');
  para(`Établi le ${when(data.made_at)} (heure de Paris) par ${author}.`, 8.5);
  h2('Examen et étudiant');
  line('Examen', copy.exam.title);
  line('Fermeture', when(copy.exam.end_at));
  line('Étudiant', `${copy.student.last_name} ${copy.student.first_name}${copy.student.student_number ? ` (n° ${copy.student.student_number})` : ''}, ${copy.student.email}`);
  if (copy.student.extra_time_factor !== 1 || copy.student.extra_minutes > 0) {
    line('Aménagements', `tiers-temps ${copy.student.extra_time_factor.toLocaleString('fr-FR')}, ${copy.student.extra_minutes} minute(s) supplémentaire(s)`);
  }
  if (!copy.attempt) {
    para('Cet étudiant n’a pas commencé l’examen : aucune copie.');
  } else {
    const a = copy.attempt;
    line('Début', when(a.started_at));
    line('Échéance', when(a.deadline));
    line('Fin', when(a.finished_at));
    line('Note', `${a.score_20.toLocaleString('fr-FR')} / 20 (${a.score.toLocaleString('fr-FR')} / ${copy.exam.total_points.toLocaleString('fr-FR')} points), ${a.validated_count} question(s) validée(s)`);

    h2('La copie : questions et réponses données');
    for (const q of copy.questions) {
      const full = questionOf(q.question_id);
      h3(`Question ${q.position}${q.exam_position !== q.position ? ` (Q${q.exam_position} de l’examen)` : ''}${q.variant_seed !== null ? `, variante ${q.variant_seed}` : ''} — ${round2(q.score).toLocaleString('fr-FR')} / ${q.points.toLocaleString('fr-FR')} point(s), ${QUESTION_STATE_LABELS[q.state]}`);
      para(full ? htmlToText(full.statement) : q.title);
      const choices = new Map((full?.possible_solutions ?? []).map((c) => [c.id, htmlToText(c.content)]));
      if (q.submissions.length === 0) para('Aucune réponse soumise.', 9);
      for (const [i, s] of q.submissions.entries()) {
        const verdict = s.is_valid ? 'validée' : 'non validée';
        const penalty = s.penalty > 0 ? `, pénalité ${s.penalty.toLocaleString('fr-FR')}` : '';
        doc.moveDown(0.2);
        para(`Réponse ${i + 1}, le ${when(s.submitted_at)} (${Math.floor(s.elapsed_seconds / 60)} min ${s.elapsed_seconds % 60} s après le début)${s.auto ? ', envoyée automatiquement à la fin (brouillon)' : ''} : ${verdict}, ${round2(s.score).toLocaleString('fr-FR')} point(s)${penalty}`, 9);
        if (Array.isArray(s.answer)) code((s.answer as unknown[]).map((id) => `- ${choices.get(Number(id)) ?? `choix ${String(id)}`}`).join('\n'));
        else code(typeof s.answer === 'string' ? s.answer : JSON.stringify(s.answer));
        const d = s.details as GradeDetails;
        if (d.type === 'ALGORITHM') para(`Tests réussis : ${d.passed} sur ${d.total} (${d.verdict}).`, 8.5);
      }
    }

    h2('Journal de la composition');
    if (journal) {
      para(journal.intact ? 'Chaîne des empreintes vérifiée : intacte (aucun événement modifié ni retiré).' : `Chaîne des empreintes ROMPUE à l’événement ${journal.broken_at} : le journal a été modifié après coup.`, 9);
      for (const e of journal.events) {
        const data = Object.keys(e.data).length ? ` — ${JSON.stringify(e.data)}` : '';
        doc.font('Helvetica').fontSize(8).text(latin(`${e.seq}. ${when(e.at)}${e.client_at ? ` (navigateur : ${when(e.client_at)})` : ''} — ${JOURNAL_EVENT_LABELS[e.type]}${data}`));
        doc.font('Courier').fontSize(7).fillColor('#444444').text(`   empreinte ${e.hash}`).fillColor('black');
      }
      doc.moveDown(0.5);
      line('Dernière empreinte', journal.last_hash ?? '—');
      para('Notée ici, elle permet de montrer plus tard que rien n’a été changé dans le journal jusqu’à cet événement.', 8);
    }
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555').text(latin(`${copy.exam.title} — ${copy.student.last_name} ${copy.student.first_name} — page ${i + 1} / ${range.count}`), 50, doc.page.height - 35, { width: doc.page.width - 100, align: 'center', lineBreak: false });
  }
  doc.end();
  await done;
  const clean = (s: string) => s.replace(/[/\\:*?"<>|]/g, '-').trim();
  return { buffer: Buffer.concat(chunks), filename: `Réclamation ${clean(copy.student.last_name)} ${clean(copy.student.first_name)} - ${clean(copy.exam.title)}.pdf` };
}
