// Parameterised questions (docs/questions.md « Questions paramétrées »): a variant is the question with the values its
// generator gave for a seed filled into `{{nom}}`; it is made and checked (reference solution run on every case,
// expected outputs left empty computed, expected expression read, choices told apart) before any student sees it:
// when an exam is published, when a question is saved (a few seeds), when a teacher tests a generator or previews.
import {
  GENERATOR_TEST_VARIANTS,
  PLACEHOLDER_PATTERN,
  VARIANTS_PER_QUESTION,
  type GeneratorTestData,
  type Question,
  type Variant,
  type VariantValues,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { unprocessable } from '../../lib/errors';
import { sanitizeRichText } from '../chapters';
import { serverKind } from '../question-kinds';
import { checkRate, generatorErrorText, runGenerator, runnerSlots } from '../runner';
import { plainText } from './repository';
import type { Caller } from './service';
import { asVersion, currentVersions, findVariant, saveVariants, snapshotOf, variantSeedsOf, type QuestionSnapshot, type VariantContent } from './versions';

/** The fields of a possible solution a variant fills in (a draft's have no id yet). */
interface SolutionLike {
  content: string;
  stdin: string;
  expected_output: string;
  is_hidden: 0 | 1;
  weight: number;
  /** ALGORITHM: the case's test code, filled like its input. */
  test_code?: string;
  id?: number;
}

/** What making a variant needs of a question: a saved version, or the editor's draft. */
type VariantSource<S extends SolutionLike> = Pick<QuestionSnapshot, 'type' | 'statement' | 'language' | 'reference_solution' | 'limits'> & {
  generator: string;
  possible_solutions: S[];
};

type Made<S> = { seed: number; values: VariantValues; statement: string; possible_solutions: S[] };
type Outcome<S> = { variants: Made<S>[]; failure?: undefined } | { failure: { seed: number; reason: string }; variants?: undefined };

/** Seeds made at publication: 1 to VARIANTS_PER_QUESTION. */
export const publicationSeeds = () => Array.from({ length: VARIANTS_PER_QUESTION }, (_, i) => i + 1);
const testSeeds = () => Array.from({ length: GENERATOR_TEST_VARIANTS }, (_, i) => i + 1);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `{{nom}}` replaced by its value (escaped in HTML); names the generator did not give are collected in `missing`. */
function fill(text: string, values: VariantValues, missing: Set<string>, html = false): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) {
      missing.add(name);
      return whole;
    }
    const shown = String(values[name]);
    return html ? escapeHtml(shown) : shown;
  });
}

/**
 * The statement and possible solutions of a variant, and the names they use that the values lack. The statement is
 * sanitised again once filled: escaping keeps a value from adding markup, not from making an attribute it lands in
 * dangerous (`href="{{u}}"` with `javascript:…`).
 */
export function renderVariant<S extends SolutionLike>(source: { statement: string; possible_solutions: S[] }, values: VariantValues) {
  const missing = new Set<string>();
  const statement = sanitizeRichText(fill(source.statement, values, missing, true));
  const possible_solutions = source.possible_solutions.map((p) => ({
    ...p,
    content: fill(p.content, values, missing),
    stdin: fill(p.stdin, values, missing),
    expected_output: fill(p.expected_output, values, missing),
    ...(p.test_code !== undefined ? { test_code: fill(p.test_code, values, missing) } : {}),
  }));
  return { statement, possible_solutions, missing: [...missing] };
}

