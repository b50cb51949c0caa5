// ORDERING (remise en ordre) on the server. Rows are possible solutions in the right order: content = the item,
// expected_output = its key, a random number drawn here when the row comes without one (a new item) and kept when
// the editor sends it back; the question's `scoring` says PARTIAL (longest ordered subsequence) or ALL_OR_NOTHING.
// A student sees the items by their keys, sorted by key then shuffled per student (never in the right order when
// there are three items or more), so neither the order of the list nor the numbers tell the right order; an answer is the keys in the
// order chosen. Moodle `ordering` (qtype_ordering) in and out; GIFT has no ordering.
import { randomInt } from 'node:crypto';
import { isOrderingKey, ORDERING_MAX_ITEMS, orderingAnswerSchema, orderingGrade, orderingKeys, type OrderingScoring, type Question } from '@exam/shared';
import { cdata, textOf, type XmlElement } from '../../lib/xml';
import { answerError, escapeHtml, feedbackNote, moodleAnswers, moodleAnswerText } from './common';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind, type VariantSolution } from './types';

export interface OrderingQuestion {
  type: 'ORDERING';
  scoring: OrderingScoring;
  /** The items' keys in the right order. */
  keys: number[];
}

export const ORDERING_TEXTS = {
  shape: 'La réponse doit être la liste des éléments dans l’ordre choisi.',
  unknown: (keys: number[]) =>
    keys.length > 1 ? `Les éléments ${keys.join(', ')} n’appartiennent pas à cette question.` : `L’élément ${keys[0]} n’appartient pas à cette question.`,
  twice: (key: number) => `L’élément ${key} est placé deux fois.`,
} as const;

/** A fresh key: a random positive 31-bit number (never the item's rank). */
const newKey = () => String(randomInt(1, 2_147_483_647));

/**
 * The items in the order a student sees them. The per-student shuffle is a permutation anyone can compute from the
 * student's and the question's ids, so it is applied to the items sorted by their random keys, never to the right
 * order (which it would give back). From three items on, a draw that happens to be the right order is turned by one
 * place, so that no student finds the question already solved.
 */
function shownOrder<T extends { id: number }>(items: readonly T[], shuffle: <U>(xs: readonly U[]) => U[]): T[] {
  const out = shuffle([...items].sort((a, b) => a.id - b.id));
  if (items.length >= 3 && out.every((x, i) => x === items[i])) out.push(out.shift()!);
  return out;
}

function checkVariant(ps: VariantSolution[]): string | null {
  const seen = new Set<string>();
  for (const [i, p] of ps.entries()) {
    const item = p.content.trim().toLowerCase();
    if (item === '') return `l’élément ${i + 1} est vide`;
    if (seen.has(item)) return `l’élément ${i + 1} est écrit deux fois`;
    seen.add(item);
  }
  return ps.length >= 2 ? null : 'il faut au moins deux éléments à ordonner';
}

// --- Moodle XML (qtype_ordering) -------------------------------------------------------------------

/** Moodle's grading types, by name and by number (older exports write the number). */
const MOODLE_GRADING: Record<string, string> = {
  '-1': 'ALL_OR_NOTHING',
  '0': 'ABSOLUTE_POSITION',
  '1': 'RELATIVE_NEXT_EXCLUDE_LAST',
  '2': 'RELATIVE_NEXT_INCLUDE_LAST',
  '3': 'RELATIVE_ONE_PREVIOUS_AND_NEXT',
  '4': 'RELATIVE_ALL_PREVIOUS_AND_NEXT',
  '5': 'LONGEST_ORDERED_SUBSET',
  '6': 'LONGEST_CONTIGUOUS_SUBSET',
  '7': 'RELATIVE_TO_CORRECT',
};
const MOODLE_SELECT: Record<string, string> = { '0': 'ALL', '1': 'RANDOM', '2': 'CONTIGUOUS' };
const named = (map: Record<string, string>, raw: string) => {
  const v = raw.trim().toUpperCase();
  return map[v] ?? v;
};

function writeMoodle(q: Question): { type: string; body: string } {
  const answers = q.possible_solutions.map(
    (p, i) => `    <answer fraction="${(i + 1).toFixed(7)}" format="html"><text>${cdata(`<p>${escapeHtml(p.content)}</p>`)}</text><feedback format="html"><text></text></feedback></answer>`,
  );
  return {
    type: 'ordering',
    body: [
      `    <layouttype>VERTICAL</layouttype>`,
      `    <selecttype>ALL</selecttype>`,
      `    <selectcount>0</selectcount>`,
      `    <gradingtype>${q.scoring === 'ALL_OR_NOTHING' ? 'ALL_OR_NOTHING' : 'LONGEST_ORDERED_SUBSET'}</gradingtype>`,
      `    <showgrading>SHOW</showgrading>`,
      `    <numberingstyle>none</numberingstyle>`,
      `    <correctfeedback format="html"><text></text></correctfeedback>`,
      `    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>`,
      `    <incorrectfeedback format="html"><text></text></incorrectfeedback>`,
      `    <shownumcorrect>1</shownumcorrect>`,
      ...answers,
    ].join('\n'),
  };
}

