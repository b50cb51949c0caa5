// The comparison itself, on plain data (it runs in a worker thread, similarity-worker.ts): every pair of programs,
// fingerprinted by Dolos (tree-sitter tokens, winnowed k-grams), the code every student was given or that the
// reference solution holds subtracted (Dolos' « ignored » file). Each pair gets its similarity (share of both
// programs' fingerprints in common), its longest shared fragment (in k-grams) and the shared fragments' places in
// both programs; the distribution of every pair's similarity is kept, the fragments only for the closest pairs.
import { Dolos, File as DolosFile, type Pair, type TokenizedFile } from '@dodona/dolos-lib';
import { SIMILARITY_BINS, type SimilarityLanguage } from '@exam/shared';

export interface ProgramIn {
  /** The attempt the program belongs to. */
  id: number;
  code: string;
}

/** A region of a program: first line, first column, last line, last column (0-based, end column exclusive). */
export type Span = [number, number, number, number];

export interface FragmentOut {
  left: Span;
  right: Span;
  /** Length in k-grams (the unit of `longest`). */
  kgrams: number;
}

export interface PairOut {
  left: number;
  right: number;
  similarity: number;
  longest: number;
  overlap: number;
  fragments: FragmentOut[];
}

export interface CompareOut {
  pairs: PairOut[];
  /** Every pair's similarity counted in SIMILARITY_BINS equal bins from 0 to 1. */
  histogram: number[];
  pair_count: number;
}

export interface CompareOptions {
  /** Pairs kept with their fragments, the closest first (the others count only in the histogram). */
  keep?: number;
  /** Called now and then with the share of the work done (0 to 1). */
  progress?: (done: number) => void;
}

const DOLOS_LANGUAGE: Record<SimilarityLanguage, string> = { PYTHON: 'python', R: 'r' };
const EXTENSION: Record<SimilarityLanguage, string> = { PYTHON: 'py', R: 'R' };
/** Student programs are short: a k-gram of 12 tokens within windows of 8 still ignores one shared statement. */
const KGRAM = 12;
const WINDOW = 8;

const span = (r: { startRow: number; startCol: number; endRow: number; endCol: number }): Span => [r.startRow, r.startCol, r.endRow, r.endCol];

/**
 * Where a fragment's tokens are in the program. Dolos' own selection merges each k-gram's node regions, and a
 * closing token stands for its whole node (a function's last token points at its first line): read from the tokens
 * themselves, closing ones left out, a fragment covers the code it shares and no more.
 */
function tokenSpan(file: TokenizedFile, sides: Array<{ start: number; stop: number }>): Span | null {
  if (sides.length === 0) return null;
  const from = Math.min(...sides.map((x) => x.start));
  const to = Math.max(...sides.map((x) => x.stop));
  let first: Span | null = null;
  let last: [number, number] | null = null;
  for (let i = from; i <= to && i < file.tokens.length; i++) {
    if (file.tokens[i] === ')') continue;
    const r = file.mapping[i];
    if (!first) first = [r.startRow, r.startCol, r.endRow, r.endCol];
    if (!last || r.endRow > last[0] || (r.endRow === last[0] && r.endCol > last[1])) last = [r.endRow, r.endCol];
  }
  return first && last ? [first[0], first[1], last[0], last[1]] : null;
}

/** Shorter fragments (one or two k-grams: a loop header, a call) are what any two programs share: not shown. */
const MIN_FRAGMENT_KGRAMS = 3;
/** Lines between two fragments that still make them one (the subtracted code and winnowing leave small gaps). */
const GAP_LINES = 2;

/**
 * The pair's shared fragments, neighbours merged: two fragments that follow each other within GAP_LINES in both
 * programs are one passage to a reader. The longest first.
 */
