// Demo questions of every type, attached to the demo course: QCM with one and with several correct choices,
// EXACT with a numeric tolerance and a word, ALGORITHM in Python and in R (visible and hidden cases, reference
// solution), MATH. Some are practice exercises of the course, and more practice exercises (Python, R, MATH, one
// in the premium course) sit in the courses' chapters. Idempotent: nothing is added once they exist.
import type { Kysely } from 'kysely';
import { questionInputSchema, type QuestionInput } from '@exam/shared';
import type { Database } from '../db/schema';
import { createQuestionIn } from '../features/questions';
import { withTransaction } from '../lib/transaction';

export const DEMO_COURSE_TITLE = 'Statistique descriptive avec Python et R';
export const DEMO_PREMIUM_COURSE_TITLE = 'Régression linéaire (premium)';

/** Shared by the seed test, which runs every reference solution in the sandbox. */
export const DEMO_QUESTIONS: QuestionInput[] = [
  {
    type: 'QCM',
    statement: '<p>Quelle fonction R calcule la <strong>moyenne</strong> d’un vecteur numérique ?</p>',
    points: 1,
    tags: ['R', 'statistique descriptive'],
    possible_solutions: [
      { content: 'mean()', is_correct: 1 },
      { content: 'median()', is_correct: 0 },
      { content: 'sum()', is_correct: 0 },
      { content: 'var()', is_correct: 0 },
    ],
  },
  {
    type: 'QCM',
    statement: '<p>Parmi ces indicateurs, lesquels mesurent la <em>dispersion</em> d’une série ? (plusieurs réponses)</p>',
    points: 2,
    is_practice: 1,
    tags: ['statistique descriptive'],
    possible_solutions: [
      { content: 'La variance', is_correct: 1 },
      { content: 'L’écart type', is_correct: 1 },
      { content: 'La moyenne', is_correct: 0 },
      { content: 'Le mode', is_correct: 0 },
    ],
  },
  {
    type: 'EXACT',
    statement:
      '<p>Quelle est la moyenne de la série <span data-type="math-inline" data-latex="12, 15, 9, 14">12, 15, 9, 14</span> ? Donnez la valeur à 0,01 près.</p>',
    points: 1,
    tags: ['statistique descriptive', 'calcul'],
    tolerance: { kind: 'absolute', value: 0.01 },
    possible_solutions: [{ content: '12.5' }],
  },
  {
    type: 'EXACT',
    statement: '<p>Quel mot-clé Python introduit la définition d’une fonction ?</p>',
    points: 1,
    is_practice: 1,
    tags: ['Python'],
    possible_solutions: [{ content: 'def' }],
  },
  {
    type: 'ALGORITHM',
    statement:
      '<p>L’entrée contient un entier <span data-type="math-inline" data-latex="n">n</span> sur la première ligne, puis <span data-type="math-inline" data-latex="n">n</span> nombres séparés par des espaces sur la deuxième.</p><p>Affichez leur moyenne avec exactement deux décimales.</p><pre><code class="language-python">Entrée :\n4\n12 15 9 14\nSortie :\n12.50</code></pre>',
    language: 'PYTHON',
    points: 4,
    tags: ['Python', 'statistique descriptive'],
    limits: { cpu_seconds: 2, memory_mb: 256 },
    starter_code: 'n = int(input())\nxs = list(map(float, input().split()))\n# Affichez la moyenne avec deux décimales\n',
    reference_solution: 'n = int(input())\nxs = list(map(float, input().split()))\nprint(f"{sum(xs) / n:.2f}")\n',
    possible_solutions: [
      { stdin: '4\n12 15 9 14\n', expected_output: '12.50\n', is_hidden: 0, weight: 1 },
      { stdin: '1\n7\n', expected_output: '7.00\n', is_hidden: 0, weight: 1 },
      { stdin: '5\n1 2 3 4 5\n', expected_output: '3.00\n', is_hidden: 1, weight: 2 },
      { stdin: '3\n-1 0 1.5\n', expected_output: '0.17\n', is_hidden: 1, weight: 2 },
    ],
  },
  {
    type: 'ALGORITHM',
    statement: '<p>L’entrée contient des nombres séparés par des espaces ou des retours à la ligne. Affichez leur somme.</p>',
    language: 'R',
    points: 3,
    tags: ['R'],
    limits: { cpu_seconds: 5, memory_mb: 512 },
    starter_code: 'x <- scan(file("stdin"), quiet = TRUE)\n',
    reference_solution: 'x <- scan(file("stdin"), quiet = TRUE)\ncat(sum(x), "\\n", sep = "")\n',
    possible_solutions: [
      { stdin: '1 2 3 4\n', expected_output: '10\n', is_hidden: 0, weight: 1 },
      { stdin: '5\n', expected_output: '5\n', is_hidden: 0, weight: 1 },
      { stdin: '10 20\n30\n', expected_output: '60\n', is_hidden: 1, weight: 2 },
    ],
  },
  {
    type: 'MATH',
    statement: '<p>Donnez la dérivée de <span data-type="math-inline" data-latex="f(x) = x^2 + 3x">f(x) = x^2 + 3x</span>.</p>',
    points: 2,
    tags: ['analyse'],
    possible_solutions: [{ content: '2*x + 3' }],
  },
  {
    type: 'MATH',
    statement: '<p>Simplifiez <span data-type="math-inline" data-latex="\\frac{x^2 - 1}{x - 1}">\\frac{x^2 - 1}{x - 1}</span> pour <span data-type="math-inline" data-latex="x \\neq 1">x ≠ 1</span>.</p>',
    points: 1,
    is_practice: 1,
    tags: ['analyse'],
    possible_solutions: [{ content: 'x + 1' }],
  },
];

