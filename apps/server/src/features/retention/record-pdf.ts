// The elimination record (« bordereau d’élimination ») of one purge, as a tagged PDF: the year, its jury and
// retention, what was removed by kind and by exam, what was kept under hold (by motive, without names), the
// statistics that survive, the sample sent to the archives, and room for the two signatures the archives rule asks.
import { HOLD_KIND_LABELS, PURGE_CATEGORIES, PURGE_CATEGORY_LABELS, type HoldKind } from '@exam/shared';
import { frenchDate, parisTime, taggedPdf } from '../../lib/tagged-pdf';
import type { PurgeSummary } from './service';

const num = (n: number) => n.toLocaleString('fr-FR');
const mark = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('fr-FR')} / 20`);

export async function renderRecordPdf(s: PurgeSummary, made: { id: number; at: string; by: string | null }): Promise<Buffer> {
  const title = `Bordereau d’élimination n° ${made.id} — année ${s.year_label}`;
  return taggedPdf({ title, author: made.by ?? 'Purge périodique du serveur', subject: `Élimination des copies et données de l’année ${s.year_label}` }, title, (w) => {
    w.h1('Bordereau d’élimination de documents');
    w.para(`Établi le ${parisTime(made.at)} (heure de Paris) ${made.by ? `à la demande de ${made.by}` : 'par la purge périodique du serveur'}.`, 8.5);
    w.section(() => {
      w.h2('Année et règle de conservation');
      w.line('Année universitaire', s.year_label);
      w.line('Date du jury', frenchDate(s.jury_date));
      w.line('Durée de conservation', `${num(s.retention_months)} mois après le jury`);
      w.line('Échéance', frenchDate(s.due_on));
      w.para('Les copies d’examen et les données personnelles de l’année sont éliminées à l’échéance, sauf celles sous gel (réclamation, signalement, procédure disciplinaire) et les copies portant un signalement non traité.', 9);
    });
    w.section(() => {
      w.h2('Documents et données éliminés');
      w.list(PURGE_CATEGORIES.map((c) => `${PURGE_CATEGORY_LABELS[c]} : ${num(s.counts[c])}`));
      if (s.exams.length) {
        w.h3('Par examen');
        w.list(s.exams.map((e) => `${e.title} : ${num(e.attempts - e.kept)} copie${e.attempts - e.kept > 1 ? 's' : ''} éliminée${e.attempts - e.kept > 1 ? 's' : ''}${e.kept ? `, ${num(e.kept)} conservée${e.kept > 1 ? 's' : ''}` : ''}`));
      }
    });
    w.section(() => {
      w.h2('Conservé au-delà de l’échéance');
      const kinds = Object.entries(s.kept_holds) as Array<[HoldKind, number]>;
      if (!kinds.length && !s.kept_reports && !s.kept_cases) w.para('Aucun gel, signalement ni dossier en cours : rien n’est conservé.');
      else
        w.list([
          ...kinds.map(([k, n]) => `${HOLD_KIND_LABELS[k]} : ${num(n)} gel${n > 1 ? 's' : ''}`),
          ...(s.kept_reports ? [`Signalement non traité : ${num(s.kept_reports)} étudiant${s.kept_reports > 1 ? 's' : ''}`] : []),
          ...(s.kept_cases ? [`Dossier de programmes similaires en cours : ${num(s.kept_cases)} étudiant${s.kept_cases > 1 ? 's' : ''}`] : []),
        ]);
      w.para('Ces données seront éliminées par une purge ultérieure, une fois le gel levé, le signalement traité ou le dossier décidé.', 8.5);
    });
    w.section(() => {
      w.h2('Statistiques conservées (sans aucune donnée personnelle)');
      if (!s.stats.length) w.para(s.stats_recorded_before ? 'Déjà conservées par un bordereau précédent de cette année.' : 'Aucune copie notée.');
      for (const e of s.stats) {
        w.h3(e.title);
        w.para(`${num(e.attempts)} copie${e.attempts > 1 ? 's' : ''} ; moyenne ${mark(e.mean_20)}, médiane ${mark(e.median_20)}, minimum ${mark(e.min_20)}, maximum ${mark(e.max_20)}.`, 9);
        w.para(`Répartition des notes (0 à 20) : ${e.histogram.join(', ')}.`, 8.5);
        if (e.questions.length) w.para(`Réussite par question : ${e.questions.map((q, i) => `Q${i + 1} ${num(q.validated)}/${num(q.given)}`).join(', ')}.`, 8.5);
      }
    });
    w.section(() => {
      w.h2('Échantillon versé aux archives');
      w.para(s.sample ? `${num(s.sample.count)} copie${s.sample.count > 1 ? 's' : ''} exportée${s.sample.count > 1 ? 's' : ''} le ${parisTime(s.sample.at)} avant l’élimination.` : 'Aucun échantillon exporté.');
    });
    w.section(() => {
      w.h2('Visas');
      w.signature('Le responsable de l’élimination');
      w.signature('Le service d’archives (visa préalable)');
    });
  });
}