export function fragmentsOf(p: Pair): FragmentOut[] {
  const raw = p
    .buildFragments()
    .map((f) => ({
      left: tokenSpan(p.leftFile, f.pairs.map((o) => o.left)) ?? span(f.leftSelection),
      right: tokenSpan(p.rightFile, f.pairs.map((o) => o.right)) ?? span(f.rightSelection),
      kgrams: f.leftkgrams.to - f.leftkgrams.from,
    }))
    .sort((a, b) => a.left[0] - b.left[0] || a.left[1] - b.left[1]);
  const merged: FragmentOut[] = [];
  for (const f of raw) {
    const g = merged.at(-1);
    if (g && f.left[0] <= g.left[2] + GAP_LINES && f.right[0] >= g.right[0] && f.right[0] <= g.right[2] + GAP_LINES) {
      if (f.left[2] > g.left[2] || (f.left[2] === g.left[2] && f.left[3] > g.left[3])) g.left = [g.left[0], g.left[1], f.left[2], f.left[3]];
      if (f.right[2] > g.right[2] || (f.right[2] === g.right[2] && f.right[3] > g.right[3])) g.right = [g.right[0], g.right[1], f.right[2], f.right[3]];
      g.kgrams += f.kgrams;
    } else merged.push({ ...f, left: [...f.left], right: [...f.right] });
  }
  // A passage inside a longer one on both sides adds nothing to read.
  const inside = (a: Span, b: Span) => (a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1])) && (a[2] < b[2] || (a[2] === b[2] && a[3] <= b[3]));
  const kept = merged.filter((f, i) => f.kgrams >= MIN_FRAGMENT_KGRAMS && !merged.some((g, j) => j !== i && inside(f.left, g.left) && inside(f.right, g.right) && (g.kgrams > f.kgrams || (g.kgrams === f.kgrams && j < i))));
  if (kept.length === 0 && merged.length > 0) kept.push(merged.reduce((a, b) => (b.kgrams > a.kgrams ? b : a)));
  return kept.sort((a, b) => b.left[2] - b.left[0] - (a.left[2] - a.left[0]) || b.kgrams - a.kgrams || a.left[0] - b.left[0]);
}

export async function comparePrograms(language: SimilarityLanguage, programs: ProgramIn[], template: string, opts: CompareOptions = {}): Promise<CompareOut> {
  const histogram = new Array<number>(SIMILARITY_BINS).fill(0);
  if (programs.length < 2) return { pairs: [], histogram, pair_count: 0 };
  const keep = opts.keep ?? 500;
  const ext = EXTENSION[language];
  const files = programs.map((p, i) => new DolosFile(`${p.id}.${ext}`, p.code, undefined, i));
  const ignored = template.trim() === '' ? undefined : new DolosFile(`modele.${ext}`, template, undefined, programs.length);
  const dolos = new Dolos({ language: DOLOS_LANGUAGE[language], kgramLength: KGRAM, kgramsInWindow: WINDOW });
  opts.progress?.(0);
  const report = await dolos.analyze(files, 'similarite', ignored);
  const entries = report.index.entries();
  const idOf = new Map(entries.map((e) => [e.file, Number(e.file.path.split('.')[0])]));
  const top: Pair[] = [];
  let floor = -1;
  let count = 0;
  const total = (entries.length * (entries.length - 1)) / 2;
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const pair = report.index.getPair(entries[i].file, entries[j].file);
      count += 1;
      histogram[Math.min(SIMILARITY_BINS - 1, Math.floor(pair.similarity * SIMILARITY_BINS))] += 1;
      if (pair.similarity <= 0 || (top.length >= keep && pair.similarity <= floor)) continue;
      top.push(pair);
      // Trim now and then rather than at every pair: a sort per thousand candidates.
      if (top.length >= keep * 2) {
        top.sort((a, b) => b.similarity - a.similarity);
        top.length = keep;
        floor = top[keep - 1].similarity;
      }
    }
    opts.progress?.(0.1 + (0.8 * count) / total);
  }
  top.sort((a, b) => b.similarity - a.similarity || b.longest - a.longest);
  if (top.length > keep) top.length = keep;
  const pairs = top.map((p, n) => {
    if (n % 50 === 0) opts.progress?.(0.9 + (0.1 * n) / top.length);
    const [a, b] = [idOf.get(p.leftFile)!, idOf.get(p.rightFile)!];
    const fragments = fragmentsOf(p);
    // Always the smaller attempt id on the left: one pair, one way of naming it.
    const swap = a > b;
    return {
      left: swap ? b : a,
      right: swap ? a : b,
      similarity: p.similarity,
      longest: p.longest,
      overlap: p.overlap,
      fragments: swap ? fragments.map((f) => ({ left: f.right, right: f.left, kgrams: f.kgrams })) : fragments,
    };
  });
  opts.progress?.(1);
  return { pairs, histogram, pair_count: count };
}