/** Practice exercises added to the courses (with their chapter): what a new student practises first. Python
 *  and R programs with visible and hidden cases, a MATH expression; one in the premium course. */
export const DEMO_PRACTICE: Array<QuestionInput & { premium?: boolean }> = [
  {
    type: 'ALGORITHM',
    statement:
      '<p>L’entrée contient un entier <span data-type="math-inline" data-latex="n">n</span>. Affichez le double de <span data-type="math-inline" data-latex="n">n</span>.</p><pre><code class="language-python">Entrée :\n21\nSortie :\n42</code></pre>',
    language: 'PYTHON',
    points: 1,
    is_practice: 1,
    tags: ['Python', 'entraînement'],
    starter_code: 'n = int(input())\n# Affichez le double de n\n',
    reference_solution: 'n = int(input())\nprint(2 * n)\n',
    possible_solutions: [
      { stdin: '21\n', expected_output: '42\n', is_hidden: 0, weight: 1 },
      { stdin: '0\n', expected_output: '0\n', is_hidden: 0, weight: 1 },
      { stdin: '-7\n', expected_output: '-14\n', is_hidden: 1, weight: 1 },
    ],
  },
  {
    type: 'ALGORITHM',
    statement:
      '<p>L’entrée contient des notes séparées par des espaces. Affichez la plus grande, puis la plus petite, sur deux lignes.</p><pre><code class="language-python">Entrée :\n12 15 9 14\nSortie :\n15\n9</code></pre>',
    language: 'PYTHON',
    points: 2,
    is_practice: 1,
    tags: ['Python', 'statistique descriptive'],
    starter_code: 'notes = list(map(int, input().split()))\n',
    reference_solution: 'notes = list(map(int, input().split()))\nprint(max(notes))\nprint(min(notes))\n',
    possible_solutions: [
      { stdin: '12 15 9 14\n', expected_output: '15\n9\n', is_hidden: 0, weight: 1 },
      { stdin: '10\n', expected_output: '10\n10\n', is_hidden: 1, weight: 1 },
      { stdin: '3 -2 8 8\n', expected_output: '8\n-2\n', is_hidden: 1, weight: 1 },
    ],
  },
  {
    type: 'ALGORITHM',
    statement: '<p>L’entrée contient des nombres séparés par des espaces. Affichez leur moyenne (sans arrondi).</p>',
    language: 'R',
    points: 2,
    is_practice: 1,
    tags: ['R', 'statistique descriptive'],
    starter_code: 'x <- scan(file("stdin"), quiet = TRUE)\n',
    reference_solution: 'x <- scan(file("stdin"), quiet = TRUE)\ncat(mean(x), "\\n", sep = "")\n',
    possible_solutions: [
      { stdin: '12 15 9 14\n', expected_output: '12.5\n', is_hidden: 0, weight: 1 },
      { stdin: '2 4\n', expected_output: '3\n', is_hidden: 1, weight: 1 },
    ],
  },
  {
    type: 'MATH',
    statement:
      '<p>Écrivez la moyenne de deux nombres <span data-type="math-inline" data-latex="a">a</span> et <span data-type="math-inline" data-latex="b">b</span> sous la forme d’une expression.</p>',
    points: 1,
    is_practice: 1,
    tags: ['statistique descriptive'],
    possible_solutions: [{ content: '(a + b)/2' }],
  },
  {
    type: 'MATH',
    statement:
      '<p>Pour la droite des moindres carrés <span data-type="math-inline" data-latex="y = \\hat\\beta_0 + \\hat\\beta_1 x">y = β0 + β1 x</span>, donnez <span data-type="math-inline" data-latex="y">y</span> quand <span data-type="math-inline" data-latex="\\hat\\beta_0 = 2">β0 = 2</span> et <span data-type="math-inline" data-latex="\\hat\\beta_1 = 3">β1 = 3</span>, en fonction de <span data-type="math-inline" data-latex="x">x</span>.</p>',
    points: 1,
    is_practice: 1,
    premium: true,
    tags: ['régression'],
    possible_solutions: [{ content: '2 + 3*x' }],
  },
];

