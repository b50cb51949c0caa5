// CLOZE (texte à trous) on the server. The statement holds the text with a marker `{n}` where gap n goes; each gap
// is a row (packages/shared question-kinds/cloze.ts: its kind, right answers, wrong choices or tolerance, case,
// weight). A student sees the text, each gap's kind and a list's choices shuffled, never which is right; the answer
// is one text a gap. Short answers and numbers are compared as EXACT compares them (./exact-match), a list's choice
// must be one of its own. Score: the weighted share of right gaps; validated when all are. Moodle `multianswer`
// (Cloze syntax), `gapselect` and `ddwtos` in, `multianswer` out; GIFT has no cloze.
import {
  CLOZE_MARKER,
  CLOZE_MAX_GAPS,
  clozeAnswerSchema,
  clozeChoices,
  clozeGapIssues,
  clozeGapOf,
  clozeRowOf,
  type ClozeGap,
  type ClozeGapKind,
  type Question,
} from '@exam/shared';
import { childrenOf, textOf, type XmlElement } from '../../lib/xml';
import { answerError, escapeHtml, partialCreditNote, plain } from './common';
import { matchesExact, numbersMatch, parseNumber } from './exact-match';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind } from './types';

export interface ClozeQuestion {
  type: 'CLOZE';
  gaps: ClozeGap[];
}

export const CLOZE_TEXTS = {
  tooMany: (gaps: number, sent: number) => `Ce texte a ${gaps} trou${gaps > 1 ? 's' : ''} : ${sent} réponses reçues.`,
  notInList: (n: number, answer: string) => `La réponse « ${answer.slice(0, 100)} » du trou ${n} n’est pas dans sa liste de choix.`,
} as const;

/** Whether `answer` fills gap `g` rightly: a list's right choice, a short answer or a number as EXACT compares them. */
export function gapRight(g: ClozeGap, answer: string): boolean {
  if (answer.trim() === '') return false;
  if (g.kind === 'CHOICE') return g.answers.includes(answer.trim());
  if (g.kind === 'SHORT') return matchesExact(answer, g.answers, null, g.caseSensitive);
  const n = parseNumber(answer);
  if (n === null) return false;
  return g.answers.some((a) => {
    const expected = parseNumber(a);
    return expected !== null && numbersMatch(n, expected, g.tolerance);
  });
}

/** The right answer of a gap as the correction shows it. */
function gapSolution(g: ClozeGap): string {
  const answers = g.answers.join(' ou ');
  if (g.kind !== 'NUMBER' || !g.tolerance || !(g.tolerance.value > 0)) return answers;
  const t = g.tolerance.kind === 'relative' ? `${(g.tolerance.value * 100).toLocaleString('fr-FR')} %` : g.tolerance.value.toLocaleString('fr-FR');
  return `${answers} (à ${t} près)`;
}

// --- Moodle XML: the Cloze syntax ({poids:TYPE:=juste~faux#commentaire}) -----------------------------------------

const MOODLE_TYPE: Record<string, { kind: ClozeGapKind | 'MULTI'; caseSensitive?: boolean; layout?: boolean }> = {};
for (const t of ['SHORTANSWER', 'SA', 'MW']) MOODLE_TYPE[t] = { kind: 'SHORT' };
for (const t of ['SHORTANSWER_C', 'SAC', 'MWC']) MOODLE_TYPE[t] = { kind: 'SHORT', caseSensitive: true };
for (const t of ['NUMERICAL', 'NM']) MOODLE_TYPE[t] = { kind: 'NUMBER' };
for (const t of ['MULTICHOICE', 'MC', 'MULTICHOICE_S', 'MCS']) MOODLE_TYPE[t] = { kind: 'CHOICE' };
for (const t of ['MULTICHOICE_V', 'MCV', 'MULTICHOICE_H', 'MCH', 'MULTICHOICE_VS', 'MCVS', 'MULTICHOICE_HS', 'MCHS']) MOODLE_TYPE[t] = { kind: 'CHOICE', layout: true };
for (const t of ['MULTIRESPONSE', 'MR', 'MULTIRESPONSE_H', 'MRH', 'MULTIRESPONSE_S', 'MRS', 'MULTIRESPONSE_HS', 'MRHS']) MOODLE_TYPE[t] = { kind: 'MULTI' };

