// The appeal file's PDF, drawn from data gathered beforehand (appeal.ts): no database, no other feature, so that it
// runs in a worker thread (appeal-worker.ts) and a big journal never holds the API's event loop. A tagged PDF (PDF
// 1.7, language fr-FR, headings, paragraphs and lists in its structure, footers marked as page artifacts) that a
// screen reader reads in order; the journal is written as sentences, times in Paris, without internal ids.
import { JOURNAL_EVENT_LABELS, QUESTION_KIND_MODULES, QUESTION_STATE_LABELS, round2, STUDENT_READ_LABELS, type ExamJournal, type ExamStudentResult, type GradeDetails, type JournalEvent, type Question, type StudentAccess } from '@exam/shared';
import { similarityStepText } from '@exam/shared';
import { htmlToText } from '../../lib/html-text';

const TZ = 'Europe/Paris';
const when = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)).replace(' ', ' à ') : '—';
const clock = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, timeStyle: 'medium' }).format(new Date(iso));
const num = (n: number) => n.toLocaleString('fr-FR');
/** French agreement: 0 and 1 take the singular (« 0,5 point », « 1 question validée », « 2 points »). */
export const plural = (n: number, one: string, many: string) => `${num(n)} ${Math.abs(n) < 2 ? one : many}`;

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
  /** Who among staff opened this copy, its journal or its appeal file, and when (the most recent first). */
  accesses: StudentAccess[];
  /** When the file was made (ISO). */
  made_at: string;
}

