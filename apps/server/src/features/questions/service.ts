// Question bank rules: the statement sanitised and its files recorded, each type's fields kept to what it uses,
// an ALGORITHM reference solution checked in the sandbox against every case before anything is written,
// concurrent edits refused through the version, and a question used by an exam never deleted.
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_FILE_ANSWER_SETTINGS, NO_ESSAY_SETTINGS, questionRuleIssues, type Question, type QuestionData, type QuestionSolutionData } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { foldSearch } from '../../lib/list';
import { withTransaction, type Trx } from '../../lib/transaction';
import { sanitizeRichText } from '../chapters';
import { deleteUnusedFiles, removeStoredContent } from '../files';
import { serverKind } from '../question-kinds';
import { checkVariantsOnSave } from './variants';
import { writeVersion } from './versions';
import {
  courseAndChapter,
  deleteQuestionRow,
  examCountOf,
  existingFileIds,
  fileIdsOfQuestion,
  findQuestion,
  insertQuestion,
  lockQuestion,
  plainText,
  replaceSolutions,
  setQuestionFiles,
  setTags,
  touchQuestion,
  updateQuestionRow,
  type QuestionRowValues,
  type SolutionValues,
} from './repository';

export const QUESTION_MISSING = 'Cette question est introuvable.';

/** Who saves, for the runner's per-user limit and the logs. */
export interface Caller {
  userId: number;
  requestId?: string;
  log?: FastifyBaseLogger;
  /** false: the caller has already counted these runs against the user's limit (an import counts once). */
  metered?: boolean;
}

/** Every /api/files/{id}/… address in a statement (inline images and download links). */
export function referencedFileIds(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/\/api\/files\/(\d{1,9})\//g)) ids.add(Number(m[1]));
  return [...ids];
}

/** The solutions as stored for the kind: fields a kind does not use are reset. */
function solutionValues(type: QuestionData['type'], ps: QuestionSolutionData[]): SolutionValues[] {
  const kind = serverKind(type);
  return ps.map((p) => kind.storeSolution(p, { ...(p.id !== undefined ? { id: p.id } : {}), content: '', is_correct: 0, stdin: '', expected_output: '', is_hidden: 0, weight: 1, test_code: '', display: null }));
}

function rowValues(data: QuestionData, statement: string): QuestionRowValues {
  const { fields } = serverKind(data.type);
  return {
    type: data.type,
    name: data.name,
    statement,
    language: fields.language ? data.language : null,
    points: data.points,
    course_id: data.course_id,
    chapter_id: data.course_id ? data.chapter_id : null,
    is_practice: data.is_practice,
    starter_code: fields.program ? data.starter_code : null,
    reference_solution: fields.program ? data.reference_solution : null,
    tolerance_kind: fields.tolerance && data.tolerance ? data.tolerance.kind : null,
    tolerance_value: fields.tolerance && data.tolerance ? data.tolerance.value : null,
    cpu_seconds: fields.program && data.limits ? data.limits.cpu_seconds : null,
    memory_mb: fields.program && data.limits ? data.limits.memory_mb : null,
    scoring: fields.scoring ? (data.scoring ?? 'PARTIAL') : null,
    math_form: fields.mathForm ? (data.math_form ?? 'EQUIVALENT') : null,
    grading: fields.program ? (data.grading ?? 'PER_CASE') : null,
    echo_input: fields.program && data.language === 'PYTHON' ? data.echo_input : 0,
    essay: fields.essay ? (data.essay ?? NO_ESSAY_SETTINGS) : null,
    file_answer: fields.fileAnswer ? (data.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS) : null,
    generator: data.generator,
    search_text: searchTextOf(statement, data.tags, data.name),
  };
}

export function searchTextOf(statement: string, tags: string[], name: string | null = null): string {
  return foldSearch(`${name ?? ''} ${plainText(statement)} ${tags.join(' ')}`).trim().slice(0, 20_000);
}

/**
 * The kind's checks in the sandbox before anything is written (its `checkOnSave`): an ALGORITHM reference solution
 * run on every case (a failing case refuses the save with a 422 naming the case, expected vs got), a MATH expected
 * expression read the way grading reads it. Returns how many cases were checked (0 when there is nothing to run).
 */
