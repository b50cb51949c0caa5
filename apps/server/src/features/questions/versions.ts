// Versions and variants of questions (docs/questions.md « Versions », « Questions paramétrées »): every save writes a
// numbered snapshot of what showing and grading the question needs; a parameterised version's variants are kept with
// the values that made them. `questionsAt` gives back a question as it was at a version, as a variant.
import { sql, type Transaction } from 'kysely';
import { caseDisplayOf, type AlgorithmGrading, type EssaySettings, type FileAnswerSettings, type MatchingScoring, type MathForm, type PossibleSolution, type Question, type QuestionLimits, type Tolerance, type VariantValues } from '@exam/shared';
import type { Database, Db, QuestionKind } from '../../db/schema';
import { serverKind } from '../question-kinds';
import { findQuestion, findQuestionsByIds } from './repository';

/** What a version keeps of a question (the migration 012-question-versions writes version 1 in the same shape). */
export interface QuestionSnapshot {
  type: QuestionKind;
  /** The name (migration 044-question-names); absent from older snapshots (read as the current name). */
  name?: string | null;
  statement: string;
  language: 'PYTHON' | 'R' | null;
  points: number;
  starter_code: string | null;
  reference_solution: string | null;
  tolerance: Tolerance | null;
  limits: QuestionLimits | null;
  /** MATCHING's scoring; absent from the snapshots written before migration 021-matching (read as null). */
  scoring?: MatchingScoring | null;
  /** ALGORITHM's grading and input echo; absent from the snapshots written before migration 039-program-grading (read
   *  as null, i.e. PER_CASE, and 0). */
  grading?: AlgorithmGrading | null;
  echo_input?: 0 | 1;
  /** ESSAY's settings; absent from the snapshots written before migration 040-essay (read as null). */
  essay?: EssaySettings | null;
  /** FILE's settings; absent from the snapshots written before migration 046-file-answers (read as null). */
  file_answer?: FileAnswerSettings | null;
  /** MATH's required form; absent from the snapshots written before migration 037-math-form (read as EQUIVALENT). */
  math_form?: MathForm | null;
  generator: string | null;
  possible_solutions: PossibleSolution[];
}

/** What a variant changes of its version: the statement and the possible solutions, filled with its values. */
export interface VariantContent {
  statement: string;
  possible_solutions: PossibleSolution[];
}

export interface MadeVariant {
  seed: number;
  values: VariantValues;
  content: VariantContent;
}

export interface VersionRow {
  id: number;
  question_id: number;
  number: number;
  snapshot: QuestionSnapshot;
}

export function snapshotOf(q: Question): QuestionSnapshot {
  return {
    type: q.type,
    name: q.name,
    statement: q.statement,
    language: q.language,
    points: q.points,
    starter_code: q.starter_code,
    reference_solution: q.reference_solution,
    tolerance: q.tolerance,
    limits: q.limits,
    scoring: q.scoring,
    grading: q.grading,
    echo_input: q.echo_input,
    essay: q.essay,
    file_answer: q.file_answer,
    math_form: q.math_form,
    generator: q.generator,
    possible_solutions: q.possible_solutions,
  };
}

