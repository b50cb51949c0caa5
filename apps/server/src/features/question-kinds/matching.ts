// MATCHING (appariement) on the server. Rows are possible solutions: content = the item (empty for a distractor),
// expected_output = the answer that goes with it, weight = the item's share in PARTIAL scoring; the question's
// `scoring` says PARTIAL or ALL_OR_NOTHING. A student sees the items and the answers listed once, sorted then
// shuffled per student (so the list's order says nothing of the rows'), never which answer goes with which item;
// an answer is [{ item_id, answer }], an item left out counting wrong. Moodle `match` and GIFT matching in and out;
// Moodle `mtf` (multiple true/false) in, as a true/false grid (answers « Vrai » and « Faux »).
import { matchingAnswerKey, matchingAnswerSchema, type MatchingScoring, type Question } from '@exam/shared';
import { cdata, child, childrenOf, escapeXml, textOf, type XmlElement } from '../../lib/xml';
import { answerError, escapeGift, escapeHtml, feedbackNote, moodleAnswers, num, plain } from './common';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind, type VariantSolution } from './types';

export interface MatchingQuestion {
  type: 'MATCHING';
  scoring: MatchingScoring;
  items: { id: number; answer: string; weight: number }[];
  /** Every answer of the list (items' and distractors'), as compared. */
  options: string[];
}

export const MATCHING_TEXTS = {
  shape: 'La réponse doit être une liste d’associations (un élément, une réponse).',
  unknownItem: (ids: number[]) =>
    ids.length > 1 ? `Les éléments ${ids.join(', ')} n’appartiennent pas à cette question.` : `L’élément ${ids[0]} n’appartient pas à cette question.`,
  twice: (id: number) => `L’élément ${id} est associé deux fois.`,
  notInList: (answer: string) => `La réponse « ${answer.slice(0, 100)} » n’est pas dans la liste proposée.`,
} as const;

/** The answers of the list, each once, in an order that depends only on their texts. */
function answerList(rows: Array<{ expected_output: string }>): string[] {
  const keys = [...new Set(rows.map((r) => matchingAnswerKey(r.expected_output)).filter((k) => k !== ''))];
  return keys.sort((a, b) => a.localeCompare(b, 'fr'));
}

const isItem = (p: { content: string }) => p.content.trim() !== '';

function checkVariant(ps: VariantSolution[]): string | null {
  const seen = new Set<string>();
  for (const [i, p] of ps.entries()) {
    if (matchingAnswerKey(p.expected_output) === '') return isItem(p) ? `l’élément ${i + 1} n’a pas de réponse associée` : `la ligne ${i + 1} est vide`;
    if (!isItem(p)) continue;
    const key = p.content.trim().toLowerCase();
    if (seen.has(key)) return `l’élément ${i + 1} est écrit deux fois`;
    seen.add(key);
  }
  return ps.filter(isItem).length >= 2 ? null : 'il faut au moins deux éléments à associer';
}

// --- Moodle XML ------------------------------------------------------------------------------------

const html = (s: string) => `<text>${s ? cdata(s) : ''}</text>`;

function writeMoodle(q: Question): { type: string; body: string } {
  const subs = q.possible_solutions.map((p) =>
    [
      `    <subquestion format="html">`,
      `      ${html(isItem(p) ? `<p>${escapeHtml(p.content)}</p>` : '')}`,
      `      <answer><text>${escapeXml(p.expected_output.trim())}</text></answer>`,
      `    </subquestion>`,
    ].join('\n'),
  );
  return {
    type: 'match',
    body: [
      `    <shuffleanswers>true</shuffleanswers>`,
      `    <correctfeedback format="html"><text></text></correctfeedback>`,
      `    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>`,
      `    <incorrectfeedback format="html"><text></text></incorrectfeedback>`,
      ...subs,
    ].join('\n'),
  };
}