export async function checkReference(
  ctx: AppContext,
  caller: Caller,
  q: { type: QuestionData['type']; language: QuestionData['language']; reference_solution: string | null; limits: QuestionData['limits']; echo_input?: 0 | 1; math_form?: QuestionData['math_form']; generator: string | null; statement: string },
  solutions: SolutionValues[],
): Promise<number> {
  // A parameterised question's answers hold `{{nom}}`: its first variants are checked instead of them.
  if (q.generator) {
    const possible_solutions = solutions.map((s) => ({ ...s, is_hidden: s.is_hidden ? (1 as const) : (0 as const) }));
    return checkVariantsOnSave(ctx, caller, { ...q, generator: q.generator, possible_solutions });
  }
  return serverKind(q.type).checkOnSave(ctx, caller, q, solutions);
}

/** What the reference check needs of a question being saved. */
function referenceOf(data: QuestionData): Parameters<typeof checkReference>[2] {
  const { fields } = serverKind(data.type);
  return {
    type: data.type,
    language: fields.language ? data.language : null,
    reference_solution: fields.program ? data.reference_solution : null,
    limits: fields.program && data.limits ? { cpu_seconds: data.limits.cpu_seconds, memory_mb: data.limits.memory_mb } : null,
    echo_input: fields.program && data.language === 'PYTHON' ? data.echo_input : 0,
    math_form: fields.mathForm ? (data.math_form ?? 'EQUIVALENT') : null,
    generator: data.generator,
    // The statement as it will be stored: variants are made from it.
    statement: sanitizeRichText(data.statement),
  };
}

/**
 * Both results, waiting for both even when one fails (nothing is left running behind the answer); the first
 * refusal wins, the statement's before the sandbox's.
 */
async function both<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [ra, rb] = await Promise.allSettled([a, b]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value];
}

/** Sanitised statement, its checked files, and the course / chapter checked (read through `db`: a transaction sees
 *  the files it has just written). */
async function prepare(db: Db, data: QuestionData) {
  const statement = sanitizeRichText(data.statement);
  if (plainText(statement) === '' && !/<img\b/i.test(statement)) {
    throw unprocessable({ statement: ["L’énoncé est obligatoire."] }, "L’énoncé est obligatoire.");
  }
  const fileIds = referencedFileIds(statement);
  const found = new Set(await existingFileIds(db, fileIds));
  const missing = fileIds.filter((id) => !found.has(id));
  if (missing.length) {
    const m = `L’énoncé renvoie à un fichier introuvable (n° ${missing.join(', ')}). Téléversez-le de nouveau.`;
    throw unprocessable({ statement: [m] }, m);
  }
  const { course, chapter } = await courseAndChapter(db, data.course_id, data.chapter_id);
  if (data.course_id && !course) throw unprocessable({ course_id: ['Ce cours est introuvable.'] }, 'Ce cours est introuvable.');
  if (data.chapter_id) {
    if (!data.course_id) throw unprocessable({ chapter_id: ['Choisissez d’abord le cours de ce chapitre.'] }, 'Choisissez d’abord le cours de ce chapitre.');
    if (!chapter || chapter.course_id !== data.course_id) {
      throw unprocessable({ chapter_id: ['Ce chapitre n’appartient pas au cours choisi.'] }, 'Ce chapitre n’appartient pas au cours choisi.');
    }
  }
  if (data.is_practice && !data.course_id) {
    const m = 'Un exercice d’entraînement doit être rattaché à un cours.';
    throw unprocessable({ is_practice: [m] }, m);
  }
  return { statement, fileIds };
}

export interface SaveResult {
  question: Question;
  /** Cases the reference solution passed (0: no reference, nothing checked). */
  checked: number;
}

export async function createQuestion(ctx: AppContext, caller: Caller, data: QuestionData): Promise<SaveResult> {
  if (data.possible_solutions.some((p) => p.id !== undefined)) {
    throw unprocessable({ possible_solutions: ['Une nouvelle question ne peut pas reprendre des solutions existantes.'] });
  }
  const solutions = solutionValues(data.type, data.possible_solutions);
  // The reference check runs in the runner's own processes while this one reads and writes the database: the rows
  // are written in a transaction that commits only once every case has passed (a failing case leaves nothing
  // behind). Should the check take longer than EARLY_WRITE_WAIT_MS, the transaction gives way (the database is not
  // held for a slow program) and the rows are written once the check has passed.
  const checking = checkReference(ctx, caller, referenceOf(data), solutions);
  // Observed here so that a refusal of the statement first never leaves the check's own refusal unhandled.
  checking.catch(() => undefined);
  const [{ statement, fileIds }] = await both(prepare(ctx.db, data), settledWithin(checking, 0));
  const write = (trx: Trx) => writeNewQuestion(trx, caller.userId, data, statement, fileIds, solutions);
  const early = await withTransaction(ctx.db, async (trx) => {
    const id = await write(trx);
    // Read back within the transaction, still while the check runs: what the commit will make visible.
    const question = (await findQuestion(trx, id))!;
    const check = await settledWithin(checking, EARLY_WRITE_WAIT_MS);
    if (!check) throw new CheckNotDone();
    return { question, checked: check.value };
  }).catch((e: unknown) => {
    if (e instanceof CheckNotDone) return undefined;
    throw e;
  });
  if (early) return early;
  const checked = await checking;
  const id = await withTransaction(ctx.db, write);
  return { question: (await findQuestion(ctx.db, id))!, checked };
}