/** Writes the question's next version from its rows as they stand in this transaction; its id. */
export async function writeVersion(trx: Transaction<Database>, questionId: number, createdBy: number | null): Promise<number> {
  const q = await findQuestion(trx, questionId);
  if (!q) throw new Error(`writeVersion: question ${questionId} not found`);
  const row = await trx
    .insertInto('question_versions')
    .values({
      question_id: questionId,
      number: sql<number>`(select coalesce(max(number), 0) + 1 from question_versions where question_id = ${questionId})`,
      snapshot: JSON.stringify(snapshotOf(q)),
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const asSnapshot = (v: unknown) => v as QuestionSnapshot;

/** Each question's latest version (questions without one are left out). */
export async function currentVersions(db: Db, questionIds: number[]): Promise<Map<number, VersionRow>> {
  const ids = [...new Set(questionIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('question_versions')
    .distinctOn('question_id')
    .select(['id', 'question_id', 'number', 'snapshot'])
    .where('question_id', 'in', ids)
    .orderBy('question_id')
    .orderBy('number', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.question_id, { ...r, snapshot: asSnapshot(r.snapshot) }]));
}

export async function versionsByIds(db: Db, versionIds: number[]): Promise<Map<number, VersionRow>> {
  const ids = [...new Set(versionIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('question_versions').select(['id', 'question_id', 'number', 'snapshot']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { ...r, snapshot: asSnapshot(r.snapshot) }]));
}

/** The seeds made for each version, in order; every version asked has an entry (empty: none made, not parameterised). */
export async function variantSeedsOf(db: Db, versionIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(versionIds.map((id) => [id, []]));
  if (!versionIds.length) return out;
  const rows = await db.selectFrom('question_variants').select(['version_id', 'seed']).where('version_id', 'in', [...new Set(versionIds)]).orderBy('seed').execute();
  for (const r of rows) out.get(r.version_id)?.push(r.seed);
  return out;
}

export async function findVariant(db: Db, versionId: number, seed: number): Promise<MadeVariant | undefined> {
  const r = await db.selectFrom('question_variants').select(['seed', 'values', 'content']).where('version_id', '=', versionId).where('seed', '=', seed).executeTakeFirst();
  return r ? { seed: r.seed, values: r.values as VariantValues, content: r.content as VariantContent } : undefined;
}

async function variantsByPins(db: Db, pins: Array<{ version_id: number; seed: number }>): Promise<Map<string, MadeVariant>> {
  if (!pins.length) return new Map();
  const rows = await db
    .selectFrom('question_variants')
    .select(['version_id', 'seed', 'values', 'content'])
    .where((eb) => eb.or(pins.map((p) => eb.and([eb('version_id', '=', p.version_id), eb('seed', '=', p.seed)]))))
    .execute();
  return new Map(rows.map((r) => [`${r.version_id}:${r.seed}`, { seed: r.seed, values: r.values as VariantValues, content: r.content as VariantContent }]));
}

/** The values each (version, seed) was drawn with, by `version:seed` (staff see what a student was given). */
export async function variantValuesOf(db: Db, pins: Array<{ version_id: number; seed: number }>): Promise<Map<string, VariantValues>> {
  return new Map([...(await variantsByPins(db, pins))].map(([key, v]) => [key, v.values]));
}

/** Keeps variants made for a version; a seed already there (another publication made it meanwhile) stays as it was. */
export async function saveVariants(db: Db, versionId: number, variants: MadeVariant[]): Promise<void> {
  if (!variants.length) return;
  await db
    .insertInto('question_variants')
    .values(variants.map((v) => ({ version_id: versionId, seed: v.seed, values: JSON.stringify(v.values), content: JSON.stringify(v.content) })))
    .onConflict((oc) => oc.columns(['version_id', 'seed']).doNothing())
    .execute();
}

/** A case kept before migration 038-case-test-code: no test code, its display from is_hidden. */
const withCaseFields = (p: PossibleSolution): PossibleSolution => ({ ...p, test_code: p.test_code ?? '', display: caseDisplayOf(p) });

/** The question's fields a version (and then a variant) sets, over its current row. */
export function asVersion(q: Question, s: QuestionSnapshot, variant?: VariantContent): Question {
  return {
    ...q,
    type: s.type,
    name: s.name === undefined ? q.name : s.name,
    statement: variant?.statement ?? s.statement,
    language: s.language,
    points: s.points,
    starter_code: s.starter_code,
    reference_solution: s.reference_solution,
    tolerance: s.tolerance,
    limits: s.limits,
    scoring: s.scoring ?? null,
    grading: s.grading ?? null,
    echo_input: s.echo_input ?? 0,
    essay: s.essay ?? null,
    file_answer: s.file_answer ?? null,
    math_form: s.math_form ?? (serverKind(s.type).fields.mathForm ? 'EQUIVALENT' : null),
    generator: s.generator,
    possible_solutions: (variant?.possible_solutions ?? s.possible_solutions).map(withCaseFields),
  };
}

export interface QuestionPin {
  question_id: number;
  /** null: the question as it is now. */
  version_id: number | null;
  /** null: not parameterised (the version as saved). */
  seed: number | null;
}

/**
 * Questions as they were at the pinned versions, with the variant's values filled in, keyed by question id: the
 * shape `findQuestionsByIds` gives (so `toStudentQuestion` and `toGradable` take them as they are). A pin naming a
 * version of another question, or a seed never made for its version, is a programming error: it throws.
 */
export async function questionsAt(db: Db, pins: QuestionPin[]): Promise<Map<number, Question>> {
  const current = new Map((await findQuestionsByIds(db, pins.map((p) => p.question_id))).map((q) => [q.id, q]));
  const versions = await versionsByIds(
    db,
    pins.flatMap((p) => (p.version_id === null ? [] : [p.version_id])),
  );
  // A seed without a version is a variant of the current version.
  const latest = await currentVersions(
    db,
    pins.filter((p) => p.version_id === null && p.seed !== null).map((p) => p.question_id),
  );
  const resolved = pins.map((p) => ({ ...p, version: p.version_id !== null ? versions.get(p.version_id) : p.seed !== null ? latest.get(p.question_id) : undefined }));
  const variants = await variantsByPins(
    db,
    resolved.flatMap((p) => (p.seed !== null && p.version ? [{ version_id: p.version.id, seed: p.seed }] : [])),
  );
  const out = new Map<number, Question>();
  for (const p of resolved) {
    const q = current.get(p.question_id);
    if (!q) continue;
    if ((p.version_id !== null || p.seed !== null) && (!p.version || p.version.question_id !== p.question_id)) {
      throw new Error(`questionsAt: no version ${p.version_id ?? '(current)'} of question ${p.question_id}`);
    }
    if (!p.version) {
      out.set(q.id, q);
      continue;
    }
    let variant: VariantContent | undefined;
    if (p.seed !== null) {
      variant = variants.get(`${p.version.id}:${p.seed}`)?.content;
      if (!variant) throw new Error(`questionsAt: no variant of seed ${p.seed} for version ${p.version.id} of question ${p.question_id}`);
    }
    out.set(q.id, asVersion(q, p.version.snapshot, variant));
  }
  return out;
}

/**
 * What an exam published now pins: each question's current version, and the questions whose current version is
 * parameterised but lacks some of its `seedCount` variants (edited since they were made: publish again).
 */
export async function publicationPins(trx: Transaction<Database>, questionIds: number[], seedCount: number): Promise<{ pins: Map<number, number>; unready: number[] }> {
  const versions = await currentVersions(trx, questionIds);
  // A question written without the bank's service (an import, an old script) gets its first version here.
  for (const qid of new Set(questionIds)) {
    if (versions.has(qid)) continue;
    const id = await writeVersion(trx, qid, null);
    versions.set(qid, (await versionsByIds(trx, [id])).get(id)!);
  }
  const seeds = await variantSeedsOf(trx, [...versions.values()].map((v) => v.id));
  const pins = new Map<number, number>();
  const unready: number[] = [];
  for (const [qid, v] of versions) {
    pins.set(qid, v.id);
    if (v.snapshot.generator && (seeds.get(v.id)?.length ?? 0) < seedCount) unready.push(qid);
  }
  return { pins, unready };
}
