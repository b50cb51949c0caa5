// CLOZE (texte à trous): the statement holds the text, each gap written in it as a marker `{1}`, `{2}`… Each gap is
// one possible solution, in order (the marker `{n}` is the n-th row): `stdin` says its kind (CHOICE: a list to pick
// from; SHORT: a short answer; NUMBER: a number), `expected_output` its right answers (one a line), `content` the
// wrong choices of a list (one a line) or the tolerance of a number (`0,01`, or `5 %` relative), `is_correct` 1 when a
// short answer respects case, `weight` its share of the points. The student sends one answer a gap, in order.
import { z } from 'zod';
import { rawAnswerText, type KindIssue, type SharedQuestionKind } from './types';

export const CLOZE_GAP_KINDS = ['CHOICE', 'SHORT', 'NUMBER'] as const;
export type ClozeGapKind = (typeof CLOZE_GAP_KINDS)[number];
export const CLOZE_GAP_KIND_LABELS: Record<ClozeGapKind, string> = {
  CHOICE: 'Liste de choix',
  SHORT: 'Réponse courte',
  NUMBER: 'Nombre',
};
export const CLOZE_MAX_GAPS = 30;
/** Right and wrong choices of a list together, or accepted answers of a gap. */
export const CLOZE_MAX_ANSWERS = 20;
/** Longest answer a student may send for one gap. */
export const CLOZE_ANSWER_MAX = 500;

/** A gap's marker in the statement: `{1}` … `{30}`. */
export const CLOZE_MARKER = /\{(\d{1,3})\}/g;
export const clozeMarker = (n: number) => `{${n}}`;

/** The gap numbers written in a statement, in the order they appear (twice if written twice). */
export const clozeMarkers = (statement: string): number[] => [...statement.matchAll(CLOZE_MARKER)].map((m) => Number(m[1]));

export interface ClozeTolerance {
  kind: 'absolute' | 'relative';
  value: number;
}

/** One gap, read from its row. */
export interface ClozeGap {
  kind: ClozeGapKind;
  /** Right answers: the right choices of a list, the accepted short answers, the accepted numbers. */
  answers: string[];
  /** The wrong choices of a list (empty for the other kinds). */
  wrong: string[];
  /** A short answer compared with its case. */
  caseSensitive: boolean;
  /** A number's tolerance (null: exact). */
  tolerance: ClozeTolerance | null;
  weight: number;
}

/** The lines of a text, trimmed, the empty ones and repeats left out. */
export const clozeLines = (s: string): string[] => [
  ...new Set(
    s
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== ''),
  ),
];

const decimal = (s: string) => {
  const t = s.trim().replace(/\s/g, '').replace(',', '.');
  return t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? NaN : Number(t);
};

/** A tolerance as written (`0,01`, `5 %`), null when empty, undefined when it cannot be read. */
export function parseClozeTolerance(s: string): ClozeTolerance | null | undefined {
  const t = s.trim();
  if (t === '') return null;
  const relative = /%\s*$/.test(t);
  const v = decimal(relative ? t.replace(/%\s*$/, '') : t);
  if (!Number.isFinite(v) || v < 0) return undefined;
  return relative ? { kind: 'relative', value: v / 100 } : { kind: 'absolute', value: v };
}

/** A tolerance as the row keeps it (French decimal comma). */
export const clozeToleranceText = (t: ClozeTolerance | null): string =>
  !t || !(t.value > 0) ? '' : t.kind === 'relative' ? `${String(Number((t.value * 100).toPrecision(12))).replace('.', ',')} %` : String(t.value).replace('.', ',');

const isGapKind = (s: string): s is ClozeGapKind => (CLOZE_GAP_KINDS as readonly string[]).includes(s);

/** The gap a row holds (a row of an unknown kind reads as a short answer). */
export function clozeGapOf(row: { content: string; stdin: string; expected_output: string; is_correct: number; weight: number }): ClozeGap {
  const kind = isGapKind(row.stdin.trim()) ? (row.stdin.trim() as ClozeGapKind) : 'SHORT';
  return {
    kind,
    answers: clozeLines(row.expected_output),
    wrong: kind === 'CHOICE' ? clozeLines(row.content).filter((w) => !clozeLines(row.expected_output).includes(w)) : [],
    caseSensitive: kind === 'SHORT' && row.is_correct === 1,
    tolerance: kind === 'NUMBER' ? (parseClozeTolerance(row.content) ?? null) : null,
    weight: row.weight,
  };
}

/** The row that keeps a gap. */
export function clozeRowOf(g: ClozeGap): { content: string; stdin: string; expected_output: string; is_correct: 0 | 1; weight: number } {
  return {
    stdin: g.kind,
    expected_output: g.answers.join('\n'),
    content: g.kind === 'CHOICE' ? g.wrong.join('\n') : g.kind === 'NUMBER' ? clozeToleranceText(g.tolerance) : '',
    is_correct: g.kind === 'SHORT' && g.caseSensitive ? 1 : 0,
    weight: g.weight,
  };
}

/** The choices of a list gap, each once, in an order that depends only on their texts (never the right one first). */
export const clozeChoices = (g: Pick<ClozeGap, 'answers' | 'wrong'>): string[] => [...new Set([...g.answers, ...g.wrong])].sort((a, b) => a.localeCompare(b, 'fr'));

/** The answer: one text a gap, in the gaps' order (an empty text: the gap left blank). */
export const clozeAnswerSchema = z
  .array(
    z.string({ error: 'La réponse d’un trou doit être un texte.' }).max(CLOZE_ANSWER_MAX, { error: `La réponse d’un trou ne doit pas dépasser ${CLOZE_ANSWER_MAX} caractères.` }),
    { error: 'La réponse doit être une liste de textes, un par trou.' },
  )
  .max(CLOZE_MAX_GAPS, { error: 'Trop de réponses pour ce texte à trous.' });
