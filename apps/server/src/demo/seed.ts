// Demo data (README "Données de démonstration"): a current year, mentions, parcours, a teacher and students.
// Idempotent: running it twice changes nothing the second time.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/password';
import { sanitizeRichText } from '../features/chapters';
import { seedDemoExams } from './exams';
import { DEMO_PREMIUM_COURSE_TITLE, seedDemoPractice, seedDemoQuestions } from './questions';

export const DEMO_ACCOUNTS = {
  teacher: { email: 'enseignant@univ.example', password: 'Enseignant123!' },
  student: { email: 'etudiant@univ.example', password: 'Etudiant123!' },
  premium: { email: 'premium@univ.example', password: 'Etudiant123!' },
  /** Enrolled only in last year, whose access window is over: signs in to the 503 page. */
  former: { email: 'ancien@univ.example', password: 'Etudiant123!' },
};

function yearBounds(now = new Date()) {
  const y = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { label: `${y}-${y + 1}`, start: `${y}-09-01`, end: `${y + 1}-08-31` };
}

const demoExamScope = () => ({ teacherEmail: DEMO_ACCOUNTS.teacher.email, studentEmail: DEMO_ACCOUNTS.student.email, yearLabel: yearBounds().label });

export async function seedDemo(db: Kysely<Database>, opts: { quiet?: boolean } = {}): Promise<void> {
  const done = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.teacher.email).executeTakeFirst();
  if (done) {
    if (!opts.quiet) console.log('Données de démonstration déjà présentes.');
    await seedDemoCourses(db);
    await seedDemoQuestions(db, DEMO_ACCOUNTS.teacher.email);
    // Exams last: they are built from the demo questions.
    await seedDemoExams(db, demoExamScope());
    await seedDemoPractice(db, DEMO_ACCOUNTS.teacher.email);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const yb = yearBounds();
    let year = await trx.selectFrom('academic_years').select('id').where('label', '=', yb.label).executeTakeFirst();
    if (!year) {
      const hasCurrent = await trx.selectFrom('academic_years').select('id').where('is_current', '=', 1).executeTakeFirst();
      year = await trx
        .insertInto('academic_years')
        .values({ label: yb.label, start_date: yb.start, end_date: yb.end, access_start: yb.start, access_end: yb.end, is_current: hasCurrent ? 0 : 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const info = await trx
      .insertInto('mentions')
      .values({ name: 'Informatique', code: 'INFO', description: 'Licence et master en informatique.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const maths = await trx
      .insertInto('mentions')
      .values({ name: 'Mathématiques', code: 'MATH', description: 'Licence et master en mathématiques appliquées.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const specs = await trx
      .insertInto('specializations')
      .values([
        { name: 'Génie logiciel', code: 'GL-L3', level: 'L3', mention_id: info.id },
        { name: 'Science des données', code: 'SD-M1', level: 'M1', mention_id: info.id },
        { name: 'Statistique', code: 'STAT-L2', level: 'L2', mention_id: maths.id },
      ])
      .returning('id')
      .execute();
    await trx
      .insertInto('users')
      .values({
        last_name: 'Rakoto',
        first_name: 'Hery',
        email: DEMO_ACCOUNTS.teacher.email,
        password_hash: await hashPassword(DEMO_ACCOUNTS.teacher.password),
        role: 'TEACHER',
      })
      .execute();
    const studentHash = await hashPassword(DEMO_ACCOUNTS.student.password);
    const students = await trx
      .insertInto('users')
      .values([
        { last_name: 'Dupont', first_name: 'Claire', email: DEMO_ACCOUNTS.student.email, password_hash: studentHash, role: 'STUDENT', student_number: 'E2025001', is_premium: 0 },
        { last_name: "N’Diaye", first_name: 'Aïssatou', email: DEMO_ACCOUNTS.premium.email, password_hash: studentHash, role: 'STUDENT', student_number: 'E2025002', is_premium: 1 },
      ])
      .returning('id')
      .execute();
    await trx
      .insertInto('student_enrolments')
      .values(students.map((s, i) => ({ user_id: s.id, academic_year_id: year.id, specialization_id: specs[i === 0 ? 0 : 1].id })))
      .execute();

    const prevLabel = `${Number(yb.label.slice(0, 4)) - 1}-${yb.label.slice(0, 4)}`;
    let prev = await trx.selectFrom('academic_years').select('id').where('label', '=', prevLabel).executeTakeFirst();
    if (!prev) {
      const start = `${prevLabel.slice(0, 4)}-09-01`;
      const end = `${prevLabel.slice(5)}-08-31`;
      prev = await trx
        .insertInto('academic_years')
        .values({ label: prevLabel, start_date: start, end_date: end, access_start: start, access_end: `${prevLabel.slice(5)}-07-15`, is_current: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const former = await trx
      .insertInto('users')
      .values({ last_name: 'Martin', first_name: 'Lucas', email: DEMO_ACCOUNTS.former.email, password_hash: studentHash, role: 'STUDENT', student_number: 'E2024017' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('student_enrolments').values({ user_id: former.id, academic_year_id: prev.id, specialization_id: specs[2].id }).execute();
  });
  await seedDemoCourses(db);
  await seedDemoQuestions(db, DEMO_ACCOUNTS.teacher.email);
  await seedDemoExams(db, demoExamScope());
  await seedDemoPractice(db, DEMO_ACCOUNTS.teacher.email);
  if (!opts.quiet) {
    console.log('Données de démonstration créées :');
    console.log(`  enseignant : ${DEMO_ACCOUNTS.teacher.email} / ${DEMO_ACCOUNTS.teacher.password}`);
    console.log(`  étudiant   : ${DEMO_ACCOUNTS.student.email} / ${DEMO_ACCOUNTS.student.password}`);
    console.log(`  premium    : ${DEMO_ACCOUNTS.premium.email} / ${DEMO_ACCOUNTS.premium.password}`);
    console.log(`  ancien étudiant (accès fermé) : ${DEMO_ACCOUNTS.former.email} / ${DEMO_ACCOUNTS.former.password}`);
  }
}

const DEMO_CHAPTER_HTML = [
  '<h3>Définitions</h3>',
  '<p>Pour un échantillon <span data-type="math-inline" data-latex="x_1, \\dots, x_n">x_1, \\dots, x_n</span>, la moyenne empirique est :</p>',
  '<div data-type="math-block" data-latex="\\bar{x} = \\frac{1}{n} \\sum_{i=1}^{n} x_i"></div>',
  '<p>et la variance empirique <span data-type="math-inline" data-latex="s^2 = \\frac{1}{n-1} \\sum_{i=1}^{n} (x_i - \\bar{x})^2">s^2</span>.</p>',
  '<h3>En Python</h3>',
  '<pre><code class="language-python">import statistics\nnotes = [12, 15, 9, 14]\nprint(statistics.mean(notes), statistics.variance(notes))</code></pre>',
  '<h3>En R</h3>',
  '<pre><code class="language-r">notes &lt;- c(12, 15, 9, 14)\ncat(mean(notes), var(notes), "\\n")</code></pre>',
  '<table><tbody><tr><th>Indicateur</th><th>Python</th><th>R</th></tr>',
  '<tr><td>Moyenne</td><td>statistics.mean</td><td>mean</td></tr>',
  '<tr><td>Variance</td><td>statistics.variance</td><td>var</td></tr></tbody></table>',
].join('');

/** A published course with one chapter, and a premium one, for the current year's first two parcours. */
async function seedDemoCourses(db: Kysely<Database>): Promise<void> {
  const title = 'Statistique descriptive avec Python et R';
  if (await db.selectFrom('courses').select('id').where('title', '=', title).executeTakeFirst()) return;
  const teacher = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.teacher.email).executeTakeFirst();
  const year = await db.selectFrom('academic_years').select('id').where('label', '=', yearBounds().label).executeTakeFirst();
  const specs = await db.selectFrom('specializations').select('id').where('code', 'in', ['GL-L3', 'SD-M1']).execute();
  if (!teacher || !year || specs.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const courses = [
      { title, description: 'Moyenne, variance et premiers calculs en Python et en R.', is_premium: 0, chapter: 'Moyenne et variance', content: DEMO_CHAPTER_HTML },
      {
        title: DEMO_PREMIUM_COURSE_TITLE,
        description: 'Moindres carrés et interprétation des coefficients.',
        is_premium: 1,
        chapter: 'Moindres carrés',
        content: '<h2>Moindres carrés</h2><div data-type="math-block" data-latex="\\hat\\beta = (X^\\top X)^{-1} X^\\top y"></div>',
      },
    ];
    for (const c of courses) {
      const row = await trx
        .insertInto('courses')
        .values({ title: c.title, description: c.description, academic_year_id: year.id, is_premium: c.is_premium, is_published: 1, author_id: teacher.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('course_specializations').values(specs.map((s) => ({ course_id: row.id, specialization_id: s.id }))).execute();
      await trx.insertInto('chapters').values({ course_id: row.id, title: c.chapter, content: sanitizeRichText(c.content), position: 1 }).execute();
    }
  });
}