function readMoodle(q: XmlElement, notes: string[]): KindImport | string {
  const subs = q.children.filter((c) => c.name === 'subquestion');
  feedbackNote(moodleAnswers(q), notes);
  if (subs.some((s) => (child(s, 'text')?.text ?? '').includes('@@PLUGINFILE@@'))) notes.push('Les images des éléments ne sont pas reprises (les éléments sont du texte).');
  const rows = subs.map((s) => ({ content: plain(child(s, 'text')?.text ?? ''), expected_output: textOf(s, 'answer').trim() }));
  const kept = rows.filter((r) => r.expected_output !== '');
  if (kept.length < rows.length) notes.push('Des lignes sans réponse sont ignorées.');
  if (kept.filter(isItem).length < 2) return 'Moins de deux éléments à associer.';
  if (kept.length > 30) notes.push(`Seules les 30 premières lignes sont reprises (${kept.length}).`);
  // Moodle gives each sub-question an equal share: PARTIAL with equal weights.
  return { type: 'MATCHING', scoring: 'PARTIAL', possible_solutions: kept.slice(0, 30) };
}

/** Moodle's true/false answers in English become ours, so that the question is shown as a grid. */
const GRID_WORDS: Record<string, string> = { true: 'Vrai', false: 'Faux', vrai: 'Vrai', faux: 'Faux' };

/**
 * Moodle's multiple true/false (qtype_mtf): a statement per row, an answer per column (« True » / « False »), the
 * right column of each row by its weight. Read as a matching: each statement with the answer of its right column,
 * the columns no statement takes as answers too many; « True » / « False » become « Vrai » / « Faux » (a grid here).
 */
function readMtf(q: XmlElement, notes: string[]): KindImport | string {
  const columns = new Map(
    childrenOf(q, 'column').map((c) => {
      const raw = plain(child(child(c, 'responsetext'), 'text')?.text ?? '');
      return [c.attrs.number ?? '', GRID_WORDS[raw.toLowerCase()] ?? raw] as const;
    }),
  );
  const weights = childrenOf(q, 'weight').filter((w) => num(textOf(w, 'value')) > 0);
  const rows = childrenOf(q, 'row').map((r) => {
    const right = weights.filter((w) => w.attrs.rownumber === r.attrs.number).map((w) => columns.get(w.attrs.columnnumber ?? '') ?? '');
    return { content: plain(child(child(r, 'optiontext'), 'text')?.text ?? ''), expected_output: right.length === 1 ? right[0]!.trim() : '' };
  });
  if (rows.some((r) => r.content === '')) notes.push('Des affirmations vides sont ignorées.');
  if (childrenOf(q, 'row').some((r) => (child(child(r, 'optiontext'), 'text')?.text ?? '').includes('@@PLUGINFILE@@'))) notes.push('Les images des affirmations ne sont pas reprises (les affirmations sont du texte).');
  if (childrenOf(q, 'row').some((r) => plain(textOf(r, 'feedbacktext')))) notes.push('Les commentaires propres à chaque affirmation ne sont pas repris.');
  const kept = rows.filter((r) => r.content !== '' && r.expected_output !== '');
  if (kept.length < rows.filter((r) => r.content !== '').length) notes.push('Des affirmations sans une seule bonne réponse sont ignorées.');
  if (kept.length < 2) return 'Moins de deux affirmations à juger.';
  const used = new Set(kept.map((r) => r.expected_output));
  const extra = [...new Set(columns.values())].filter((c) => c !== '' && !used.has(c)).map((c) => ({ content: '', expected_output: c }));
  const method = textOf(q, 'scoringmethod').trim().toLowerCase();
  if (method && method !== 'subpoints' && method !== 'mtfonezero') notes.push(`Notation « ${method} » de Moodle remplacée par le crédit partiel par affirmation.`);
  if (num(textOf(q, 'deduction')) > 0) notes.push('La pénalité des réponses fausses (deduction) n’est pas reprise.');
  const all = [...kept, ...extra];
  if (all.length > 30) notes.push(`Seules les 30 premières lignes sont reprises (${all.length}).`);
  return { type: 'MATCHING', scoring: method === 'mtfonezero' ? 'ALL_OR_NOTHING' : 'PARTIAL', possible_solutions: all.slice(0, 30) };
}

// --- GIFT ------------------------------------------------------------------------------------------

