// Demo exams (docs/examens.md "Données de démonstration"): one exam open now for the demo student's year and
// parcours, built from the demo questions (one of each kind first, in the kinds' order, a program worth more), and one
// draft. Idempotent, and runs after the demo questions exist: without questions it adds nothing, and a later run adds it.
import { sql, type Kysely } from 'kysely';
import { examInputSchema, QUESTION_KIND_LABELS, QUESTION_KINDS, type ExamStatus, type QuestionKind } from '@exam/shared';
import type { Database } from '../db/schema';
import { createExamIn, publishExamIn } from '../features/exams';
import { serverKind } from '../features/question-kinds';
import { withTransaction } from '../lib/transaction';

export const DEMO_OPEN_EXAM_TITLE = 'Examen de démonstration : statistique et programmation';
export const DEMO_DRAFT_EXAM_TITLE = 'Partiel de fin de semestre (brouillon)';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Up to `max` question ids: the first of each kind, then the next ones, in the kinds' order (QUESTION_KINDS). */
function pickQuestions(rows: Array<{ id: number; type: QuestionKind }>, max: number): number[] {
  const byType = QUESTION_KINDS.map((k) => rows.filter((r) => r.type === k).map((r) => r.id));
  const out: number[] = [];
  for (let round = 0; out.length < max && byType.some((ids) => ids.length > round); round += 1) {
    for (const ids of byType) if (ids[round] !== undefined && out.length < max) out.push(ids[round]);
  }
  return out;
}

export async function seedDemoExams(db: Kysely<Database>, demo: { teacherEmail: string; studentEmail: string; yearLabel: string }): Promise<void> {
  const existing = await db.selectFrom('exams').select('title').where('title', 'in', [DEMO_OPEN_EXAM_TITLE, DEMO_DRAFT_EXAM_TITLE]).execute();
  if (existing.length === 2) return;
  const teacher = await db.selectFrom('users').select('id').where('email', '=', demo.teacherEmail).executeTakeFirst();
  const year = await db.selectFrom('academic_years').select('id').where('label', '=', demo.yearLabel).executeTakeFirst();
  const student = await db.selectFrom('users').select('id').where('email', '=', demo.studentEmail).executeTakeFirst();
  if (!teacher || !year || !student) return;
  const specs = await db
    .selectFrom('student_enrolments')
    .select('specialization_id')
    .where('user_id', '=', student.id)
    .where('academic_year_id', '=', year.id)
    .execute();
  // Exam questions first (not the courses' practice exercises), the demo teacher's first, oldest first.
  const questions = await db
    .selectFrom('questions')
    .select(['id', 'type'])
    .orderBy('is_practice')
    .orderBy(sql`case when created_by = ${teacher.id} then 0 else 1 end`)
    .orderBy('id')
    .limit(200)
    .execute();
  const open = pickQuestions(questions, 6);
  if (specs.length === 0 || open.length === 0) return;

  const now = Date.now();
  const kindOf = (id: number) => questions.find((q) => q.id === id)!.type;
  // A program (its kind keeps one) is worth more than a question answered in a line.
  const points = (id: number) => (serverKind(kindOf(id)).fields.program ? 4 : 2);
  const kinds = QUESTION_KINDS.filter((k) => open.some((id) => kindOf(id) === k));
  const exams: Array<{ title: string; status: ExamStatus; body: unknown }> = [
    {
      title: DEMO_OPEN_EXAM_TITLE,
      status: 'PUBLISHED',
      body: {
        title: DEMO_OPEN_EXAM_TITLE,
        description: `Une question de chaque type : ${kinds.map((k) => QUESTION_KIND_LABELS[k].replace(/^./, (c) => c.toLowerCase())).join(', ')}. Vous disposez d’une heure dès que vous commencez.`,
        academic_year_id: year.id,
        specialization_ids: specs.map((s) => s.specialization_id),
        start_at: new Date(now - 5 * MINUTE).toISOString(),
        end_at: new Date(now + 30 * DAY).toISOString(),
        duration_minutes: 60,
        show_solutions_after_close: 1,
        questions: open.map((id) => ({ question_id: id, points: points(id) })),
      },
    },
    {
      title: DEMO_DRAFT_EXAM_TITLE,
      status: 'DRAFT',
      body: {
        title: DEMO_DRAFT_EXAM_TITLE,
        description: 'En préparation : à compléter avant publication.',
        academic_year_id: year.id,
        specialization_ids: specs.map((s) => s.specialization_id),
        start_at: new Date(now + 14 * DAY).toISOString(),
        end_at: new Date(now + 14 * DAY + 2 * 60 * MINUTE).toISOString(),
        duration_minutes: 90,
        show_solutions_after_close: 0,
        questions: open.slice(0, 2).map((id) => ({ question_id: id, points: 5 })),
      },
    },
  ];
  await withTransaction(db, async (trx) => {
    for (const e of exams) {
      if (existing.some((x) => x.title === e.title)) continue;
      // Through the exams' own service: references checked, and a publication's checks and pins (the demo's
      // questions have no generator, so no sandbox is needed).
      const id = await createExamIn(trx, examInputSchema.parse(e.body), teacher.id);
      if (e.status === 'PUBLISHED') await publishExamIn(trx, id);
    }
  });
}