type Trx = Parameters<Parameters<typeof withTransaction<void>>[1]>[0];

/** A demo question written through the question bank's own service (the rows a teacher's save writes, version 1
 *  included). Its reference solution is not run here: the seed test runs every one in the sandbox. */
async function insertDemoQuestion(trx: Trx, input: QuestionInput, courseId: number, chapterId: number | null, teacherId: number): Promise<void> {
  await createQuestionIn(trx, teacherId, questionInputSchema.parse({ ...input, course_id: courseId, chapter_id: chapterId }));
}

export async function seedDemoQuestions(db: Kysely<Database>, teacherEmail: string): Promise<void> {
  const teacher = await db.selectFrom('users').select('id').where('email', '=', teacherEmail).executeTakeFirst();
  const course = await db.selectFrom('courses').select('id').where('title', '=', DEMO_COURSE_TITLE).executeTakeFirst();
  if (!teacher || !course) return;
  const already = await db.selectFrom('questions').select('id').where('course_id', '=', course.id).limit(1).executeTakeFirst();
  if (already) return;
  await withTransaction(db, async (trx) => {
    for (const input of DEMO_QUESTIONS) await insertDemoQuestion(trx, input, course.id, null, teacher.id);
  });
}

/** The practice exercises, in the chapter of their course; added once (a database seeded before them gets them). */
export async function seedDemoPractice(db: Kysely<Database>, teacherEmail: string): Promise<void> {
  const teacher = await db.selectFrom('users').select('id').where('email', '=', teacherEmail).executeTakeFirst();
  const courses = await db.selectFrom('courses').select(['id', 'is_premium']).where('title', 'in', [DEMO_COURSE_TITLE, DEMO_PREMIUM_COURSE_TITLE]).execute();
  const main = courses.find((c) => c.is_premium === 0);
  const premium = courses.find((c) => c.is_premium === 1);
  if (!teacher || !main) return;
  const already = await db
    .selectFrom('questions')
    .select('id')
    .where('course_id', '=', main.id)
    .where('is_practice', '=', 1)
    .where('type', '=', 'ALGORITHM')
    .limit(1)
    .executeTakeFirst();
  if (already) return;
  const firstChapter = async (courseId: number) =>
    (await db.selectFrom('chapters').select('id').where('course_id', '=', courseId).orderBy('position').orderBy('id').limit(1).executeTakeFirst())?.id ?? null;
  const mainChapter = await firstChapter(main.id);
  const premiumChapter = premium ? await firstChapter(premium.id) : null;
  await withTransaction(db, async (trx) => {
    for (const { premium: isPremium, ...input } of DEMO_PRACTICE) {
      if (isPremium && !premium) continue;
      await insertDemoQuestion(trx, input, isPremium ? premium!.id : main.id, isPremium ? premiumChapter : mainChapter, teacher.id);
    }
  });
}