/** At most `n` tasks at once; a freed place goes straight to the next one waiting. */
export function limiter(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
type Limit = ReturnType<typeof limiter>;

const shorten = (s: string, max = 200) => (s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * Why a variant cannot be given to students, or null: its kind's checks (`checkVariant`), the sandbox's included. The
 * reference solution runs with the variant's values in its `{{nom}}` (a randomised CodeRunner question names its
 * function after a parameter); a name the values lack stays as written, as code may hold braces of its own.
 */
function checkVariant<S extends SolutionLike>(ctx: AppContext, caller: Caller, source: VariantSource<S>, v: Made<S>): Promise<string | null> {
  const reference_solution = source.reference_solution && fill(source.reference_solution, v.values, new Set());
  return serverKind(source.type).checkVariant(ctx, caller, { ...source, reference_solution }, v.possible_solutions);
}

/**
 * The variants of `seeds`, each checked: one generator run for all of them, then each variant's checks side by side
 * (at most what `limit` lets through). The first failing seed (the smallest) with its French reason, else every
 * variant. Runs outside the per-user limit: the caller counts what it should.
 */
async function makeVariants<S extends SolutionLike>(ctx: AppContext, caller: Caller, source: VariantSource<S>, seeds: number[], limit: Limit): Promise<Outcome<S>> {
  const generated = await limit(() => runGenerator(ctx, { ...caller, limitRate: false }, source.generator, seeds));
  if (generated.error) return { failure: { seed: seeds[0]!, reason: generatorErrorText(generated.error) } };
  const failures: Array<{ seed: number; reason: string }> = [];
  const made: Made<S>[] = [];
  await Promise.all(
    generated.variants.map(async (g) => {
      if (g.error) return failures.push({ seed: g.seed, reason: generatorErrorText(g.error) });
      const { statement, possible_solutions, missing } = renderVariant(source, g.values);
      if (missing.length) {
        const names = missing.map((m) => `{{${m}}}`).join(', ');
        return failures.push({ seed: g.seed, reason: `${missing.length > 1 ? 'les paramètres' : 'le paramètre'} ${names} ${missing.length > 1 ? 'ne sont pas donnés' : 'n’est pas donné'} par generate(seed)` });
      }
      const variant = { seed: g.seed, values: g.values, statement, possible_solutions };
      // Once a variant failed, the others need not run: the answer is already a refusal.
      const why = failures.length ? null : await limit(() => (failures.length ? Promise.resolve(null) : checkVariant(ctx, caller, source, variant)));
      if (why) failures.push({ seed: g.seed, reason: why });
      else made.push(variant);
    }),
  );
  if (failures.length) return { failure: failures.sort((a, b) => a.seed - b.seed)[0]! };
  return { variants: made.sort((a, b) => a.seed - b.seed) };
}

const excerpt = (statement: string) => shorten(plainText(statement).replace(/\s+/g, ' ').trim(), 60);

/**
 * Publication of an exam: each parameterised question's current version gets its variants (seeds 1 to
 * VARIANTS_PER_QUESTION), made and checked; those already made for the same version are kept. A failing variant
 * refuses the publication (422) naming the question (its place in the exam), the seed and the reason.
 */
export async function prepareVariants(ctx: AppContext, caller: Caller, questionIds: number[]): Promise<void> {
  const versions = await currentVersions(ctx.db, questionIds);
  const made = await variantSeedsOf(ctx.db, [...versions.values()].map((v) => v.id));
  const limit = limiter(runnerSlots(ctx.config));
  const results = await Promise.all(
    questionIds.map(async (qid, index) => {
      const version = versions.get(qid);
      if (!version?.snapshot.generator) return null;
      const have = new Set(made.get(version.id));
      const missing = publicationSeeds().filter((s) => !have.has(s));
      if (!missing.length) return null;
      const outcome = await makeVariants(ctx, caller, { ...version.snapshot, generator: version.snapshot.generator }, missing, limit);
      if (outcome.failure) return { index, version, ...outcome.failure };
      await saveVariants(
        ctx.db,
        version.id,
        outcome.variants.map((v) => ({ seed: v.seed, values: v.values, content: { statement: v.statement, possible_solutions: v.possible_solutions } })),
      );
      return null;
    }),
  );
  const failed = results.find((r) => r !== null);
  if (failed) {
    const m = `La question ${failed.index + 1} de l’examen (« ${excerpt(failed.version.snapshot.statement)} ») ne peut pas être publiée : sa variante de graine ${failed.seed} échoue, ${failed.reason}.`;
    // Keyed by the question's row in the exam (questions.<index>): the editor marks that row, not only a toast.
    throw unprocessable({ [`questions.${failed.index}`]: [m] }, m);
  }
}

/** On save, a parameterised question's first variants are made and checked: a failing one refuses the save. */
export async function checkVariantsOnSave(ctx: AppContext, caller: Caller, source: VariantSource<SolutionLike>): Promise<number> {
  await checkRate(ctx, caller.userId);
  const outcome = await makeVariants(ctx, caller, source, testSeeds(), limiter(runnerSlots(ctx.config)));
  if (!outcome.failure) return outcome.variants.length;
  const { seed, reason } = outcome.failure;
  const m = `La variante de graine ${seed} échoue : ${reason}. Rien n’a été enregistré.`;
  throw unprocessable({ generator: [`Graine ${seed} : ${reason}.`] }, m);
}

/** « Tester le générateur »: the first variants of the editor's draft, or the French reason of the first that fails. */
export async function testGenerator(ctx: AppContext, caller: Caller, data: GeneratorTestData): Promise<Variant[]> {
  const draft = data.question ?? { type: 'EXACT' as const, statement: '', language: null, reference_solution: null, tolerance: null, limits: null, possible_solutions: [] };
  await checkRate(ctx, caller.userId);
  const source = { ...draft, statement: sanitizeRichText(draft.statement), generator: data.generator };
  const outcome = await makeVariants(ctx, caller, source, testSeeds(), limiter(runnerSlots(ctx.config)));
  if (outcome.failure) {
    const { seed, reason } = outcome.failure;
    throw unprocessable({ generator: [`Graine ${seed} : ${reason}.`] }, `La variante de graine ${seed} échoue : ${reason}.`);
  }
  return outcome.variants.map((v) => ({
    seed: v.seed,
    values: v.values,
    statement: v.statement,
    possible_solutions: v.possible_solutions.map(({ content, is_correct, stdin, expected_output, is_hidden, weight }) => ({ content, is_correct, stdin, expected_output, is_hidden, weight })),
  }));
}

/**
 * The first variant (seed 1) of a question not saved yet, filled but not checked by its kind: what an import's preview
 * shows of a parameterised question, never its placeholders; or the French reason the generator gives no such variant.
 * Outside the per-user limit: the import counted itself once.
 */
export async function firstVariantOf<S extends SolutionLike>(
  ctx: AppContext,
  caller: Caller,
  source: { generator: string; statement: string; possible_solutions: S[] },
): Promise<{ variant: { statement: string; possible_solutions: S[] } } | { failure: string }> {
  const generated = await runGenerator(ctx, { ...caller, limitRate: false }, source.generator, [1]);
  const first = generated.variants?.[0];
  const error = generated.error ?? first?.error;
  if (error || !first?.values) return { failure: error ? generatorErrorText(error) : 'le générateur ne donne aucune valeur' };
  const { statement, possible_solutions, missing } = renderVariant(source, first.values);
  if (missing.length) return { failure: `${missing.map((m) => `{{${m}}}`).join(', ')} sans valeur donnée par generate(seed)` };
  return { variant: { statement, possible_solutions } };
}

/**
 * A saved question as its variant of `seed` (the current version's): the one made at a publication if there is one,
 * else made now (checked, not kept). A question without a generator is itself.
 */
export async function questionVariant(ctx: AppContext, caller: Caller, q: Question, seed: number | undefined): Promise<{ question: Question; variant: { seed: number; values: VariantValues } | null }> {
  if (!q.generator) return { question: q, variant: null };
  const s = seed ?? 1;
  const version = (await currentVersions(ctx.db, [q.id])).get(q.id);
  const stored = version ? await findVariant(ctx.db, version.id, s) : undefined;
  if (version && stored) return { question: asVersion(q, version.snapshot, stored.content), variant: { seed: s, values: stored.values } };
  await checkRate(ctx, caller.userId);
  const outcome = await makeVariants(ctx, caller, { ...snapshotOf(q), generator: q.generator }, [s], limiter(runnerSlots(ctx.config)));
  if (outcome.failure) {
    const m = `La variante de graine ${s} échoue : ${outcome.failure.reason}.`;
    throw unprocessable({ seed: [m] }, m);
  }
  const v = outcome.variants[0]!;
  const content: VariantContent = { statement: v.statement, possible_solutions: v.possible_solutions };
  return { question: { ...q, ...content }, variant: { seed: s, values: v.values } };
}

/**
 * An export's variants of a parameterised question (a file holds no generator: each variant leaves as its own
 * question): the first `count` made by a publication of its current version, else the first `count` seeds made now in
 * one run, checked and not kept. One unit of the caller's run limit; the French reason when a variant fails.
 */
export async function variantsForExport(ctx: AppContext, caller: Caller, q: Question, count: number): Promise<{ variants: Array<{ seed: number; question: Question }> } | { failure: string }> {
  const seeds = Array.from({ length: count }, (_, i) => i + 1);
  const version = (await currentVersions(ctx.db, [q.id])).get(q.id);
  if (version) {
    const stored = (await Promise.all(seeds.map((s) => findVariant(ctx.db, version.id, s)))).filter((v) => v !== undefined);
    if (stored.length === count) return { variants: stored.map((v) => ({ seed: v.seed, question: asVersion(q, version.snapshot, v.content) })) };
  }
  if (!q.generator) return { variants: [] };
  await checkRate(ctx, caller.userId);
  const outcome = await makeVariants(ctx, caller, { ...snapshotOf(q), generator: q.generator }, seeds, limiter(runnerSlots(ctx.config)));
  if (outcome.failure) return { failure: `sa variante de graine ${outcome.failure.seed} échoue, ${outcome.failure.reason}` };
  return { variants: outcome.variants.map((v) => ({ seed: v.seed, question: { ...q, statement: v.statement, possible_solutions: v.possible_solutions } })) };
}
