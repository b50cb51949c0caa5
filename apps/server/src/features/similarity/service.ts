// Similar programs for staff: the program questions of an exam with their comparison, a comparison's pairs and
// clusters at a threshold, two programs side by side. The comparison itself runs as a job (jobs.ts).
import { SIMILARITY_BINS, SIMILARITY_PAIRS_SHOWN, SIMILARITY_TEXTS as T, type SimilarityCluster, type SimilarityComparison, type SimilarityPair, type SimilarityQuestion, type SimilarityResult, type SimilarityStudent } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { plainText } from '../questions';
import { analysesOf, analysisOf, analysisShape, examExists, pairOf, pairsOf, programQuestionsOf, programsOf, studentsOf, type AnalysisRow } from './repository';

const TITLE_MAX = 120;

const titleOf = (statement: string) => {
  const text = plainText(statement).replace(/\s+/g, ' ').trim();
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
};

export async function similarityQuestions(ctx: AppContext, examId: number): Promise<SimilarityQuestion[]> {
  if (!(await examExists(ctx.db, examId))) throw notFound(T.examNotFound);
  const [questions, analyses] = await Promise.all([programQuestionsOf(ctx.db, examId), analysesOf(ctx.db, examId)]);
  const byQuestion = new Map(analyses.map((a) => [a.question_id, a]));
  return questions.map((q) => {
    const a = byQuestion.get(q.id);
    return { question_id: q.id, position: q.number, title: titleOf(q.statement), language: q.language, analysis: a ? analysisShape(a) : null };
  });
}

/** The program question of the exam, or 404. */
export async function programQuestion(ctx: AppContext, examId: number, questionId: number): Promise<SimilarityQuestion & { row?: AnalysisRow }> {
  const list = await similarityQuestions(ctx, examId);
  const q = list.find((x) => x.question_id === questionId);
  if (!q) throw notFound(T.notProgram);
  return q;
}

async function students(ctx: AppContext, examId: number, analysisId: number, ids: number[]): Promise<Map<number, SimilarityStudent>> {
  const [people, programs] = await Promise.all([studentsOf(ctx.db, examId, ids), programsOf(ctx.db, analysisId, ids)]);
  return new Map([...people].map(([id, p]) => [id, { ...p, from_draft: programs.get(id)?.auto ?? false }]));
}

/** Lines `from`..`to` (0-based, inclusive) of a program. */
const linesOf = (code: string, from: number, to: number) => code.split('\n').slice(from, to + 1).join('\n');

/** The median similarity read from the histogram: the middle of the bin holding the middle pair. */
export function medianOf(histogram: number[]): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [i, n] of histogram.entries()) {
    seen += n;
    if (seen * 2 >= total) return (i + 0.5) / histogram.length;
  }
  return null;
}

/** Students connected by pairs at or above the threshold (union–find over the stored pairs), the largest first. */
export function clustersOf(pairs: Array<{ left: number; right: number; similarity: number }>, threshold: number) {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const strong = pairs.filter((p) => p.similarity >= threshold);
  for (const p of strong) {
    if (!parent.has(p.left)) parent.set(p.left, p.left);
    if (!parent.has(p.right)) parent.set(p.right, p.right);
    parent.set(find(p.left), find(p.right));
  }
  const groups = new Map<number, { members: Set<number>; pairs: number; max: number }>();
  for (const p of strong) {
    const root = find(p.left);
    const g = groups.get(root) ?? { members: new Set<number>(), pairs: 0, max: 0 };
    g.members.add(p.left).add(p.right);
    g.pairs += 1;
    g.max = Math.max(g.max, p.similarity);
    groups.set(root, g);
  }
  return [...groups.values()].map((g) => ({ members: [...g.members].sort((a, b) => a - b), pairs: g.pairs, max_similarity: g.max })).sort((a, b) => b.members.length - a.members.length || b.max_similarity - a.max_similarity);
}

