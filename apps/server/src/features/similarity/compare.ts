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

/** Fingerprints in more than this share of the programs are what every solution does (when there are enough). */
const COMMON_SHARE = 0.8;
const COMMON_FROM = 10;

/**
 * Every pair's similarity is counted from an inverted index (each fingerprint adds one to each pair of programs
 * holding it), not by Dolos' pair object, whose longest-common-run search costs the product of both programs' sizes:
 * that is kept for the closest pairs only. Similarity is the share of both programs' fingerprints in common
 * (2 |A ∩ B| / (|A| + |B|)), the subtracted ones counted in neither.
 */
export async function comparePrograms(language: SimilarityLanguage, programs: ProgramIn[], template: string, opts: CompareOptions = {}): Promise<CompareOut> {
  const histogram = new Array<number>(SIMILARITY_BINS).fill(0);
  if (programs.length < 2) return { pairs: [], histogram, pair_count: 0 };
  const keep = opts.keep ?? 500;
  const ext = EXTENSION[language];
  const n = programs.length;
  const files = programs.map((p, i) => new DolosFile(`${p.id}.${ext}`, p.code, undefined, i));
  const ignored = template.trim() === '' ? undefined : new DolosFile(`modele.${ext}`, template, undefined, n);
  const dolos = new Dolos({
    language: DOLOS_LANGUAGE[language],
    kgramLength: KGRAM,
    kgramsInWindow: WINDOW,
    ...(n >= COMMON_FROM ? { maxFingerprintPercentage: COMMON_SHARE } : {}),
  });
  opts.progress?.(0);
  const report = await dolos.analyze(files, 'similarite', ignored);
  opts.progress?.(0.2);
  const entries = report.index.entries();
  const slot = new Map(entries.map((e, i) => [e.file, i]));
  const sizes = entries.map((e) => e.shared.size);
  // Shared fingerprints of each pair (i < j), the pairs in order: (0, 1), (0, 2)… (1, 2)…
  const at = (i: number, j: number) => (i * (2 * n - i - 1)) / 2 + (j - i - 1);
  const common = new Uint32Array((n * (n - 1)) / 2);
  const prints = report.index.sharedFingerprints().filter((f) => !f.ignored);
  for (const [k, f] of prints.entries()) {
    const holders = [...new Set(f.files())].map((x) => slot.get(x)).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
    for (let a = 0; a < holders.length; a++) for (let b = a + 1; b < holders.length; b++) common[at(holders[a], holders[b])] += 1;
    if (k % 2000 === 0) opts.progress?.(0.2 + (0.5 * k) / prints.length);
  }
  opts.progress?.(0.7);
  const ranked: Array<{ i: number; j: number; similarity: number }> = [];
  let floor = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const total = sizes[i] + sizes[j];
      const similarity = total === 0 ? 0 : (2 * common[at(i, j)]) / total;
      count += 1;
      histogram[Math.min(SIMILARITY_BINS - 1, Math.floor(similarity * SIMILARITY_BINS))] += 1;
      if (similarity <= 0 || (ranked.length >= keep && similarity <= floor)) continue;
      ranked.push({ i, j, similarity });
      // Trimmed now and then rather than at every pair: a sort per `keep` candidates.
      if (ranked.length >= keep * 2) {
        ranked.sort((a, b) => b.similarity - a.similarity);
        ranked.length = keep;
        floor = ranked[keep - 1].similarity;
      }
    }
  }
  ranked.sort((a, b) => b.similarity - a.similarity);
  if (ranked.length > keep) ranked.length = keep;
  opts.progress?.(0.8);
  const pairs = ranked.map((r, m) => {
    if (m % 25 === 0) opts.progress?.(0.8 + (0.2 * m) / ranked.length);
    const p = report.index.getPair(entries[r.i].file, entries[r.j].file);
    const [a, b] = [programs[r.i].id, programs[r.j].id];
    const fragments = fragmentsOf(p);
    // Always the smaller attempt id on the left: one pair, one way of naming it.
    const swap = a > b;
    return {
      left: swap ? b : a,
      right: swap ? a : b,
      similarity: r.similarity,
      longest: p.longest,
      overlap: p.overlap,
      fragments: swap ? fragments.map((f) => ({ left: f.right, right: f.left, kgrams: f.kgrams })) : fragments,
    };
  });
  pairs.sort((x, y) => y.similarity - x.similarity || y.longest - x.longest);
  opts.progress?.(1);
  return { pairs, histogram, pair_count: count };
}
