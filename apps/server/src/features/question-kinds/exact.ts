// EXACT on the server: accepted answers stored as possible solutions (content), an optional tolerance; the student
// sees none of them; Moodle shortanswer / numerical, GIFT short and numerical answers.
import { type Question } from '@exam/shared';
import { childrenOf, child, textOf, escapeXml, type XmlElement } from '../../lib/xml';
import { escapeGift, feedbackNote, isTrue, MAX_TEXT_ANSWER, moodleAnswers, moodleAnswerText, num, partialCreditNote, textAnswer } from './common';
import { matchesExact, type Tolerance } from './exact-match';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind } from './types';

export interface ExactQuestion {
  type: 'EXACT';
  accepted: string[];
  tolerance: Tolerance;
}

const text = (s: string) => `<text>${escapeXml(s)}</text>`;
/** A number without the noise of binary arithmetic (3 × 0.1 → 0.3, not 0.30000000000000004). */
const tidy = (n: number) => Number(n.toPrecision(12));

function writeMoodle(q: Question): { type: string; body: string } {
  const ps = q.possible_solutions;
  const numeric = q.tolerance && ps.every((p) => Number.isFinite(Number(p.content.replace(',', '.'))));
  if (numeric && q.tolerance) {
    const tol = (p: string) => tidy(q.tolerance!.kind === 'absolute' ? q.tolerance!.value : Math.abs(Number(p.replace(',', '.'))) * q.tolerance!.value);
    const answers = ps
      .map((p) => `    <answer fraction="100" format="moodle_auto_format">${text(p.content.replace(',', '.'))}<feedback format="html"><text></text></feedback><tolerance>${tol(p.content)}</tolerance></answer>`)
      .join('\n');
    return { type: 'numerical', body: `${answers}\n    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>` };
  }
  const answers = ps.map((p) => `    <answer fraction="100" format="moodle_auto_format">${text(p.content)}<feedback format="html"><text></text></feedback></answer>`).join('\n');
  return { type: 'shortanswer', body: `    <usecase>0</usecase>\n${answers}` };
}

function readShortanswer(q: XmlElement, notes: string[]): KindImport | string {
  const answers = moodleAnswers(q);
  feedbackNote(answers, notes);
  if (isTrue(textOf(q, 'usecase') || '0')) notes.push('Moodle tenait compte de la casse : ici, majuscules et minuscules sont confondues.');
  const full = answers.filter((a) => a.fraction === 100);
  const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100);
  if (partial.length) notes.push(partialCreditNote(partial.length));
  const wild = full.filter((a) => a.html.includes('*'));
  if (wild.length) notes.push(`${wild.length > 1 ? `${wild.length} réponses avec joker « * » non reprises` : 'Une réponse avec joker « * » non reprise'} : ici, la réponse est comparée telle quelle.`);
  const accepted = full.filter((a) => !a.html.includes('*')).map(moodleAnswerText).filter(Boolean);
  if (!accepted.length) return 'Aucune réponse entièrement juste sans joker.';
  if (accepted.length > 20) notes.push(`Seules les 20 premières réponses acceptées sont reprises (${accepted.length}).`);
  return { type: 'EXACT', possible_solutions: accepted.slice(0, 20).map((content) => ({ content })) };
}

function readNumerical(q: XmlElement, notes: string[]): KindImport | string {
  const answers = moodleAnswers(q);
  feedbackNote(answers, notes);
  const full = answers.filter((a) => a.fraction === 100 && Number.isFinite(num(moodleAnswerText(a))));
  if (!full.length) return 'Aucune réponse numérique entièrement juste.';
  const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100);
  if (partial.length) notes.push(partialCreditNote(partial.length));
  const tolerances = [...new Set(full.map((a) => Math.abs(num(textOf(a.el, 'tolerance')) || 0)))];
  if (tolerances.length > 1) notes.push(`Tolérances différentes selon les réponses : la plus grande (${Math.max(...tolerances)}) vaut pour toutes.`);
  if (childrenOf(child(q, 'units'), 'unit').length) notes.push('Les unités ne sont pas reprises : l’étudiant répond par le nombre seul.');
  const tol = Math.max(...tolerances);
  return { type: 'EXACT', possible_solutions: full.slice(0, 20).map((a) => ({ content: moodleAnswerText(a) })), tolerance: { kind: 'absolute', value: tol } };
}

export const exactServerKind = {
  kind: 'EXACT',
  fields: { language: false, program: false, tolerance: true, scoring: false },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), is_correct: 1 }),
  toGradable: (q) => ({ type: 'EXACT', accepted: q.possible_solutions.map((p) => p.content).filter((c) => c.trim() !== ''), tolerance: q.tolerance }),
  grade: async (_ctx, input) => {
    const answer = textAnswer(input.answer, MAX_TEXT_ANSWER);
    const valid = matchesExact(answer, input.question.accepted, input.question.tolerance);
    return { is_valid: valid, score: valid ? 1 : 0, details: { type: 'EXACT' } };
  },
  ungradable: () => ({ type: 'EXACT' }),
  usesRunner: false,
  runsExamples: false,
  student: () => NO_STUDENT_FIELDS,
  solution: (q) => ({ choice_ids: [], accepted: q.possible_solutions.map((s) => s.content), expected: null, pairs: [] }),
  checkOnSave: async () => 0,
  checkVariant: async (_ctx, _caller, _q, ps) => (ps.some((p) => p.content.trim() !== '') ? null : 'aucune réponse acceptée n’est remplie'),
  moodle: { write: writeMoodle, read: { shortanswer: readShortanswer, numerical: readNumerical } },
  gift: {
    write: (q) => {
      const ps = q.possible_solutions;
      if (q.tolerance && ps.every((p) => Number.isFinite(Number(p.content.replace(',', '.'))))) {
        const t = q.tolerance;
        const tol = (v: string) => tidy(t.kind === 'absolute' ? t.value : Math.abs(Number(v)) * t.value);
        return `{#\n${ps.map((p) => p.content.replace(',', '.')).map((v) => `\t=${v}:${tol(v)}`).join('\n')}\n}`;
      }
      return `{\n${ps.map((p) => `\t=${escapeGift(p.content)}`).join('\n')}\n}`;
    },
  },
} satisfies ServerQuestionKind<'EXACT', ExactQuestion>;
