// The grading queue of an essay question with N copies (300 by default; issue 31: « the queue of a 300-student exam
// opens in under 1 s »): an exam of one essay question and N finished attempts, each with a written answer of about
// 250 words, written straight into an embedded database (PGlite, the app's own migrations); then, through the app
// (Fastify inject, the routes' schemas and serializers), the overview and the queue of the question loaded ROUNDS
// times (p50, p99, the answer's size), and MARKS copies marked one after another (PUT, p50 and p99: the save that
// « Enregistrer et suivante » waits for; the next copy itself is already in the page, nothing is asked to show it).
// Usage: npx tsx bench/grading/queue.ts   (N=300 ROUNDS=20 MARKS=50 to change)
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { authed, createTestApp, loginAs, seedStructure, seedUser } from '../../apps/server/test/helper';

const N = Number(process.env.N ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const MARKS = Number(process.env.MARKS ?? 50);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const WORDS = 'la moyenne de la série vaut trois et sa dispersion reste faible autour de cette valeur'.split(' ');
const essayText = (i: number) => Array.from({ length: 250 }, (_, k) => WORDS[(i + k) % WORDS.length]).join(' ');

async function main() {
  console.log(`charge au début : ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const t = await createTestApp();
  try {
    const s = await seedStructure(t.ctx);
    const teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const created = await t.app.inject(
      authed(teacher, { method: 'POST', url: '/api/admin/questions/create', payload: { type: 'ESSAY', statement: '<p>Commentez la série.</p>', points: 4, essay: { word_limit: 400 } } }),
    );
    const questionId = created.json().data.id as number;
    const exam = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Banc de correction', academic_year_id: s.yearId, start_at: new Date(Date.now() - 3_600_000), end_at: new Date(Date.now() - 60_000), status: 'CLOSED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: exam.id, question_id: questionId, position: 0, points: 4 }).execute();
    const seedStart = performance.now();
    for (let i = 0; i < N; i++) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const started = new Date(Date.now() - 3_000_000);
      const a = await t.ctx.db
        .insertInto('exam_attempts')
        .values({ exam_id: exam.id, user_id: u.id, started_at: started, deadline: new Date(Date.now() - 120_000), finished_at: new Date(Date.now() - 600_000), max_score: 4 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db.insertInto('exam_attempt_questions').values({ attempt_id: a.id, question_id: questionId, position: 0, section: 0, points: 4 }).execute();
      const text = essayText(i);
      await t.ctx.db
        .insertInto('exam_submissions')
        .values({
          attempt_id: a.id,
          question_id: questionId,
          submission_id: crypto.randomUUID(),
          answer: JSON.stringify({ text }),
          is_valid: 0,
          score: 0,
          penalty: 0,
          pending: 1,
          details: JSON.stringify({ type: 'ESSAY', pending: true, words: 250, comment: null }),
          created_at: new Date(Date.now() - 900_000),
        })
        .execute();
    }
    console.log(`${N} copies écrites en ${(performance.now() - seedStart).toFixed(0)} ms`);

    const time = async (fn: () => Promise<{ statusCode: number; body: string }>) => {
      const t0 = performance.now();
      const r = await fn();
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body.slice(0, 200)}`);
      return { ms: performance.now() - t0, bytes: r.body.length };
    };
    const overview: number[] = [];
    const queue: number[] = [];
    let bytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      overview.push((await time(() => t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/exams/${exam.id}/grading` })))).ms);
      const q = await time(() => t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/exams/${exam.id}/grading/questions/${questionId}` })));
      queue.push(q.ms);
      bytes = q.bytes;
    }
    const copies = (await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/exams/${exam.id}/grading/questions/${questionId}` }))).json().data.copies as Array<{ copy: number }>;
    const marks: number[] = [];
    for (const c of copies.slice(0, MARKS)) {
      marks.push(
        (await time(() => t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/exams/${exam.id}/grading/questions/${questionId}/copies/${c.copy}`, payload: { points: 2.5, comment: 'Correct.', version: 0 } }))))
          .ms,
      );
    }
    console.log(`vue d’ensemble (${ROUNDS} fois) : p50 ${ms(pct(overview, 50))}, p99 ${ms(pct(overview, 99))}`);
    console.log(`file de ${copies.length} copies (${ROUNDS} fois, ${(bytes / 1024).toFixed(0)} Kio) : p50 ${ms(pct(queue, 50))}, p99 ${ms(pct(queue, 99))} (objectif : moins de 1 s)`);
    console.log(`note d’une copie (${marks.length} notes) : p50 ${ms(pct(marks, 50))}, p99 ${ms(pct(marks, 99))}`);
  } finally {
    await t.close();
    console.log(`charge à la fin : ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  }
}

void main();