/** GIFT matching ({ =élément -> réponse … }): the question, or why it cannot be read (a « = -> réponse » is a distractor). */
export function readGiftMatching(parts: Array<{ mark: '=' | '~'; text: string }>, text: (s: string) => string): KindImport | string {
  if (parts.some((p) => p.mark !== '=' || !p.text.includes('->'))) return 'Appariement mal formé : chaque ligne doit être « =élément -> réponse ».';
  const rows = parts.map((p) => {
    const at = p.text.indexOf('->');
    return { content: text(p.text.slice(0, at)), expected_output: text(p.text.slice(at + 2)) };
  });
  if (rows.filter(isItem).length < 2) return 'Moins de deux éléments à associer.';
  return { type: 'MATCHING', scoring: 'PARTIAL', possible_solutions: rows.slice(0, 30) };
}

export const matchingServerKind = {
  kind: 'MATCHING',
  fields: { language: false, program: false, tolerance: false, scoring: true },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), expected_output: p.expected_output.trim(), is_correct: isItem(p) ? 1 : 0, weight: p.weight }),
  toGradable: (q) => ({
    type: 'MATCHING',
    scoring: q.scoring ?? 'PARTIAL',
    items: q.possible_solutions.filter(isItem).map((p) => ({ id: p.id, answer: matchingAnswerKey(p.expected_output), weight: p.weight })),
    options: answerList(q.possible_solutions),
  }),
  grade: async (_ctx, input) => {
    const parsed = matchingAnswerSchema.safeParse(input.answer);
    if (!parsed.success) throw answerError(MATCHING_TEXTS.shape);
    const { items, options, scoring } = input.question;
    const known = new Map(items.map((i) => [i.id, i]));
    const unknown = [...new Set(parsed.data.filter((a) => !known.has(a.item_id)).map((a) => a.item_id))];
    if (unknown.length) throw answerError(MATCHING_TEXTS.unknownItem(unknown));
    const chosen = new Map<number, string>();
    for (const a of parsed.data) {
      if (chosen.has(a.item_id)) throw answerError(MATCHING_TEXTS.twice(a.item_id));
      const key = matchingAnswerKey(a.answer);
      if (key !== '' && !options.includes(key)) throw answerError(MATCHING_TEXTS.notInList(key));
      chosen.set(a.item_id, key);
    }
    const right = items.filter((i) => chosen.get(i.id) === i.answer);
    const valid = items.length > 0 && right.length === items.length;
    const total = items.reduce((s, i) => s + Math.max(0, i.weight), 0);
    const earned = right.reduce((s, i) => s + Math.max(0, i.weight), 0);
    const score = scoring === 'ALL_OR_NOTHING' ? (valid ? 1 : 0) : total > 0 ? earned / total : 0;
    return { is_valid: valid, score, details: { type: 'MATCHING', correct: right.length, total: items.length } };
  },
  ungradable: (q) => ({ type: 'MATCHING', correct: 0, total: q.items.length }),
  usesRunner: false,
  runsExamples: false,
  student: (q, _seed, shuffle) => ({
    ...NO_STUDENT_FIELDS,
    items: q.possible_solutions.filter(isItem).map((p) => ({ id: p.id, content: p.content })),
    options: shuffle(answerList(q.possible_solutions)),
  }),
  solution: (q) => ({
    choice_ids: [],
    accepted: [],
    expected: null,
    pairs: q.possible_solutions.filter(isItem).map((p) => ({ item_id: p.id, answer: matchingAnswerKey(p.expected_output) })),
  }),
  checkOnSave: async () => 0,
  checkVariant: async (_ctx, _caller, _q, ps) => checkVariant(ps),
  moodle: { write: writeMoodle, read: { match: readMoodle, mtf: readMtf } },
  gift: {
    write: (q) => `{\n${q.possible_solutions.map((p) => `\t=${isItem(p) ? escapeGift(p.content) : ''} -> ${escapeGift(p.expected_output.trim())}`).join('\n')}\n}`,
  },
} satisfies ServerQuestionKind<'MATCHING', MatchingQuestion>;