/** Splits on a separator not escaped by a backslash. */
function splitUnescaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}
const unescapeCloze = (s: string) => s.replace(/\\(.)/g, '$1');
const escapeCloze = (s: string) => s.replace(/[\\}#~/"]/g, (c) => `\\${c}`);

interface ClozeSub {
  start: number;
  end: number;
  weight: number;
  type: string;
  body: string;
}

/** The embedded sub-questions of a Cloze text, in order: `{1:SHORTANSWER:=Paris}`, the weight optional. */
function clozeSubs(text: string): ClozeSub[] {
  const subs: ClozeSub[] = [];
  const open = /\{(\d*):([A-Z_]+):/g;
  let m: RegExpExecArray | null;
  while ((m = open.exec(text))) {
    let i = m.index + m[0].length;
    let body = '';
    while (i < text.length && text[i] !== '}') {
      if (text[i] === '\\' && i + 1 < text.length) {
        body += text[i]! + text[i + 1]!;
        i += 2;
      } else body += text[i++];
    }
    if (i >= text.length) break;
    subs.push({ start: m.index, end: i + 1, weight: m[1] ? Number(m[1]) : 1, type: m[2]!, body });
    open.lastIndex = i + 1;
  }
  return subs;
}

/** One Cloze sub-question as a gap, or why the question cannot be read. */
function gapOfSub(sub: ClozeSub, n: number, notes: Set<string>): ClozeGap | string {
  const t = MOODLE_TYPE[sub.type];
  if (!t) return `Le trou ${n} est d’un type Cloze inconnu (${sub.type}).`;
  if (t.kind === 'MULTI') return `Le trou ${n} attend plusieurs réponses cochées (${sub.type}) : pas d’équivalent ici.`;
  if (t.layout) notes.add('Les choix présentés en boutons (MCV, MCH) sont proposés en liste déroulante.');
  const answers = splitUnescaped(sub.body, '~').map((raw) => {
    const [head = '', ...feedback] = splitUnescaped(raw, '#');
    if (feedback.some((f) => plain(unescapeCloze(f)) !== '')) notes.add('Les commentaires propres à chaque réponse ne sont pas repris.');
    const fm = /^\s*(?:=|%(-?\d+(?:[.,]\d*)?)%)/.exec(head);
    const fraction = !fm ? 0 : fm[1] === undefined ? 100 : Number(fm[1].replace(',', '.'));
    return { fraction, text: plain(unescapeCloze(fm ? head.slice(fm[0].length) : head)) };
  });
  const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100).length;
  const weight = sub.weight > 0 ? sub.weight : 1;
  if (t.kind === 'CHOICE') {
    if (partial) notes.add(`${partialCreditNote(partial)} Dans une liste, elles comptent fausses.`);
    const right = [...new Set(answers.filter((a) => a.fraction === 100 && a.text !== '').map((a) => a.text))];
    if (!right.length) return `Le trou ${n} n’a aucun choix entièrement juste.`;
    const wrong = [...new Set(answers.filter((a) => a.fraction !== 100 && a.text !== '').map((a) => a.text))].filter((w) => !right.includes(w));
    return { kind: 'CHOICE', answers: right, wrong, caseSensitive: false, tolerance: null, weight };
  }
  if (partial) notes.add(partialCreditNote(partial));
  const full = answers.filter((a) => a.fraction === 100 && a.text !== '' && a.text !== '*');
  if (t.kind === 'SHORT') {
    const wild = full.filter((a) => a.text.includes('*'));
    if (wild.length) notes.add('Les réponses avec joker « * » ne sont pas reprises : ici, la réponse est comparée telle quelle.');
    const accepted = [...new Set(full.filter((a) => !a.text.includes('*')).map((a) => a.text))];
    if (!accepted.length) return `Le trou ${n} n’a aucune réponse entièrement juste sans joker.`;
    return { kind: 'SHORT', answers: accepted.slice(0, 20), wrong: [], caseSensitive: !!t.caseSensitive, tolerance: null, weight };
  }
  const numbers = full
    .map((a) => {
      const [value = '', tol = ''] = a.text.split(':');
      return { value: value.trim(), tol: Math.abs(Number(tol.trim().replace(',', '.')) || 0) };
    })
    .filter((v) => parseNumber(v.value) !== null);
  if (!numbers.length) return `Le trou ${n} n’a aucun nombre entièrement juste.`;
  const tols = [...new Set(numbers.map((v) => v.tol))];
  if (tols.length > 1) notes.add(`Tolérances différentes dans le trou ${n} : la plus grande (${Math.max(...tols)}) vaut pour toutes ses réponses.`);
  const tol = Math.max(...tols);
  return { kind: 'NUMBER', answers: [...new Set(numbers.map((v) => v.value))].slice(0, 20), wrong: [], caseSensitive: false, tolerance: tol > 0 ? { kind: 'absolute', value: tol } : null, weight };
}

function readMultianswer(_q: XmlElement, notes: string[], statement: string): KindImport | string {
  const subs = clozeSubs(statement);
  if (!subs.length) return 'Aucun trou dans le texte.';
  if (subs.length > CLOZE_MAX_GAPS) return `Plus de ${CLOZE_MAX_GAPS} trous (${subs.length}).`;
  const found = new Set<string>();
  const gaps: ClozeGap[] = [];
  for (const [i, sub] of subs.entries()) {
    const g = gapOfSub(sub, i + 1, found);
    if (typeof g === 'string') return g;
    gaps.push(g);
  }
  notes.push(...found);
  let text = '';
  let at = 0;
  subs.forEach((s, i) => {
    text += `${statement.slice(at, s.start)}{${i + 1}}`;
    at = s.end;
  });
  text += statement.slice(at);
  return { type: 'CLOZE', statement: text, possible_solutions: gaps.map(clozeRowOf) };
}

/** gapselect and ddwtos: `[[n]]` in the text is the n-th choice (its right answer), the others of its group the wrong
 *  ones. Each place becomes a list gap. */
const readPlaces = (element: 'selectoption' | 'dragbox') => (q: XmlElement, notes: string[], statement: string): KindImport | string => {
  const options = childrenOf(q, element).map((o) => ({ text: plain(textOf(o, 'text') || (o.children.length ? '' : o.text)), group: textOf(o, 'group').trim() || '1' }));
  const places = [...statement.matchAll(/\[\[(\d+)\]\]/g)];
  if (!places.length) return 'Aucun emplacement [[n]] dans le texte.';
  if (places.length > CLOZE_MAX_GAPS) return `Plus de ${CLOZE_MAX_GAPS} emplacements (${places.length}).`;
  const gaps: ClozeGap[] = [];
  for (const m of places) {
    const right = options[Number(m[1]) - 1];
    if (!right || right.text === '') return `L’emplacement [[${m[1]}]] ne correspond à aucun choix.`;
    const wrong = [...new Set(options.filter((o) => o.group === right.group && o.text !== right.text && o.text !== '').map((o) => o.text))];
    gaps.push({ kind: 'CHOICE', answers: [right.text], wrong, caseSensitive: false, tolerance: null, weight: 1 });
  }
  if (element === 'dragbox') notes.push('Le glisser-déposer devient une liste de choix par emplacement (au clavier comme à la souris).');
  let n = 0;
  const text = statement.replace(/\[\[(\d+)\]\]/g, () => `{${++n}}`);
  return { type: 'CLOZE', statement: text, possible_solutions: gaps.map(clozeRowOf) };
};

/** A gap in the Cloze syntax Moodle reads (`{2:SHORTANSWER_C:=Paris~=Lutèce}`); weights are whole numbers there. */
function writeSub(g: ClozeGap): string {
  const weight = Math.max(1, Math.round(g.weight));
  const esc = (s: string) => escapeCloze(escapeHtml(s));
  if (g.kind === 'CHOICE') return `{${weight}:MULTICHOICE:${[...g.answers.map((a) => `=${esc(a)}`), ...g.wrong.map((w) => `%0%${esc(w)}`)].join('~')}}`;
  if (g.kind === 'SHORT') return `{${weight}:${g.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER'}:${g.answers.map((a) => `=${esc(a)}`).join('~')}}`;
  const values = g.answers.map((a) => parseNumber(a) ?? Number(a));
  const tol = (v: number) => (!g.tolerance || !(g.tolerance.value > 0) ? 0 : g.tolerance.kind === 'absolute' ? g.tolerance.value : Math.abs(v) * g.tolerance.value);
  return `{${weight}:NUMERICAL:${values.map((v) => `=${v}:${tol(v)}`).join('~')}}`;
}

function writeMoodle(q: Question): { type: string; body: string; statement: string } {
  const gaps = q.possible_solutions.map(clozeGapOf);
  const statement = q.statement.replace(CLOZE_MARKER, (whole, n: string) => {
    const g = gaps[Number(n) - 1];
    return g ? writeSub(g) : whole;
  });
  return {
    type: 'multianswer',
    statement,
    body: [
      `    <correctfeedback format="html"><text></text></correctfeedback>`,
      `    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>`,
      `    <incorrectfeedback format="html"><text></text></incorrectfeedback>`,
    ].join('\n'),
  };
}

/** Why a variant's gaps cannot be given to students, or null (each gap's own rule). */
function checkVariant(ps: Array<{ content: string; stdin: string; expected_output: string }>): string | null {
  for (const [i, p] of ps.entries()) {
    const issue = clozeGapIssues(p, i)[0];
    if (issue) return issue.message.charAt(0).toLowerCase() + issue.message.slice(1).replace(/\.$/, '');
  }
  return ps.length ? null : 'le texte n’a aucun trou';
}

export const clozeServerKind = {
  kind: 'CLOZE',
  fields: { language: false, program: false, tolerance: false, scoring: false },
  storeSolution: (p, empty) => ({ ...empty, ...clozeRowOf(clozeGapOf(p)) }),
  toGradable: (q) => ({ type: 'CLOZE', gaps: q.possible_solutions.map(clozeGapOf) }),
  grade: async (_ctx, input) => {
    const parsed = clozeAnswerSchema.safeParse(input.answer);
    if (!parsed.success) throw answerError(parsed.error.issues[0]?.message ?? 'La réponse doit être une liste de textes, un par trou.');
    const { gaps } = input.question;
    if (parsed.data.length > gaps.length) throw answerError(CLOZE_TEXTS.tooMany(gaps.length, parsed.data.length));
    gaps.forEach((g, i) => {
      const a = (parsed.data[i] ?? '').trim();
      if (g.kind === 'CHOICE' && a !== '' && !clozeChoices(g).includes(a)) throw answerError(CLOZE_TEXTS.notInList(i + 1, a));
    });
    const right = gaps.map((g, i) => gapRight(g, parsed.data[i] ?? ''));
    const correct = right.filter(Boolean).length;
    const total = gaps.reduce((s, g) => s + Math.max(0, g.weight), 0);
    const earned = gaps.reduce((s, g, i) => s + (right[i] ? Math.max(0, g.weight) : 0), 0);
    const valid = gaps.length > 0 && correct === gaps.length;
    return { is_valid: valid, score: total > 0 ? earned / total : 0, details: { type: 'CLOZE', correct, total: gaps.length } };
  },
  ungradable: (q) => ({ type: 'CLOZE', correct: 0, total: q.gaps.length }),
  usesRunner: false,
  runsExamples: false,
  student: (q, _seed, shuffle) => ({
    ...NO_STUDENT_FIELDS,
    gaps: q.possible_solutions.map((p) => {
      const g = clozeGapOf(p);
      return { kind: g.kind, choices: g.kind === 'CHOICE' ? shuffle(clozeChoices(g)) : [] };
    }),
  }),
  // Each gap (by its number) with its right answer.
  solution: (q) => ({
    choice_ids: [],
    accepted: [],
    expected: null,
    pairs: q.possible_solutions.map((p, i) => ({ item_id: i + 1, answer: gapSolution(clozeGapOf(p)) })),
  }),
  checkOnSave: async () => 0,
  checkVariant: async (_ctx, _caller, _q, ps) => checkVariant(ps),
  moodle: { write: writeMoodle, read: { multianswer: readMultianswer, gapselect: readPlaces('selectoption'), ddwtos: readPlaces('dragbox') } },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'CLOZE', ClozeQuestion>;