/** The rows of a new question, as every creation writes them (the form, an import). */
async function writeNewQuestion(trx: Trx, userId: number, data: QuestionData, statement: string, fileIds: number[], solutions: SolutionValues[]): Promise<number> {
  const qid = await insertQuestion(trx, rowValues(data, statement), userId);
  await replaceSolutions(trx, qid, solutions, true);
  await setTags(trx, qid, data.tags, true);
  await setQuestionFiles(trx, qid, fileIds, true);
  // Version 1, in the same transaction: an import gets it as a typed question does.
  await writeVersion(trx, qid, userId);
  return qid;
}

/**
 * A new question written in the caller's transaction (an import writes all of its questions in one): the same
 * statement cleaning, file and course checks and rows as `createQuestion`. The reference solution is not run here:
 * the caller runs `checkQuestionReference` first, outside the transaction. Returns the new id.
 */
export async function createQuestionIn(trx: Trx, userId: number, data: QuestionData): Promise<number> {
  const { statement, fileIds } = await prepare(trx, data);
  return writeNewQuestion(trx, userId, data, statement, fileIds, solutionValues(data.type, data.possible_solutions));
}

/** Runs a question's reference solution on every case as a save does: how many cases passed, or the save's 422. */
export async function checkQuestionReference(ctx: AppContext, caller: Caller, data: QuestionData): Promise<number> {
  return checkReference(ctx, caller, referenceOf(data), solutionValues(data.type, data.possible_solutions));
}

/** Longest a transaction that has written a new question waits for its reference check before giving way. */
const EARLY_WRITE_WAIT_MS = 100;
class CheckNotDone extends Error {}

