// The readable copy of a student's data (the archive's « mes-donnees.pdf »), a tagged PDF in the order of the JSON:
// account, enrolments, each attempt with its answers and times, practice, holds, requests, readings of the copies.
import { HOLD_KIND_LABELS, DELETION_STATUS_LABELS, SIMILARITY_CASE_STATUS_LABELS, SIMILARITY_CASE_STEP_LABELS, SIMILARITY_DECISION_LABELS, type SimilarityCaseStatus, type SimilarityCaseStep, type SimilarityDecision, STUDENT_READ_LABELS, JOURNAL_EVENT_LABELS, type DeletionStatus, type HoldKind, type JournalEventType } from '@exam/shared';
import { parisTime, taggedPdf } from '../../lib/tagged-pdf';
import type { StudentData } from './gather';

const ACCOUNT_LABELS: Record<string, string> = {
  id: 'Identifiant',
  last_name: 'Nom',
  first_name: 'Prénom',
  email: 'Adresse e-mail',
  role: 'Rôle',
  student_number: 'Numéro d’étudiant',
  is_premium: 'Premium',
  must_change_password: 'Mot de passe provisoire',
  created_at: 'Compte créé le',
  updated_at: 'Dernière modification',
  extra_time_factor: 'Coefficient de temps (tiers-temps)',
};
/** « 1 essai », « 3 essais »: a count and its noun, agreed (never « essai(s) »). */
const count = (n: number, one: string, many: string): string => `${n} ${Math.abs(n) < 2 ? one : many}`;

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)) return parisTime(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
};
const answerText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export async function renderDataPdf(d: StudentData): Promise<Buffer> {
  const name = `${show(d.account.last_name)} ${show(d.account.first_name)}`;
  const title = `Mes données — ${name}`;
  return taggedPdf({ title, author: 'Plateforme d’examens', subject: 'Données personnelles (RGPD, articles 15 et 20)' }, title, (w) => {
    w.h1('Vos données personnelles');
    w.para(`Établi le ${parisTime(d.made_at)} (heure de Paris). Le fichier mes-donnees.json de la même archive contient les mêmes données sous une forme lisible par un programme ; les dossiers de vos copies sont dans le dossier copies.`, 9);
    w.section(() => {
      w.h2('Compte');
      for (const [k, v] of Object.entries(d.account)) w.line(ACCOUNT_LABELS[k] ?? k, show(v));
    });
    w.section(() => {
      w.h2('Inscriptions');
      if (!d.enrolments.length) w.para('Aucune inscription.');
      else w.list(d.enrolments.map((e) => `${show(e.academic_year)} : ${show(e.specialization)} (${show(e.level)}), mention ${show(e.mention)}`));
    });
    w.section(() => {
      w.h2('Compositions d’examen');
      if (!d.attempts.length) w.para('Aucune composition.');
      for (const a of d.attempts) {
        w.section(() => {
          w.h3(`${a.exam.title} (${a.exam.academic_year})`);
          w.line('Début', show(a.attempt.started_at));
          w.line('Échéance', show(a.attempt.deadline));
          w.line('Fin', show(a.attempt.finished_at));
          if (a.extra_minutes) w.line('Temps supplémentaire', `${a.extra_minutes} min`);
          if (a.exam.closed) w.line('Note', a.attempt.score === null || a.attempt.score === undefined ? '—' : `${show(a.attempt.score)} sur ${show(a.attempt.max_score)} points, ${count(Number(a.attempt.validated_count ?? 0), 'question validée', 'questions validées')}`);
          else w.para('Examen encore ouvert : les verdicts, la note et le journal figureront dans l’archive après sa fermeture.', 8.5);
          w.line('Adresse IP et navigateur au début', `${show(a.attempt.ip)} — ${show(a.attempt.user_agent)}`);
          if (a.attempt.checked_at) w.line('Dernier contact de la page d’examen', show(a.attempt.checked_at));
          if (a.answers.length)
            w.list(
              a.answers.map((s) => {
                const verdict = 'validated' in s ? (s.validated ? ', validée' : ', non validée') : '';
                return `Question ${show(s.question)}, le ${show(s.submitted_at)}${s.automatic ? ' (brouillon envoyé à la fin)' : ''}${verdict} : ${answerText(s.answer).slice(0, 400)}`;
              }),
              8.5,
            );
          else w.para('Aucune réponse envoyée.', 8.5);
          if (a.late_answers.length) w.para(`Réponses tardives ou copies de secours : ${a.late_answers.length}.`, 8.5);
          if (a.marks.length) w.list(a.marks.map((m) => `Note de la question ${show(m.question)} : ${show(m.points)} (${show(m.graded_by)}, le ${show(m.graded_at)})${m.comment ? ` — ${show(m.comment)}` : ''}`), 8.5);
          if (a.problem_reports.length) w.list(a.problem_reports.map((r) => `Signalement du ${show(r.created_at)} : ${show(r.message)}`), 8.5);
          for (const c of a.similarity_cases) {
            const status = SIMILARITY_CASE_STATUS_LABELS[c.status as SimilarityCaseStatus] ?? show(c.status);
            const decision = c.decision ? ` : ${SIMILARITY_DECISION_LABELS[c.decision as SimilarityDecision] ?? show(c.decision)}` : '';
            w.para(`Dossier de programmes similaires n° ${show(c.case)}, ouvert le ${show(c.opened_at)} — ${status}${decision}.`, 8.5);
            const steps = (c.steps as Array<Record<string, unknown>>).map((s) => `${show(s.at)} — ${SIMILARITY_CASE_STEP_LABELS[s.type as SimilarityCaseStep] ?? show(s.type)} (${show(s.author)}) : ${show(s.text).slice(0, 400)}`);
            if (steps.length) w.list(steps, 8);
          }
          if (a.journal) {
            w.para(`Journal de la composition : ${count(a.journal.length, 'événement', 'événements')}, dernière empreinte ${a.journal_last_hash ?? '—'}.`, 8.5);
            w.list(
              a.journal.map((e) => `${show(e.at)} — ${JOURNAL_EVENT_LABELS[e.type as JournalEventType] ?? show(e.type)}`),
              8,
            );
          }
        });
      }
    });
    w.section(() => {
      w.h2('Entraînement');
      if (!d.practice.length) w.para('Aucun essai.');
      else {
        const byQuestion = new Map<string, { n: number; ok: number; course: string }>();
        for (const p of d.practice) {
          const k = String(p.question_id);
          const e = byQuestion.get(k) ?? { n: 0, ok: 0, course: show(p.course) };
          e.n += 1;
          if (p.validated) e.ok += 1;
          byQuestion.set(k, e);
        }
        w.para(`${count(d.practice.length, 'essai', 'essais')} sur ${count(byQuestion.size, 'exercice', 'exercices')} ; le détail de chaque essai est dans mes-donnees.json.`, 9);
        w.list([...byQuestion.entries()].map(([q, e]) => `Exercice ${q} (${e.course}) : ${count(e.n, 'essai', 'essais')}, ${count(e.ok, 'réussi', 'réussis')}`), 8.5);
      }
    });
    w.section(() => {
      w.h2('Gels de conservation');
      if (!d.holds.length) w.para('Aucun.');
      else w.list(d.holds.map((h) => `${HOLD_KIND_LABELS[h.kind as HoldKind] ?? show(h.kind)}, posé le ${show(h.created_at)} : ${show(h.reason)}${h.released_at ? ` ; levé le ${show(h.released_at)}` : ' ; en cours'}`));
    });
    w.section(() => {
      w.h2('Demandes d’effacement');
      if (!d.deletion_requests.length) w.para('Aucune.');
      else w.list(d.deletion_requests.map((r) => `Demande du ${show(r.created_at)} : ${DELETION_STATUS_LABELS[r.status as DeletionStatus] ?? show(r.status)}${r.decision_reason ? ` (${show(r.decision_reason)})` : ''}`));
    });
    w.section(() => {
      w.h2('Plateformes d’apprentissage (LTI)');
      if (!d.lti.links.length && !d.lti.grades.length) w.para('Aucun lien.');
      else {
        if (d.lti.links.length) w.list(d.lti.links.map((l) => `${show(l.platform)} : identifiant ${show(l.subject)}, premier lancement le ${show(l.created_at)}, dernier le ${show(l.last_launch_at)}`), 8.5);
        if (d.lti.grades.length)
          w.list(
            d.lti.grades.map((g) => `Note de « ${show(g.activity)} » pour ${show(g.platform)} : ${g.score_given === null ? 'retirée, copie de nouveau en correction' : `${show(g.score_given)} sur ${show(g.score_maximum)}`}${g.sent_at ? `, envoyée le ${show(g.sent_at)}` : g.state === 'FAILED' ? ', envoi en échec' : ', en attente d’envoi'}`),
            8.5,
          );
      }
    });
    w.section(() => {
      w.h2('Consultations de vos copies par le personnel');
      if (d.copy_accesses === null) w.para('La plateforme n’enregistre pas encore les consultations de copies.');
      else if (!d.copy_accesses.length) w.para('Aucune consultation enregistrée.');
      else w.list(d.copy_accesses.map((x) => `${parisTime(x.at)} — ${x.staff_name} — ${STUDENT_READ_LABELS[x.what]}${x.exam_title ? ` (${x.exam_title})` : ''}`), 8.5);
    });
  });
}