export type ClozeAnswer = z.infer<typeof clozeAnswerSchema>;

const clozeDetailsSchema = z.object({
  type: z.literal('CLOZE'),
  /** Gaps right, out of all the gaps (never which ones). */
  correct: z.number().int(),
  total: z.number().int(),
});

/** The rules of one gap's row (its number i + 1), as field errors; also the server's check of each variant. */
export function clozeGapIssues(row: { content: string; stdin: string; expected_output: string }, i: number): KindIssue[] {
  const issues: KindIssue[] = [];
  const at = (field: string) => ['possible_solutions', i, field];
  const n = i + 1;
  if (!isGapKind(row.stdin.trim())) {
    issues.push({ path: at('stdin'), message: `Le type du trou ${n} doit être une liste de choix, une réponse courte ou un nombre.` });
    return issues;
  }
  const kind = row.stdin.trim() as ClozeGapKind;
  const answers = clozeLines(row.expected_output);
  if (kind === 'CHOICE') {
    const wrong = clozeLines(row.content);
    if (answers.length === 0) issues.push({ path: at('expected_output'), message: `Le trou ${n} n’a pas de bon choix.` });
    const both = wrong.find((w) => answers.includes(w));
    if (both !== undefined) issues.push({ path: at('content'), message: `Dans le trou ${n}, le choix « ${both} » est à la fois juste et faux.` });
    const all = new Set([...answers, ...wrong]);
    if (answers.length > 0 && all.size < 2) issues.push({ path: at('content'), message: `Le trou ${n} doit proposer au moins deux choix.` });
    if (all.size > CLOZE_MAX_ANSWERS) issues.push({ path: at('content'), message: `Le trou ${n} ne peut pas proposer plus de ${CLOZE_MAX_ANSWERS} choix.` });
    return issues;
  }
  if (answers.length === 0) issues.push({ path: at('expected_output'), message: kind === 'NUMBER' ? `Le trou ${n} n’a pas de nombre attendu.` : `Le trou ${n} n’a pas de réponse acceptée.` });
  if (answers.length > CLOZE_MAX_ANSWERS) issues.push({ path: at('expected_output'), message: `Le trou ${n} ne peut pas avoir plus de ${CLOZE_MAX_ANSWERS} réponses acceptées.` });
  if (kind === 'NUMBER') {
    const bad = answers.find((a) => !Number.isFinite(decimal(a)));
    if (bad !== undefined) issues.push({ path: at('expected_output'), message: `Dans le trou ${n}, « ${bad} » n’est pas un nombre (écrivez par exemple 3,14).` });
    if (parseClozeTolerance(row.content) === undefined) {
      issues.push({ path: at('content'), message: `La tolérance du trou ${n} doit être un nombre positif (0,01) ou un pourcentage (5 %).` });
    }
  }
  return issues;
}

/** The markers of the statement against the gaps: a marker without its gap, a gap without its marker, one written twice. */
export function clozeMarkerIssues(statement: string, gaps: number): KindIssue[] {
  const issues: KindIssue[] = [];
  const markers = clozeMarkers(statement);
  const seen = new Set<number>();
  for (const m of markers) {
    if (m < 1 || m > gaps) issues.push({ path: ['statement'], message: `Le repère {${m}} de l’énoncé ne correspond à aucun trou : ajoutez le trou ${m} ou retirez le repère.` });
    else if (seen.has(m)) issues.push({ path: ['statement'], message: `Le repère {${m}} est écrit deux fois dans l’énoncé : chaque trou a un seul emplacement.` });
    seen.add(m);
  }
  for (let n = 1; n <= gaps; n++) {
    if (!seen.has(n)) issues.push({ path: ['possible_solutions', n - 1, 'stdin'], message: `Le trou ${n} n’a pas d’emplacement : écrivez {${n}} dans l’énoncé.` });
  }
  return issues;
}

export const clozeKind = {
  kind: 'CLOZE',
  rules: (q) => {
    const issues: KindIssue[] = [];
    const ps = q.possible_solutions;
    if (ps.length === 0) issues.push({ path: ['possible_solutions'], message: 'Un texte à trous doit avoir au moins un trou : ajoutez-en un avec « Ajouter un trou ».' });
    if (ps.length > CLOZE_MAX_GAPS) issues.push({ path: ['possible_solutions'], message: `Un texte à trous ne peut pas avoir plus de ${CLOZE_MAX_GAPS} trous.` });
    ps.forEach((p, i) => issues.push(...clozeGapIssues(p, i)));
    // The statement comes with create, update and the possible-solutions calls; without it, the rows are checked alone.
    if (q.statement !== undefined && ps.length > 0) issues.push(...clozeMarkerIssues(q.statement, ps.length));
    return issues;
  },
  answer: clozeAnswerSchema,
  details: clozeDetailsSchema,
  answerText: (answer, _q, _plain) => {
    const parsed = clozeAnswerSchema.safeParse(answer);
    if (!parsed.success) return rawAnswerText(answer);
    if (parsed.data.every((a) => a.trim() === '')) return '(aucun trou rempli)';
    return parsed.data.map((a, i) => `- Trou ${i + 1} : ${a.trim() === '' ? '(vide)' : a}`).join('\n');
  },
  detailsText: (d: z.infer<typeof clozeDetailsSchema>) => `Trous justes : ${d.correct} sur ${d.total}.`,
} satisfies SharedQuestionKind<'CLOZE'>;