/** The promise's value if it settles within `ms` (a rejection is thrown), else undefined. */
async function settledWithin<T>(p: Promise<T>, ms: number): Promise<{ value: T } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([p.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

function concurrentEdit(current: number, sent: number) {
  return conflict(
    `Cette question a été modifiée par quelqu’un d’autre pendant votre édition (version ${current}, vous aviez la version ${sent}). Rechargez-la pour voir ses changements, puis refaites les vôtres.`,
    { version: ['La question a changé depuis son ouverture.'] },
  );
}

export async function updateQuestion(ctx: AppContext, caller: Caller, id: number, data: QuestionData): Promise<SaveResult> {
  const before = await findQuestion(ctx.db, id);
  if (!before) throw notFound(QUESTION_MISSING);
  if (data.version !== undefined && data.version !== before.version) throw concurrentEdit(before.version, data.version);
  if (before.type !== data.type && before.exam_count > 0) {
    const m = `Le type d’une question utilisée par ${examsPhrase(before.exam_count)} ne peut pas changer. Dupliquez-la pour en faire une autre.`;
    throw conflict(m, { type: [m] });
  }
  const known = new Set(before.possible_solutions.map((p) => p.id));
  const unknown = data.possible_solutions.filter((p) => p.id !== undefined && !known.has(p.id));
  if (unknown.length) {
    throw unprocessable(
      { possible_solutions: [`Solutions inconnues pour cette question : ${unknown.map((p) => p.id).join(', ')}. Rechargez la question.`] },
      'Certaines solutions envoyées n’appartiennent pas à cette question. Rechargez-la.',
    );
  }
  // A question changing type starts from new rows: choice ids of the old type mean nothing in the new one.
  const given = before.type === data.type ? data.possible_solutions : data.possible_solutions.map(({ id: _drop, ...p }) => p);
  const solutions = solutionValues(data.type, given);
  const [{ statement, fileIds }, checked] = await both(prepare(ctx.db, data), checkReference(ctx, caller, referenceOf(data), solutions));
  const values = rowValues(data, statement);
  await withTransaction(ctx.db, async (trx, afterCommit) => {
    const locked = await lockQuestion(trx, id);
    if (!locked) throw notFound(QUESTION_MISSING);
    // Another save may have landed while the sandbox ran: the row lock makes this check final.
    if (locked.version !== before.version) throw concurrentEdit(locked.version, data.version ?? before.version);
    const oldFiles = await fileIdsOfQuestion(trx, id);
    await updateQuestionRow(trx, id, values);
    await replaceSolutions(trx, id, solutions);
    await setTags(trx, id, data.tags);
    await setQuestionFiles(trx, id, fileIds);
    await writeVersion(trx, id, caller.userId);
    const orphans = await deleteUnusedFiles(trx, oldFiles.filter((f) => !fileIds.includes(f)));
    afterCommit(() => removeStoredContent(ctx, orphans));
  });
  return { question: (await findQuestion(ctx.db, id))!, checked };
}

export const examsPhrase = (n: number) => (n > 1 ? `${n} examens` : 'un examen');

export async function deleteQuestion(ctx: AppContext, id: number): Promise<void> {
  await withTransaction(ctx.db, async (trx, afterCommit) => {
    if (!(await lockQuestion(trx, id))) throw notFound(QUESTION_MISSING);
    const used = await examCountOf(trx, id);
    if (used > 0) {
      throw conflict(`Cette question est utilisée par ${examsPhrase(used)} : retirez-la ${used > 1 ? 'de ces examens' : 'de cet examen'} avant de la supprimer.`);
    }
    const files = await fileIdsOfQuestion(trx, id);
    await deleteQuestionRow(trx, id);
    const orphans = await deleteUnusedFiles(trx, files);
    afterCommit(() => removeStoredContent(ctx, orphans));
  });
}

/** A copy (statement, solutions, tags, files), marked as a copy, not used by any exam. */
export async function duplicateQuestion(ctx: AppContext, userId: number, id: number): Promise<Question> {
  const q = await findQuestion(ctx.db, id);
  if (!q) throw notFound(QUESTION_MISSING);
  const tags = q.tags;
  const newId = await withTransaction(ctx.db, async (trx) => {
    const qid = await insertQuestion(
      trx,
      {
        type: q.type,
        name: q.name,
        statement: q.statement,
        language: q.language,
        points: q.points,
        course_id: q.course_id,
        chapter_id: q.chapter_id,
        is_practice: q.is_practice,
        starter_code: q.starter_code,
        reference_solution: q.reference_solution,
        tolerance_kind: q.tolerance?.kind ?? null,
        tolerance_value: q.tolerance?.value ?? null,
        cpu_seconds: q.limits?.cpu_seconds ?? null,
        memory_mb: q.limits?.memory_mb ?? null,
        scoring: q.scoring,
        math_form: q.math_form,
        grading: q.grading,
        echo_input: q.echo_input,
        essay: q.essay,
        file_answer: q.file_answer,
        generator: q.generator,
        search_text: searchTextOf(q.statement, tags, q.name),
      },
      userId,
    );
    await replaceSolutions(
      trx,
      qid,
      q.possible_solutions.map(({ content, is_correct, stdin, expected_output, is_hidden, weight, test_code, display }) => ({ content, is_correct, stdin, expected_output, is_hidden, weight, test_code, display })),
      true,
    );
    await setTags(trx, qid, tags, true);
    await setQuestionFiles(trx, qid, q.files.map((f) => f.id), true);
    await writeVersion(trx, qid, userId);
    return qid;
  });
  return (await findQuestion(ctx.db, newId))!;
}

/**
 * For the possible-solutions routes: the question's solutions replaced by `next` (ids kept where given), after
 * the same checks as a question save (the type's rules as a 422, the reference solution in the sandbox), in one
 * transaction under the question's row lock. Returns the question as saved.
 */
export async function replaceQuestionSolutions(ctx: AppContext, caller: Caller, question: Question, next: QuestionSolutionData[]): Promise<Question> {
  const issues = questionRuleIssues({ type: question.type, language: question.language, tolerance: question.tolerance, possible_solutions: next, statement: question.statement });
  if (issues.length) {
    const errors: Record<string, string[]> = {};
    for (const i of issues) (errors[i.path.join('.')] ??= []).push(i.message);
    throw unprocessable(errors, issues[0]!.message);
  }
  const solutions = solutionValues(question.type, next);
  await checkReference(ctx, caller, question, solutions);
  await withTransaction(ctx.db, async (trx) => {
    const locked = await lockQuestion(trx, question.id);
    if (!locked) throw notFound(QUESTION_MISSING);
    if (locked.version !== question.version) {
      throw conflict('Cette question vient d’être modifiée par quelqu’un d’autre. Rechargez-la puis recommencez.', { version: ['La question a changé.'] });
    }
    await replaceSolutions(trx, question.id, solutions);
    await touchQuestion(trx, question.id);
    await writeVersion(trx, question.id, caller.userId);
  });
  return (await findQuestion(ctx.db, question.id))!;
}
