// Reads and writes of the question bank: questions with their possible solutions, tags and file references.
// Every function takes the database or a transaction.
import { sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { essaySettingsSchema, fileAnswerSettingsSchema, type EssaySettings, type FileAnswerSettings, caseDisplayOf, type CaseDisplay, type MathForm, type PossibleSolution, type Question, type QuestionListFilters, type QuestionListItem } from '@exam/shared';
import type { Database, Db, QuestionKind } from '../../db/schema';
import { likePattern, orderFrom, paginate, searchTerms } from '../../lib/list';
import { excerptOf, htmlToText } from '../../lib/html-text';

type Trx = Transaction<Database>;

const iso = (v: unknown) => new Date(v as string).toISOString();
const flag = (v: unknown): 0 | 1 => (Number(v) ? 1 : 0);

const authorName = sql<string | null>`case when u.id is null then null else u.first_name || ' ' || u.last_name end`;

function selectQuestions(db: Db) {
  return db
    .selectFrom('questions as q')
    .leftJoin('courses as c', 'c.id', 'q.course_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .select((eb) => [
      'q.id',
      'q.type',
      'q.name',
      'q.statement',
      'q.language',
      'q.points',
      'q.course_id',
      'c.title as course_title',
      'q.chapter_id',
      'q.is_practice',
      'q.starter_code',
      'q.reference_solution',
      'q.tolerance_kind',
      'q.tolerance_value',
      'q.cpu_seconds',
      'q.memory_mb',
      'q.scoring',
      'q.math_form',
      'q.grading',
      'q.echo_input',
      'q.essay',
      'q.file_answer',
      'q.generator',
      'q.created_by',
      authorName.as('author_name'),
      'q.created_at',
      'q.updated_at',
      'q.version',
      jsonArrayFrom(
        eb
          .selectFrom('possible_solutions as ps')
          .select(['ps.id', 'ps.question_id', 'ps.position', 'ps.content', 'ps.is_correct', 'ps.stdin', 'ps.expected_output', 'ps.is_hidden', 'ps.weight', 'ps.test_code', 'ps.display'])
          .whereRef('ps.question_id', '=', 'q.id')
          .orderBy('ps.position')
          .orderBy('ps.id'),
      ).as('possible_solutions'),
      jsonArrayFrom(eb.selectFrom('question_tags as t').select('t.tag').whereRef('t.question_id', '=', 'q.id').orderBy('t.tag')).as('tags'),
      jsonArrayFrom(
        eb
          .selectFrom('question_files as qf')
          .innerJoin('files as f', 'f.id', 'qf.file_id')
          .select(['f.id', 'f.name', 'f.mime'])
          .whereRef('qf.question_id', '=', 'q.id')
          .orderBy('f.id'),
      ).as('files'),
      eb.selectFrom('exam_questions as eq').select(sql<number>`count(*)::int`.as('n')).whereRef('eq.question_id', '=', 'q.id').as('exam_count'),
      // Exams some student started: their copies keep the version they were given (the editor says so).
      eb
        .selectFrom('exam_questions as eq')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('eq.question_id', '=', 'q.id')
        .where(sql<boolean>`exists (select 1 from exam_attempts a where a.exam_id = eq.exam_id)`)
        .as('started_exam_count'),
      eb.selectFrom('question_versions as qv').select(sql<number>`coalesce(max(qv.number), 0)::int`.as('n')).whereRef('qv.question_id', '=', 'q.id').as('version_number'),
    ]);
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof selectQuestions>['executeTakeFirstOrThrow']>>;

function toSolution(p: QuestionRow['possible_solutions'][number]): PossibleSolution {
  const is_hidden = flag(p.is_hidden);
  return { ...p, is_correct: flag(p.is_correct), is_hidden, weight: Number(p.weight), test_code: p.test_code ?? '', display: caseDisplayOf({ is_hidden, display: p.display }) };
}

function toQuestion(r: QuestionRow): Question {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    statement: r.statement,
    language: r.language,
    points: Number(r.points),
    course_id: r.course_id,
    course_title: r.course_title ?? null,
    chapter_id: r.chapter_id,
    is_practice: flag(r.is_practice),
    tags: r.tags.map((t) => t.tag),
    starter_code: r.starter_code,
    reference_solution: r.reference_solution,
    tolerance: r.tolerance_kind ? { kind: r.tolerance_kind, value: Number(r.tolerance_value ?? 0) } : null,
    limits: r.cpu_seconds != null && r.memory_mb != null ? { cpu_seconds: r.cpu_seconds, memory_mb: r.memory_mb } : null,
    scoring: r.scoring ?? null,
    math_form: r.math_form ?? null,
    grading: r.grading ?? null,
    echo_input: flag(r.echo_input),
    essay: r.essay == null ? null : (essaySettingsSchema.safeParse(r.essay).data ?? null),
    file_answer: r.file_answer == null ? null : (fileAnswerSettingsSchema.safeParse(r.file_answer).data ?? null),
    generator: r.generator,
    possible_solutions: r.possible_solutions.map(toSolution),
    files: r.files,
    exam_count: Number(r.exam_count ?? 0),
    started_exam_count: Number(r.started_exam_count ?? 0),
    created_by: r.created_by,
    author_name: r.author_name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    version: r.version,
    version_number: Number(r.version_number ?? 0),
  };
}