export async function renderAppealPdf(data: AppealData): Promise<AppealFile> {
  const { copy, journal, author } = data;
  const questionOf = (qid: number) => data.questions[qid];

  const { default: PDFDocument } = await import('pdfkit');
  const title = latin(`Dossier de réclamation — ${copy.exam.title}`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: title, Author: latin(author), Subject: latin(`${copy.student.last_name} ${copy.student.first_name}`) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  // The structure a screen reader follows: each block drawn inside the element it belongs to.
  type Struct = ReturnType<typeof doc.struct>;
  const root = doc.struct('Document');
  doc.addStructure(root);
  let parent: Struct = root;
  const tag = (type: Parameters<typeof doc.struct>[0], draw: () => void) => parent.add(doc.struct(type, {}, [draw]));
  const section = (type: 'Sect' | 'L' | 'LI' | 'LBody', fill: () => void) => {
    const el = doc.struct(type);
    parent.add(el);
    const outer = parent;
    parent = el;
    fill();
    parent = outer;
    el.end();
  };

  const h1 = (t: string) => tag('H1', () => doc.font('Helvetica-Bold').fontSize(16).text(latin(t)).moveDown(0.3));
  const h2 = (t: string) => tag('H2', () => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12.5).text(latin(t)).moveDown(0.2));
  const h3 = (t: string) => tag('H3', () => doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10.5).text(latin(t)));
  const line = (label: string, value: string) =>
    tag('P', () => doc.font('Helvetica-Bold').fontSize(9.5).text(latin(`${label} : `), { continued: true }).font('Helvetica').text(latin(value)));
  const para = (t: string, size = 9.5) => tag('P', () => doc.font('Helvetica').fontSize(size).text(latin(t)));
  const code = (t: string) => tag('Code', () => doc.font('Courier').fontSize(8.5).text(latin(t || '(vide)'), { indent: 12 }));

  h1('Dossier de réclamation — copie d’examen');
  para(`Établi le ${when(data.made_at)} (heure de Paris) par ${author}.`, 8.5);
  section('Sect', () => {
    h2('Examen et étudiant');
    line('Examen', copy.exam.title);
    line('Fermeture', when(copy.exam.end_at));
    line('Étudiant', `${copy.student.last_name} ${copy.student.first_name}${copy.student.student_number ? ` (n° ${copy.student.student_number})` : ''}, ${copy.student.email}`);
    if (copy.student.extra_time_factor !== 1 || copy.student.extra_minutes > 0) {
      const parts = [copy.student.extra_time_factor !== 1 ? `durée multipliée par ${num(copy.student.extra_time_factor)}` : null, copy.student.extra_minutes > 0 ? `${plural(copy.student.extra_minutes, 'minute supplémentaire', 'minutes supplémentaires')}` : null];
      line('Aménagements', parts.filter(Boolean).join(', '));
    }
    if (copy.attempt) {
      const a = copy.attempt;
      line('Début', when(a.started_at));
      line('Échéance', when(a.deadline));
      line('Fin', a.finished_at ? when(a.finished_at) : copy.status === 'FINISHED' ? `${when(a.deadline)} (à l’échéance)` : '—');
      line('Note', `${a.score_20.toLocaleString('fr-FR')} / 20 (${a.score.toLocaleString('fr-FR')} sur ${plural(copy.exam.total_points, 'point', 'points')}), ${plural(a.validated_count, 'question validée', 'questions validées')}`);
    }
  });
  if (!copy.attempt) {
    para('Cet étudiant n’a pas commencé l’examen : aucune copie.');
  } else {
    section('Sect', () => {
      h2('La copie : questions et réponses données');
      for (const q of copy.questions) {
        section('Sect', () => {
          const full = questionOf(q.question_id);
          h3(`Question ${q.position}${q.exam_position !== q.position ? ` (Q${q.exam_position} de l’examen)` : ''}${q.variant_seed !== null ? `, variante ${q.variant_seed}` : ''} — ${round2(q.score).toLocaleString('fr-FR')} / ${plural(q.points, 'point', 'points')}, ${QUESTION_STATE_LABELS[q.state]}`);
          if (q.variant_values) para(`Valeurs tirées pour cette variante : ${Object.entries(q.variant_values).map(([k, v]) => `${k} = ${String(v)}`).join(', ')}.`, 9);
          para(full ? htmlToText(full.statement) : q.title);
          if (q.submissions.length === 0) para('Aucune réponse soumise.', 9);
          for (const [i, s] of q.submissions.entries()) {
            // Kept while the runner could not answer: no verdict yet, never « non validée ».
            const verdict = s.grading_later ? 'en cours de correction (le serveur d’exécution n’a pas pu la corriger à temps)' : s.is_valid ? 'validée' : 'non validée';
            const penalty = s.penalty > 0 ? `, pénalité de ${plural(s.penalty, 'point', 'points')}` : '';
            const later = s.graded_later_at ? `, corrigée plus tard (le ${when(s.graded_later_at)})` : '';
            doc.moveDown(0.2);
            para(
              `Réponse ${i + 1}, le ${when(s.submitted_at)} (${Math.floor(s.elapsed_seconds / 60)} min ${s.elapsed_seconds % 60} s après le début)${s.from_draft ? ', envoyée automatiquement à la fin (brouillon)' : ''} : ${verdict}${s.grading_later ? '' : `, ${plural(round2(s.score), 'point', 'points')}${penalty}${later}`}`,
              9,
            );
            // The answer and its details as the question's kind writes them (a removed question: as a QCM's ids, or raw).
            code(QUESTION_KIND_MODULES[full?.type ?? 'QCM'].answerText(s.answer, full ?? null, htmlToText));
            const d = s.details as GradeDetails | null;
            const line = d ? QUESTION_KIND_MODULES[d.type].detailsText(d as never) : null;
            if (line) para(line, 8.5);
          }
        });
      }
    });

    section('Sect', () => {
      h2('Journal de la composition');
      if (!journal) return;
      para(journal.intact ? 'Chaîne des empreintes vérifiée : intacte (aucun événement modifié ni retiré).' : `Chaîne des empreintes ROMPUE à l’événement ${journal.broken_at} : le journal a été modifié après coup.`, 9);
      para('Heures de Paris. L’empreinte de chaque événement est calculée sur le précédent : un événement changé ou retiré rompt la chaîne.', 8);
      const position = new Map(copy.questions.map((q) => [q.question_id, q.position]));
      section('L', () => {
        for (const e of journal.events) {
          section('LI', () =>
            tag('LBody', () => {
              doc.font('Helvetica').fontSize(8).text(latin(`${e.seq}. ${when(e.at)} — ${journalSentence(e, position)}`));
              doc.font('Courier').fontSize(7).fillColor('#444444').text(`   empreinte ${e.hash}`).fillColor('black');
            }),
          );
        }
      });
      doc.moveDown(0.5);
      line('Dernière empreinte', journal.last_hash ?? '—');
      para('Notée ici, elle permet de montrer plus tard que rien n’a été changé dans le journal jusqu’à cet événement.', 8);
    });
  }
  section('Sect', () => {
    h2('Consultations de la copie par le personnel');
    para('Chaque ouverture de cette copie, de son journal ou de son dossier de réclamation par un membre du personnel est enregistrée (heures de Paris), celle de ce dossier-ci comprise une fois qu’il est remis.', 8);
    if (data.accesses.length === 0) {
      para('Aucune consultation enregistrée avant ce dossier.', 9);
      return;
    }
    section('L', () => {
      for (const a of [...data.accesses].reverse()) {
        section('LI', () => tag('LBody', () => doc.font('Helvetica').fontSize(8.5).text(latin(`${when(a.at)} — ${STUDENT_READ_LABELS[a.what]}, par ${a.staff_name}`))));
      }
    });
  });
  root.end();

  // Page numbers, once every page exists: page artifacts (not read as content), written inside the bottom margin
  // with that margin lifted so that a footer never starts a page of its own.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(latin(`${copy.exam.title} — ${copy.student.last_name} ${copy.student.first_name} — page ${i + 1} / ${range.count}`), 50, doc.page.height - 35, { width: doc.page.width - 100, align: 'center', lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  const clean = (s: string) => s.replace(/[/\\:*?"<>|]/g, '-').trim();
  return { buffer: Buffer.concat(chunks), filename: `Réclamation ${clean(copy.student.last_name)} ${clean(copy.student.first_name)} - ${clean(copy.exam.title)}.pdf` };
}