export async function similarityResult(ctx: AppContext, examId: number, questionId: number, threshold: number): Promise<SimilarityResult> {
  const question = await programQuestion(ctx, examId, questionId);
  const row = await analysisOf(ctx.db, examId, questionId);
  const empty = { question, threshold, histogram: new Array<number>(SIMILARITY_BINS).fill(0), median: null, pairs: [], clusters: [] };
  if (!row || row.programs === 0) return empty;
  const stored = await pairsOf(ctx.db, row.id, 10_000);
  const shape = stored.map((p) => ({ left: p.left_attempt_id, right: p.right_attempt_id, similarity: Number(p.similarity) }));
  const clusters = clustersOf(shape, threshold);
  const shown = stored.slice(0, SIMILARITY_PAIRS_SHOWN);
  const ids = [...new Set([...shown.flatMap((p) => [p.left_attempt_id, p.right_attempt_id]), ...clusters.flatMap((c) => c.members)])];
  const people = await students(ctx, examId, row.id, ids);
  const programs = await programsOf(ctx.db, row.id, [...new Set(shown.map((p) => p.left_attempt_id))]);
  const pairs: SimilarityPair[] = shown.flatMap((p) => {
    const left = people.get(p.left_attempt_id);
    const right = people.get(p.right_attempt_id);
    if (!left || !right) return [];
    const longest = p.fragments[0];
    const code = programs.get(p.left_attempt_id)?.code ?? '';
    return [
      {
        left,
        right,
        similarity: Number(p.similarity),
        longest_lines: longest ? longest.left[2] - longest.left[0] + 1 : 0,
        longest_text: longest ? linesOf(code, longest.left[0], longest.left[2]).slice(0, 4000) : '',
        longest_left: longest ? (longest.left as SimilarityPair['longest_left']) : null,
        longest_right: longest ? (longest.right as SimilarityPair['longest_right']) : null,
      },
    ];
  });
  const histogram = Array.isArray(row.histogram) && row.histogram.length === SIMILARITY_BINS ? row.histogram : empty.histogram;
  return {
    question,
    threshold,
    histogram,
    median: medianOf(histogram),
    pairs,
    clusters: clusters.map(
      (c): SimilarityCluster => ({ members: c.members.flatMap((m) => (people.has(m) ? [people.get(m)!] : [])), pairs: c.pairs, max_similarity: c.max_similarity }),
    ),
  };
}

export async function similarityComparison(ctx: AppContext, examId: number, questionId: number, leftId: number, rightId: number): Promise<SimilarityComparison> {
  const question = await programQuestion(ctx, examId, questionId);
  const row = await analysisOf(ctx.db, examId, questionId);
  if (!row || row.programs === 0) throw notFound(T.noAnalysis);
  const pair = await pairOf(ctx.db, row.id, leftId, rightId);
  if (!pair) throw notFound(T.pairNotFound);
  const ids = [pair.left_attempt_id, pair.right_attempt_id];
  const [people, programs] = await Promise.all([students(ctx, examId, row.id, ids), programsOf(ctx.db, row.id, ids)]);
  const side = (id: number) => {
    const student = people.get(id);
    if (!student) throw notFound(T.pairNotFound);
    return { student, code: programs.get(id)?.code ?? '' };
  };
  const asked = leftId === pair.left_attempt_id;
  const fragments = pair.fragments.map((f) => ({ left: f.left as [number, number, number, number], right: f.right as [number, number, number, number], kgrams: f.kgrams }));
  return {
    question_id: questionId,
    language: question.language,
    similarity: Number(pair.similarity),
    left: side(asked ? pair.left_attempt_id : pair.right_attempt_id),
    right: side(asked ? pair.right_attempt_id : pair.left_attempt_id),
    fragments: asked ? fragments : fragments.map((f) => ({ left: f.right, right: f.left, kgrams: f.kgrams })),
  };
}