export async function findQuestion(db: Db, id: number): Promise<Question | undefined> {
  const row = await selectQuestions(db).where('q.id', '=', id).executeTakeFirst();
  return row ? toQuestion(row) : undefined;
}

/** Questions with their possible solutions, in the order of `ids` (unknown ids are left out). */
export async function findQuestionsByIds(db: Db, ids: number[]): Promise<Question[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await selectQuestions(db).where('q.id', 'in', unique).execute();
  const byId = new Map(rows.map((r) => [r.id, toQuestion(r)]));
  return unique.map((id) => byId.get(id)).filter((q): q is Question => q !== undefined);
}

/** Plain text of an HTML statement (tags dropped, entities read, formulas as bare LaTeX), for the search column. */
export function plainText(html: string): string {
  return htmlToText(html, { math: 'plain' });
}

const EXCERPT = 180;

const SORTS = {
  created_at: 'q.created_at',
  updated_at: 'q.updated_at',
  type: 'q.type',
  points: 'q.points',
  exam_count: 'exam_count',
} as const;

export async function listQuestions(db: Db, f: QuestionListFilters): Promise<{ rows: QuestionListItem[]; total: number }> {
  let q = db
    .selectFrom('questions as q')
    .leftJoin('courses as c', 'c.id', 'q.course_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .select((eb) => [
      'q.id',
      'q.type',
      'q.name',
      // Enough of the statement for an excerpt, never the whole of a long one.
      sql<string>`left(q.statement, 4000)`.as('statement_head'),
      'q.language',
      'q.points',
      'q.course_id',
      'c.title as course_title',
      'q.is_practice',
      sql<boolean>`q.generator is not null`.as('is_parameterised'),
      authorName.as('author_name'),
      'q.created_at',
      'q.updated_at',
      jsonArrayFrom(eb.selectFrom('question_tags as t').select('t.tag').whereRef('t.question_id', '=', 'q.id').orderBy('t.tag')).as('tags'),
      eb.selectFrom('possible_solutions as ps').select(sql<number>`count(*)::int`.as('n')).whereRef('ps.question_id', '=', 'q.id').as('solutions_count'),
      eb.selectFrom('exam_questions as eq').select(sql<number>`count(*)::int`.as('n')).whereRef('eq.question_id', '=', 'q.id').as('exam_count'),
    ]);
  // Every word must appear in the folded name, statement text or tags (accents and case ignored).
  for (const term of searchTerms(f.search)) q = q.where('q.search_text', 'like', likePattern(term));
  if (f.type) q = q.where('q.type', '=', f.type);
  if (f.language) q = q.where('q.language', '=', f.language);
  if (f.course_id) q = q.where('q.course_id', '=', f.course_id);
  if (f.is_practice !== undefined) q = q.where('q.is_practice', '=', f.is_practice);
  if (f.tag) {
    const tag = f.tag.toLowerCase();
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('question_tags as ft').select('ft.question_id').whereRef('ft.question_id', '=', 'q.id').where(sql`lower(ft.tag)`, '=', tag)),
    );
  }
  const [col, dir] = orderFrom(f.sort, SORTS, ['q.created_at', 'desc']);
  const ordered =
    col === 'exam_count'
      ? q.orderBy(sql`(select count(*) from exam_questions eq2 where eq2.question_id = q.id)`, dir)
      : q.orderBy(col, dir);
  const { rows, total } = await paginate(ordered.orderBy('q.id', dir), f.page, f.per_page);
  return {
    rows: rows.map((r) => {
      return {
        id: r.id,
        type: r.type,
        name: r.name,
        excerpt: excerptOf(htmlToText(r.statement_head, { math: 'delimited' }), EXCERPT),
        language: r.language,
        points: Number(r.points),
        course_id: r.course_id,
        course_title: r.course_title ?? null,
        is_practice: flag(r.is_practice),
        is_parameterised: r.is_parameterised ? 1 : 0,
        tags: r.tags.map((t) => t.tag),
        solutions_count: Number(r.solutions_count ?? 0),
        exam_count: Number(r.exam_count ?? 0),
        author_name: r.author_name,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      };
    }),
    total,
  };
}