/** One journal event as a French sentence: what happened, on which question (its number in the copy), no ids. */
export function journalSentence(e: Pick<JournalEvent, 'type' | 'client_at' | 'data'>, position: ReadonlyMap<number, number>): string {
  const d = e.data as Record<string, unknown>;
  const parts: string[] = [JOURNAL_EVENT_LABELS[e.type] ?? 'Événement'];
  const qid = typeof d.question_id === 'number' ? d.question_id : null;
  if (qid !== null) parts[0] += position.has(qid) ? `, question ${position.get(qid)}` : ', question retirée de la copie';
  const verdict = d.is_valid === true ? 'validée' : d.is_valid === false ? 'non validée' : null;
  switch (e.type) {
    case 'START':
    case 'FINISH':
      if (typeof d.ip === 'string') parts.push(`depuis l’adresse ${d.ip}`);
      break;
    case 'ANSWER':
      if (verdict) parts.push(verdict);
      if (typeof d.tries === 'number') parts.push(`essai n° ${d.tries}`);
      if (typeof d.ip === 'string') parts.push(`depuis l’adresse ${d.ip}`);
      break;
    case 'DRAFT_GRADED':
      if (verdict) parts.push(verdict);
      if (e.client_at) parts.push(`brouillon tapé à ${clock(e.client_at)}`);
      break;
    case 'ANSWER_KEPT':
      parts.push('le serveur d’exécution n’a pas pu la corriger à temps');
      if (d.from_draft === true) parts.push(e.client_at ? `brouillon remis à la fin, tapé à ${clock(e.client_at)}` : 'brouillon remis à la fin');
      else if (typeof d.tries === 'number') parts.push(`essai n° ${d.tries}`);
      if (typeof d.ip === 'string') parts.push(`depuis l’adresse ${d.ip}`);
      break;
    case 'GRADED_LATER':
      if (verdict) parts.push(verdict);
      if (d.from_draft === true) parts.push('brouillon remis à la fin');
      if (typeof d.penalty === 'number' && d.penalty > 0) parts.push(`pénalité de ${num(Math.round(d.penalty * 1000) / 10)} % pour les essais faux envoyés avant`);
      if (typeof d.failures === 'number') parts.push(d.failures > 0 ? `après ${plural(d.failures, 'essai de correction échoué', 'essais de correction échoués')}` : 'au premier essai de correction');
      break;
    case 'LATE_ANSWER':
      parts.push(d.kind === 'DRAFT' ? 'brouillon' : 'réponse soumise');
      if (e.client_at) parts.push(`donnée à ${clock(e.client_at)} selon le navigateur`);
      break;
    case 'FOCUS_LOST':
    case 'FOCUS_BACK':
    case 'OFFLINE':
    case 'ONLINE':
      if (e.client_at) parts.push(`à ${clock(e.client_at)} selon le navigateur`);
      if (typeof d.count === 'number' && d.count > 1) parts.push(`signalé ${d.count} fois`);
      break;
    case 'OFFLINE_PERIOD':
      if (typeof d.from === 'string') parts.push(`depuis ${clock(d.from)}`);
      if (d.until_end === true) parts.push('jusqu’à la fin de la composition');
      else if (typeof d.until === 'string') parts.push(`jusqu’à ${clock(d.until)}`);
      break;
    case 'ACCESS_REFUSED':
      if (typeof d.message === 'string') parts.push(`« ${d.message} »`);
      if (typeof d.ip === 'string') parts.push(`depuis l’adresse ${d.ip}`);
      break;
    case 'REPORT':
      if (typeof d.message === 'string') parts.push(`« ${d.message} »`);
      break;
    case 'TIME_GRANTED':
      if (typeof d.extra_minutes === 'number') parts.push(plural(d.extra_minutes, 'minute de plus', 'minutes de plus'));
      if (typeof d.time_bonus_percent === 'number') parts.push(`${num(d.time_bonus_percent)} % de temps en plus pour tous`);
      if (typeof d.deadline === 'string') parts.push(`nouvelle échéance le ${when(d.deadline)}`);
      break;
    case 'DEADLINE':
      if (typeof d.deadline === 'string') parts.push(`échéance du ${when(d.deadline)}`);
      break;
    case 'REGRADE':
      if (typeof d.old_score === 'number' && typeof d.new_score === 'number') parts.push(`note passée de ${num(d.old_score)} à ${num(d.new_score)}`);
      break;
    case 'SIMILARITY_CASE':
      parts.push(similarityStepText(d));
      break;
    case 'MARKER_MARK':
      if (typeof d.slot === 'number') parts.push(d.slot === 3 ? 'troisième correcteur' : `correcteur ${d.slot}`);
      if (typeof d.points === 'number' && typeof d.max_points === 'number') parts.push(`${num(d.points)} sur ${num(d.max_points)}`);
      if (typeof d.previous_points === 'number') parts.push(`au lieu de ${num(d.previous_points)}`);
      if (typeof d.by_name === 'string') parts.push(`par ${d.by_name}`);
      if (typeof d.comment === 'string' && d.comment) parts.push(`commentaire « ${d.comment} »`);
      // The marker's own rubric levels and annotations (migration 051), as a single grader's.
      parts.push(...rubricMarkParts(d));
      break;
    case 'MARKS_PUBLISHED':
      if (typeof d.by_name === 'string') parts.push(`par ${d.by_name}`);
      if (typeof d.pending === 'number' && d.pending > 0) parts.push(`${plural(d.pending, 'question encore en attente', 'questions encore en attente')}`);
      break;
    case 'ANONYMITY_LIFTED':
      if (typeof d.copy === 'number') parts.push(`copie n° ${d.copy}`);
      if (typeof d.by_name === 'string') parts.push(`par ${d.by_name}`);
      break;
    case 'MARK':
      if (d.withdrawn === true) {
        // Double marking: the mean withdrawn by a changed rubric, the copy to settle (rubric-apply.ts).
        parts.push('double correction, note moyenne retirée : les deux notes recalculées s’écartent de plus que l’écart permis, copie à trancher');
        if (Array.isArray(d.marker_points) && d.marker_points.length === 2) parts.push(`notes des correcteurs ${d.marker_points.map((x) => num(Number(x))).join(' et ')}`);
        if (typeof d.previous_points === 'number') parts.push(`la note était ${num(d.previous_points)}`);
        if (typeof d.by_name === 'string') parts.push(`par ${d.by_name}`);
        parts.push(...rubricMarkParts(d));
        break;
      }
      if (d.rule === 'MEAN') parts.push('double correction, moyenne des deux notes');
      if (d.rule === 'THIRD_MARKER') parts.push('double correction, désaccord tranché par le troisième correcteur');
      if (d.rule === 'TEACHER') parts.push('double correction, désaccord tranché par l’enseignant');
      if (Array.isArray(d.marker_points) && d.marker_points.length === 2) parts.push(`notes des correcteurs ${d.marker_points.map((x) => num(Number(x))).join(' et ')}`);
      if (typeof d.points === 'number' && typeof d.max_points === 'number') parts.push(`${num(d.points)} sur ${num(d.max_points)}`);
      if (typeof d.previous_points === 'number') parts.push(`au lieu de ${num(d.previous_points)}`);
      if (typeof d.by_name === 'string') parts.push(`par ${d.by_name}`);
      if (typeof d.comment === 'string' && d.comment) parts.push(`commentaire « ${d.comment} »`);
      parts.push(...rubricMarkParts(d));
      // An annotation on a file handed in (a FILE question): what was added or removed, where.
      if (d.file_annotation && typeof d.file_annotation === 'object') {
        const a = d.file_annotation as Record<string, unknown>;
        const where = `sur « ${String(a.file)} », page ${String(a.page)}`;
        parts.push(a.removed !== undefined ? `annotation retirée ${where} (« ${String(a.comment)} »)` : `annotation ajoutée ${where}, ${a.shape === 'BOX' ? 'cadre' : 'point'} à ${num(Number(a.x))} % ; ${num(Number(a.y))} %, « ${String(a.comment)} »`);
      }
      break;
    default:
      break;
  }
  return parts.join(', ');
}

/** A mark's rubric levels, annotations and reason in the appeal sentence (docs/correction-humaine.md). */
function rubricMarkParts(d: Record<string, unknown>): string[] {
  const parts: string[] = [];
  if (d.reason === 'RUBRIC_CHANGED') parts.push('barème modifié appliqué');
  if (Array.isArray(d.rubric_levels) && d.rubric_levels.length) {
    const levels = (d.rubric_levels as Array<Record<string, unknown>>).map(
      (l) => `${String(l.criterion)} ${typeof l.level === 'string' ? `« ${l.level} » ` : ''}${num(Number(l.points))} sur ${num(Number(l.max))}`,
    );
    parts.push(`grille : ${levels.join(', ')}`);
  }
  if (Array.isArray(d.annotations)) {
    const list = d.annotations as Array<Record<string, unknown>>;
    if (list.length === 0) parts.push('aucune annotation');
    else parts.push(`${list.length} annotation${list.length > 1 ? 's' : ''} : ${list.map((a) => `« ${String(a.quote)} » : « ${String(a.comment)} »`).join(' ; ')}`);
  }
  return parts;
}