function readMoodle(q: XmlElement, notes: string[]): KindImport | string {
  const answers = moodleAnswers(q);
  feedbackNote(answers, notes);
  if (answers.some((a) => a.html.includes('@@PLUGINFILE@@'))) notes.push('Les images des éléments ne sont pas reprises (les éléments sont du texte).');
  // Moodle keeps the right order in each answer's fraction (1, 2, 3…); the file's order breaks ties.
  const rows = answers
    .map((a, i) => ({ rank: Number.isFinite(a.fraction) ? a.fraction : i + 1, i, content: moodleAnswerText(a) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((a) => a.content);
  const items = rows.filter((c) => c !== '');
  if (items.length < rows.length) notes.push('Des éléments vides sont ignorés.');
  if (items.length < 2) return 'Moins de deux éléments à ordonner.';
  if (items.length > ORDERING_MAX_ITEMS) notes.push(`Seuls les ${ORDERING_MAX_ITEMS} premiers éléments sont repris (${items.length}).`);
  const grading = named(MOODLE_GRADING, textOf(q, 'gradingtype'));
  let scoring: OrderingScoring = 'PARTIAL';
  if (grading === 'ALL_OR_NOTHING') scoring = 'ALL_OR_NOTHING';
  else if (grading !== 'LONGEST_ORDERED_SUBSET') {
    notes.push(`Notation ${grading ? `« ${grading} »` : 'par défaut'} de Moodle remplacée par le crédit partiel de la plus longue suite bien ordonnée.`);
  }
  const select = named(MOODLE_SELECT, textOf(q, 'selecttype'));
  const count = Number(textOf(q, 'selectcount').trim());
  if ((select === 'RANDOM' || select === 'CONTIGUOUS') && count >= 2 && count < items.length) {
    notes.push(`Moodle n’en montrait que ${count} à chaque tentative : ici tous les éléments sont à ordonner.`);
  }
  return { type: 'ORDERING', scoring, possible_solutions: items.slice(0, ORDERING_MAX_ITEMS).map((content) => ({ content })) };
}

export const orderingServerKind = {
  kind: 'ORDERING',
  fields: { language: false, program: false, tolerance: false, scoring: true },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), expected_output: isOrderingKey(p.expected_output) ? p.expected_output.trim() : newKey(), is_correct: 1 }),
  toGradable: (q) => ({ type: 'ORDERING', scoring: q.scoring ?? 'PARTIAL', keys: orderingKeys(q.possible_solutions) }),
  grade: async (_ctx, input) => {
    const parsed = orderingAnswerSchema.safeParse(input.answer);
    if (!parsed.success) throw answerError(ORDERING_TEXTS.shape);
    const { keys, scoring } = input.question;
    const known = new Set(keys);
    const unknown = [...new Set(parsed.data.filter((k) => !known.has(k)))];
    if (unknown.length) throw answerError(ORDERING_TEXTS.unknown(unknown));
    const seen = new Set<number>();
    for (const k of parsed.data) {
      if (seen.has(k)) throw answerError(ORDERING_TEXTS.twice(k));
      seen.add(k);
    }
    const g = orderingGrade(keys, parsed.data, scoring);
    return { is_valid: g.valid, score: g.score, details: { type: 'ORDERING', in_order: g.in_order, total: keys.length } };
  },
  ungradable: (q) => ({ type: 'ORDERING', in_order: 0, total: q.keys.length }),
  usesRunner: false,
  runsExamples: false,
  student: (q, _seed, shuffle) => {
    const keys = orderingKeys(q.possible_solutions);
    const items = q.possible_solutions.map((p, i) => ({ id: keys[i]!, content: p.content }));
    return { ...NO_STUDENT_FIELDS, items: shownOrder(items, shuffle) };
  },
  // The right order: the items' keys, in it (ExamSolution's choice_ids: the items are what the student arranges).
  solution: (q) => ({ choice_ids: orderingKeys(q.possible_solutions), accepted: [], expected: null, pairs: [] }),
  checkOnSave: async () => 0,
  checkVariant: async (_ctx, _caller, _q, ps) => checkVariant(ps),
  moodle: { write: writeMoodle, read: { ordering: readMoodle } },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'ORDERING', OrderingQuestion>;