export async function listTags(db: Db): Promise<Array<{ tag: string; count: number }>> {
  return db
    .selectFrom('question_tags')
    .select(['tag', sql<number>`count(*)::int`.as('count')])
    .groupBy('tag')
    .orderBy(sql`lower(tag)`)
    .orderBy('tag')
    .execute();
}

/** The columns of a question row, as the service computed them. */
export interface QuestionRowValues {
  type: QuestionKind;
  name: string | null;
  statement: string;
  language: 'PYTHON' | 'R' | null;
  points: number;
  course_id: number | null;
  chapter_id: number | null;
  is_practice: number;
  starter_code: string | null;
  reference_solution: string | null;
  tolerance_kind: 'absolute' | 'relative' | null;
  tolerance_value: number | null;
  cpu_seconds: number | null;
  memory_mb: number | null;
  scoring: 'PARTIAL' | 'ALL_OR_NOTHING' | null;
  /** MATH's required form; null for the other kinds. */
  math_form: MathForm | null;
  grading: 'ALL_OR_NOTHING' | 'PER_CASE' | null;
  echo_input: number;
  /** ESSAY's settings (stored as JSON); null for the other kinds. */
  essay: EssaySettings | null;
  /** FILE's settings (stored as JSON); null for the other kinds. */
  file_answer: FileAnswerSettings | null;
  generator: string | null;
  search_text: string;
}

/** The row as written: the essay and file settings as JSON. */
const storable = (v: QuestionRowValues) => ({ ...v, essay: v.essay ? JSON.stringify(v.essay) : null, file_answer: v.file_answer ? JSON.stringify(v.file_answer) : null });

export interface SolutionValues {
  id?: number;
  content: string;
  is_correct: number;
  stdin: string;
  expected_output: string;
  is_hidden: number;
  weight: number;
  test_code: string;
  display: CaseDisplay | null;
}

export async function insertQuestion(trx: Trx, v: QuestionRowValues, createdBy: number): Promise<number> {
  const row = await trx.insertInto('questions').values({ ...storable(v), created_by: createdBy }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the question row for the rest of the transaction; its version and type, or undefined. */
export async function lockQuestion(trx: Trx, id: number): Promise<{ version: number; type: QuestionKind } | undefined> {
  return trx.selectFrom('questions').select(['version', 'type']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateQuestionRow(trx: Trx, id: number, v: QuestionRowValues): Promise<void> {
  await trx
    .updateTable('questions')
    .set({ ...storable(v), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Bumps version and updated_at (a change of its possible solutions alone). */
export async function touchQuestion(trx: Trx, id: number, searchText?: string): Promise<void> {
  await trx
    .updateTable('questions')
    .set({ version: sql`version + 1`, updated_at: sql`now()`, ...(searchText !== undefined ? { search_text: searchText } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteQuestionRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('questions').where('id', '=', id).execute();
}

/** Replaces the possible solutions: rows with a known id are updated in place (QCM choice ids are what
 *  students answer), new ones inserted, missing ones deleted; positions follow the given order (`fresh`: a new
 *  question, nothing to delete first). */
export async function replaceSolutions(trx: Trx, questionId: number, solutions: SolutionValues[], fresh = false): Promise<void> {
  const keep = solutions.filter((s) => s.id !== undefined).map((s) => s.id!);
  if (!fresh) {
    let del = trx.deleteFrom('possible_solutions').where('question_id', '=', questionId);
    if (keep.length) del = del.where('id', 'not in', keep);
    await del.execute();
  }
  const added: NewSolutionRow[] = [];
  for (const [i, s] of solutions.entries()) {
    const values = {
      position: i + 1,
      content: s.content,
      is_correct: s.is_correct,
      stdin: s.stdin,
      expected_output: s.expected_output,
      is_hidden: s.is_hidden,
      weight: s.weight,
      test_code: s.test_code,
      display: s.display,
    };
    if (s.id !== undefined) {
      await trx
        .updateTable('possible_solutions')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', s.id)
        .where('question_id', '=', questionId)
        .execute();
    } else {
      added.push({ ...values, question_id: questionId });
    }
  }
  await insertSolutions(trx, added);
}

type NewSolutionRow = Omit<SolutionValues, 'id'> & { position: number; question_id: number };

/** New possible solutions, in one statement. */
async function insertSolutions(trx: Trx, rows: NewSolutionRow[]): Promise<void> {
  if (rows.length) await trx.insertInto('possible_solutions').values(rows).execute();
}

/** Replaces the tags (`fresh`: a new question, nothing to remove first). */
export async function setTags(trx: Trx, questionId: number, tags: string[], fresh = false): Promise<void> {
  if (!fresh) await trx.deleteFrom('question_tags').where('question_id', '=', questionId).execute();
  if (tags.length) await trx.insertInto('question_tags').values(tags.map((tag) => ({ question_id: questionId, tag }))).execute();
}

export async function fileIdsOfQuestion(db: Db, questionId: number): Promise<number[]> {
  const rows = await db.selectFrom('question_files').select('file_id').where('question_id', '=', questionId).execute();
  return rows.map((r) => r.file_id);
}

/** Replaces the files the statement refers to (`fresh`: a new question, nothing to remove first). */
export async function setQuestionFiles(trx: Trx, questionId: number, fileIds: number[], fresh = false): Promise<void> {
  if (!fresh) await trx.deleteFrom('question_files').where('question_id', '=', questionId).execute();
  const unique = [...new Set(fileIds)];
  if (unique.length) await trx.insertInto('question_files').values(unique.map((file_id) => ({ question_id: questionId, file_id }))).execute();
}

/** Of these file ids, those that exist. */
export async function existingFileIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function examCountOf(db: Db, questionId: number): Promise<number> {
  const r = await db.selectFrom('exam_questions').select(sql<number>`count(*)::int`.as('n')).where('question_id', '=', questionId).executeTakeFirstOrThrow();
  return r.n;
}

/** A course (and, when given, one of its chapters) exists: the course's id, else what is missing. */
export async function courseAndChapter(db: Db, courseId: number | null, chapterId: number | null) {
  const course = courseId ? await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst() : undefined;
  const chapter = chapterId ? await db.selectFrom('chapters').select(['id', 'course_id']).where('id', '=', chapterId).executeTakeFirst() : undefined;
  return { course, chapter };
}
