// Similar programs through the API on the real database. A corpus of one question (fixtures/): an original program,
// copies of it planted the ways students hide a copy (identifiers renamed, functions reordered, comments and dead
// code added, literals changed), and independent solutions written with other algorithms (builtins, Counter, bubble
// sort, merge sort, selection sort, a class). Every planted pair must rank above every pair with an independent
// solution, and the planted copies form the one cluster; the starter code and the reference solution count for
// nothing; a student reaches none of these routes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { similarityIdle, sweepEnded } from './jobs';
import { JOURNAL_EVENT_LABELS, similarityStepText } from '@exam/shared';
import { readJournal } from '../exam-journal';

const FIX = path.join(import.meta.dirname, 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');
const PLANTED = ['original', 'renamed', 'reordered', 'commented', 'literals'];
const INDEPENDENT = ['independent-1', 'independent-2', 'independent-3', 'independent-4', 'independent-5', 'independent-6'];
const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let staff: string;
let staffId = 0;
const routes: Array<{ method: string; url: string }> = [];

const call = (token: string, method: string, url: string, payload?: object) =>
  t.app.inject(authed(token, { method: method as 'GET', url, ...(payload ? { payload } : {}) }));

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (r) => {
      for (const m of [r.method].flat()) if (r.url.includes('similarity')) routes.push({ method: m, url: r.url });
    },
  });
  s = await seedStructure(t.ctx);
  const u = await seedUser(t.ctx, 'TEACHER');
  staffId = u.id;
  staff = await loginAs(t.app, u);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function question(language: 'PYTHON' | 'R', starter: string, reference: string | null) {
  return (
    await t.ctx.db
      .insertInto('questions')
      .values({ type: 'ALGORITHM', statement: '<p>Statistiques des notes : moyenne, médiane, au-dessus, la plus fréquente.</p>', points: 4, language, starter_code: starter, reference_solution: reference })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function exam(questionIds: number[], o: { ended?: boolean } = {}) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel de programmation', academic_year_id: s.yearId, start_at: at(-180 * MIN), end_at: o.ended ? at(-10 * MIN) : at(180 * MIN), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  for (const [i, q] of questionIds.entries()) await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q, position: i, points: 4 }).execute();
  return e.id;
}

let seq = 0;
/** A student's attempt with these programs sent in order (the last is the final one); `auto`: the last is a draft graded at the end. */
async function sitting(examId: number, questionId: number, programs: string[], o: { auto?: boolean; drawn?: boolean } = {}) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  const a = await t.ctx.db
    .insertInto('exam_attempts')
    .values({ exam_id: examId, user_id: u.id, started_at: at(-120 * MIN), deadline: at(-60 * MIN), finished_at: at(-61 * MIN), score: 0, drafts_settled_at: at(-61 * MIN) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, code] of programs.entries()) {
    seq += 1;
    await t.ctx.db
      .insertInto('exam_submissions')
      .values({
        attempt_id: a.id,
        question_id: questionId,
        submission_id: crypto.randomUUID(),
        answer: JSON.stringify(code),
        is_valid: 1,
        score: 4,
        auto: o.auto && i === programs.length - 1 ? 1 : 0,
        details: JSON.stringify({ type: 'ALGORITHM' }),
        created_at: at(-100 * MIN + seq * 1000),
        ip: null,
        user_agent: null,
      })
      .execute();
  }
  // The question as drawn for this copy (its points), as a real start writes it.
  if (o.drawn) await t.ctx.db.insertInto('exam_attempt_questions').values({ attempt_id: a.id, question_id: questionId, position: 0, section: 0, points: 4, question_version_id: null, variant_seed: null }).execute();
  return { user: u, attempt: a.id };
}

type Pair = { left: { attempt_id: number }; right: { attempt_id: number }; similarity: number; longest_text: string; longest_lines: number };

describe('similar programs', () => {
  it('ranks planted copies (renamed, reordered, commented, literals changed) above independent solutions, and clusters them', async () => {
    const q = await question('PYTHON', read('starter.py'), read('reference.py'));
    const id = await exam([q]);
    const who = new Map<number, string>();
    for (const name of [...PLANTED, ...INDEPENDENT]) {
      // The copy with comments was never sent: its draft was graded at the end. The original was sent twice, the
      // first time with a program that is not its final one.
      const programs = name === 'original' ? [read('independent-1.py'), read('original.py')] : [read(`${name}.py`)];
      const { attempt } = await sitting(id, q, programs, { auto: name === 'commented' });
      who.set(attempt, name);
    }
    // Two students who both hand in the reference solution, two who hand in the starter code: nothing of theirs counts.
    for (const name of ['ref-a', 'ref-b']) who.set((await sitting(id, q, [read('reference.py')])).attempt, name);
    for (const name of ['starter-a', 'starter-b']) who.set((await sitting(id, q, [read('starter.py')])).attempt, name);

    const list = await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ question_id: q, position: 1, language: 'PYTHON', analysis: null })]);

    const run = await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ status: 'QUEUED', trigger: 'STAFF' });
    await similarityIdle();

    const res = await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity/${q}?threshold=0.6`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { question: { analysis: { status: string; progress: number; programs: number; pair_count: number } }; histogram: number[]; pairs: Pair[]; clusters: Array<{ members: Array<{ attempt_id: number; from_draft: boolean }> }> };
    // Starter-only programs are programs too (the student sent them); every pair is in the distribution.
    const n = PLANTED.length + INDEPENDENT.length + 4;
    expect(data.question.analysis).toMatchObject({ status: 'DONE', progress: 100, programs: n, pair_count: (n * (n - 1)) / 2 });
    expect(data.histogram.reduce((a, b) => a + b, 0)).toBe((n * (n - 1)) / 2);

    const names = (p: Pair) => [who.get(p.left.attempt_id)!, who.get(p.right.attempt_id)!];
    const planted = data.pairs.filter((p) => names(p).every((x) => PLANTED.includes(x)));
    const others = data.pairs.filter((p) => names(p).some((x) => INDEPENDENT.includes(x)));
    expect(planted).toHaveLength((PLANTED.length * (PLANTED.length - 1)) / 2);
    const weakestPlanted = Math.min(...planted.map((p) => p.similarity));
    const strongestOther = Math.max(0, ...others.map((p) => p.similarity));
    expect(weakestPlanted).toBeGreaterThan(strongestOther);
    // Each kind of planted copy against the original ranks above every independent pair.
    for (const copy of PLANTED.slice(1)) {
      const p = planted.find((x) => names(x).includes('original') && names(x).includes(copy))!;
      expect(p.similarity, copy).toBeGreaterThan(strongestOther);
      expect(p.longest_lines, copy).toBeGreaterThanOrEqual(4);
    }
    // The reference solution and the starter code are subtracted: handing them in makes no pair.
    const pairOf = (a: string, b: string) => data.pairs.find((p) => names(p).includes(a) && names(p).includes(b));
    expect(pairOf('ref-a', 'ref-b')?.similarity ?? 0).toBeLessThan(0.05);
    expect(pairOf('starter-a', 'starter-b')?.similarity ?? 0).toBeLessThan(0.05);

    // One cluster at 0.6: the five planted copies, the draft graded at the end marked so.
    expect(data.clusters).toHaveLength(1);
    expect(data.clusters[0].members.map((m) => who.get(m.attempt_id)).sort()).toEqual([...PLANTED].sort());
    expect(data.clusters[0].members.find((m) => who.get(m.attempt_id) === 'commented')?.from_draft).toBe(true);

    // Side by side: both programs as compared, fragments placed in both, the longest first.
    const top = planted.find((x) => names(x).includes('original') && names(x).includes('renamed'))!;
    const side = await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity/${q}/pairs/${top.right.attempt_id}/${top.left.attempt_id}`);
    expect(side.statusCode, side.body).toBe(200);
    const cmp = side.json().data as { left: { code: string; student: { attempt_id: number } }; right: { code: string }; fragments: Array<{ left: number[]; right: number[] }> };
    expect(cmp.left.student.attempt_id).toBe(top.right.attempt_id);
    expect([cmp.left.code, cmp.right.code].sort()).toEqual([read('original.py'), read('renamed.py')].sort());
    expect(cmp.fragments.length).toBeGreaterThan(0);
    const [f] = cmp.fragments;
    const lines = (code: string, span: number[]) => code.split('\n').slice(span[0], span[2] + 1);
    // Renamed identifiers only: the longest fragment has as many lines on both sides.
    expect(lines(cmp.left.code, f.left).length).toBe(lines(cmp.right.code, f.right).length);
    expect(f.left[2] - f.left[0]).toBeGreaterThanOrEqual(4);

    // A pair never compared: 404.
    const ind = [...who].filter(([, nm]) => nm.startsWith('starter'));
    const none = await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity/${q}/pairs/${ind[0][0]}/${ind[1][0]}`);
    expect(none.statusCode).toBe(404);
    // Asked again while queued: 409 with its message; done, it can run again.
    const again = await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`);
    expect(again.statusCode).toBe(200);
    const twice = await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`);
    if (twice.statusCode !== 200) expect(twice.json().message).toBe('Une comparaison de cette question est déjà en cours.');
    await similarityIdle();
  }, 120_000);

  it('subtracts the starter code each student was given: the version pinned to the exam, not the question as it is now', async () => {
    const given = [
      'def lire_notes():',
      '    ligne = input()',
      '    morceaux = ligne.split()',
      '    notes = []',
      '    for m in morceaux:',
      '        notes.append(float(m))',
      '    return notes',
      '',
      'def afficher(valeur):',
      '    if valeur is None:',
      '        print("aucune")',
      '    else:',
      '        print("%.2f" % valeur)',
      '',
    ].join('\n');
    // The teacher has since changed the question's starter code: the students were given the version's.
    const q = await question('PYTHON', 'print()\n', null);
    const snapshot = { type: 'ALGORITHM', statement: '<p>Moyenne</p>', language: 'PYTHON', points: 4, starter_code: given, reference_solution: null, tolerance: null, limits: null, generator: null, possible_solutions: [] };
    const version = (await t.ctx.db.insertInto('question_versions').values({ question_id: q, number: 1, snapshot: JSON.stringify(snapshot), created_by: null }).returning('id').executeTakeFirstOrThrow()).id;
    const id = await exam([q]);
    await t.ctx.db.updateTable('exam_questions').set({ question_version_id: version }).where('exam_id', '=', id).execute();
    const mains = [
      'notes = lire_notes()\nafficher(sum(notes) / len(notes))\n',
      'xs = lire_notes()\nm = 0\nfor x in xs:\n    m += x\nafficher(m / len(xs))\n',
      'vals = lire_notes()\nif len(vals) == 0:\n    afficher(None)\nelse:\n    afficher(sorted(vals)[len(vals) // 2])\n',
    ];
    for (const main of mains) {
      const { attempt } = await sitting(id, q, [given + main]);
      await t.ctx.db.insertInto('exam_attempt_questions').values({ attempt_id: attempt, question_id: q, position: 1, section: 0, points: 4, question_version_id: version, variant_seed: null }).execute();
    }
    expect((await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`)).statusCode).toBe(200);
    await similarityIdle();
    const data = (await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity/${q}?threshold=0.6`)).json().data as { pairs: Pair[]; clusters: unknown[] };
    // The same programs in an exam that gave the question as it is now: the helpers count, every pair is close.
    const control = await exam([q]);
    for (const main of mains) await sitting(control, q, [given + main]);
    expect((await call(staff, 'POST', `/api/admin/exam-results/${control}/similarity/${q}/run`)).statusCode).toBe(200);
    await similarityIdle();
    const counted = (await call(staff, 'GET', `/api/admin/exam-results/${control}/similarity/${q}?threshold=0.6`)).json().data as { pairs: Pair[]; clusters: unknown[] };
    expect(Math.min(...counted.pairs.map((p) => p.similarity))).toBeGreaterThan(0.75);
    expect(counted.clusters).toHaveLength(1);
    // Subtracted: no pair reaches the threshold, none comes near the control's.
    expect(Math.max(0, ...data.pairs.map((p) => p.similarity))).toBeLessThan(0.6);
    expect(data.clusters).toEqual([]);
  }, 120_000);

  it('compares R programs: the renamed and reordered copy ranks first', async () => {
    const q = await question('R', read('starter.R'), null);
    const id = await exam([q]);
    const who = new Map<number, string>();
    for (const name of ['original', 'renamed', 'independent-1', 'independent-2', 'independent-3']) who.set((await sitting(id, q, [read(`${name}.R`)])).attempt, name);
    expect((await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`)).statusCode).toBe(200);
    await similarityIdle();
    const data = (await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity/${q}`)).json().data as { pairs: Pair[] };
    const first = data.pairs[0];
    expect([who.get(first.left.attempt_id), who.get(first.right.attempt_id)].sort()).toEqual(['original', 'renamed']);
    expect(first.similarity).toBeGreaterThan(Math.max(...data.pairs.slice(1).map((p) => p.similarity)));
  }, 120_000);

  it('compares by itself the program questions of an exam that ended, once', async () => {
    const q = await question('PYTHON', read('starter.py'), read('reference.py'));
    const id = await exam([q], { ended: true });
    for (const name of ['original', 'renamed', 'independent-2']) await sitting(id, q, [read(`${name}.py`)]);
    await sweepEnded(t.ctx, t.app.log);
    await similarityIdle();
    const list = (await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity`)).json().data;
    expect(list[0].analysis).toMatchObject({ status: 'DONE', trigger: 'CLOSE', programs: 3, pair_count: 3 });
    // Already compared: the next sweep queues nothing for it.
    const before = await t.ctx.db.selectFrom('similarity_analyses').select(['id', 'finished_at']).where('exam_id', '=', id).executeTakeFirstOrThrow();
    await sweepEnded(t.ctx, t.app.log);
    await similarityIdle();
    const after = await t.ctx.db.selectFrom('similarity_analyses').select(['id', 'finished_at']).where('exam_id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  }, 120_000);

  it('keeps a case file: flag, note, message, reply, decision, each in both attempts’ chained journals', async () => {
    const q = await question('PYTHON', read('starter.py'), read('reference.py'));
    const id = await exam([q]);
    const a = await sitting(id, q, [read('original.py')], { drawn: true });
    const b = await sitting(id, q, [read('renamed.py')], { drawn: true });
    const c = await sitting(id, q, [read('independent-3.py')], { drawn: true });
    await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity/${q}/run`);
    await similarityIdle();

    const created = await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity-cases`, { question_id: q, attempt_ids: [a.attempt, b.attempt], note: 'Même tri par insertion, mêmes noms de variables changés.' });
    expect(created.statusCode, created.body).toBe(200);
    const caseId = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ status: 'OPEN', decision: null, steps: [{ type: 'FLAG' }] });
    const base = `/api/admin/exam-results/${id}/similarity-cases/${caseId}/steps`;
    expect((await call(staff, 'POST', base, { type: 'NOTE', text: 'À voir avec le responsable.' })).statusCode).toBe(200);
    expect((await call(staff, 'POST', base, { type: 'MESSAGE', text: 'Pouvez-vous expliquer votre fonction de tri ?', attempt_id: a.attempt })).statusCode).toBe(200);
    expect((await call(staff, 'POST', base, { type: 'REPLY', text: 'Nous avons révisé ensemble la veille.', attempt_id: a.attempt })).statusCode).toBe(200);
    // A message to someone outside the case, a decision without its points: refused.
    expect((await call(staff, 'POST', base, { type: 'MESSAGE', text: 'Bonjour', attempt_id: c.attempt })).statusCode).toBe(422);
    expect((await call(staff, 'POST', base, { type: 'DECISION', decision: 'MARK_CHANGED', text: 'Copie avérée' })).statusCode).toBe(422);
    const tooMany = await call(staff, 'POST', base, { type: 'DECISION', decision: 'MARK_CHANGED', attempt_id: b.attempt, new_points: 5, text: 'Trop de points.' });
    expect(tooMany.statusCode).toBe(422);
    expect((await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity-cases/${caseId}`)).json().data.status).toBe('OPEN');
    const decided = await call(staff, 'POST', base, { type: 'DECISION', decision: 'MARK_CHANGED', attempt_id: b.attempt, new_points: 0, text: 'Programme recopié : la question est notée 0.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'DECIDED', decision: 'MARK_CHANGED' });
    expect(decided.json().data.steps.map((x: { type: string }) => x.type)).toEqual(['FLAG', 'NOTE', 'MESSAGE', 'REPLY', 'DECISION']);
    // « Note modifiée » changed the mark: B's copy now has 0 of its 4 points on the question (A's is untouched), kept as
    // a person's mark; a points figure above the question's is refused.
    const subScores = async (attempt: number) => (await t.ctx.db.selectFrom('exam_submissions').select('score').where('attempt_id', '=', attempt).execute()).map((r) => Number(r.score));
    expect(await subScores(b.attempt)).toEqual([0]);
    expect(await subScores(a.attempt)).toEqual([4]);
    const mark = await t.ctx.db.selectFrom('exam_marks').select(['points', 'comment']).where('attempt_id', '=', b.attempt).executeTakeFirstOrThrow();
    expect({ points: Number(mark.points), comment: mark.comment }).toEqual({ points: 0, comment: 'Programme recopié : la question est notée 0.' });
    // Decided: nothing more.
    const late = await call(staff, 'POST', base, { type: 'NOTE', text: 'Encore' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Ce dossier est déjà décidé : aucune étape ne peut plus y être ajoutée.');

    // Both journals hold the five steps, chained; the other student is never named there.
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const j = await readJournal(t.ctx, id, who.user.id);
      expect(j.intact).toBe(true);
      const steps = j.events.filter((e) => e.type === 'SIMILARITY_CASE');
      expect(steps.map((e) => e.data.step)).toEqual(['FLAG', 'NOTE', 'MESSAGE', 'REPLY', 'DECISION']);
      const otherUser = await t.ctx.db.selectFrom('users').select(['last_name', 'first_name']).where('id', '=', other.user.id).executeTakeFirstOrThrow();
      const sentences = steps.map((e) => `${JOURNAL_EVENT_LABELS[e.type]}, ${similarityStepText(e.data)}`);
      for (const line of sentences) expect(line).not.toContain(otherUser.last_name);
      expect(sentences[0]).toContain('Dossier de programmes similaires, dossier n° ');
      expect(sentences[0]).toContain('avec 1 autre copie');
      expect(sentences[4]).toContain(who === b ? 'note modifiée : 0 point sur cette question' : 'note modifiée');
    }
    const journalC = await readJournal(t.ctx, id, c.user.id);
    expect(journalC.events.some((e) => e.type === 'SIMILARITY_CASE')).toBe(false);
    // Cases listed for the exam; the case of another exam is not found here.
    expect((await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity-cases`)).json().data.map((x: { id: number }) => x.id)).toEqual([caseId]);
    const otherExam = await exam([q]);
    expect((await call(staff, 'GET', `/api/admin/exam-results/${otherExam}/similarity-cases/${caseId}`)).statusCode).toBe(404);
    // A case on compositions of another exam, or on a single one: refused.
    expect((await call(staff, 'POST', `/api/admin/exam-results/${otherExam}/similarity-cases`, { question_id: q, attempt_ids: [a.attempt, b.attempt] })).statusCode).toBe(422);
    expect((await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity-cases`, { question_id: q, attempt_ids: [a.attempt] })).statusCode).toBe(422);

    // Deleting the exam's copies (as the purge of a year does) deletes the programs, pairs and case steps with them;
    // deleting the exam, its comparisons and case files.
    const analysis = (await t.ctx.db.selectFrom('similarity_analyses').select('id').where('exam_id', '=', id).executeTakeFirstOrThrow()).id;
    await t.ctx.db.deleteFrom('exam_attempts').where('exam_id', '=', id).execute();
    expect(await t.ctx.db.selectFrom('similarity_programs').select('attempt_id').where('analysis_id', '=', analysis).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('similarity_pairs').select('left_attempt_id').where('analysis_id', '=', analysis).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('similarity_case_members').select('attempt_id').where('case_id', '=', caseId).execute()).toEqual([]);
    await t.ctx.db.deleteFrom('exams').where('id', 'in', [id, otherExam]).execute();
    for (const table of ['similarity_analyses', 'similarity_cases'] as const) {
      expect(await t.ctx.db.selectFrom(table).select('id').where('exam_id', '=', id).execute()).toEqual([]);
    }
    expect(await t.ctx.db.selectFrom('similarity_case_steps').select('id').where('case_id', '=', caseId).execute()).toEqual([]);
  }, 120_000);

  it('shows a student nothing of a case until staff write to them; then the messages to them, their reply kept in the case and both journals, and the decision', async () => {
    const q = await question('PYTHON', read('starter.py'), read('reference.py'));
    const id = await exam([q]);
    const a = await sitting(id, q, [read('original.py')], { drawn: true });
    const b = await sitting(id, q, [read('renamed.py')], { drawn: true });
    const tokenA = await loginAs(t.app, a.user);
    const tokenB = await loginAs(t.app, b.user);
    const created = await call(staff, 'POST', `/api/admin/exam-results/${id}/similarity-cases`, { question_id: q, attempt_ids: [a.attempt, b.attempt], note: 'Mêmes fonctions, noms changés.' });
    const caseId = created.json().data.id as number;
    const steps = `/api/admin/exam-results/${id}/similarity-cases/${caseId}/steps`;
    await call(staff, 'POST', steps, { type: 'NOTE', text: 'Note interne : comparer avec le TP 3.' });

    // Flagged and noted, but nobody wrote to them: nothing, and no reply possible.
    for (const token of [tokenA, tokenB]) {
      const none = await call(token, 'GET', '/api/student/case-messages');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data).toEqual([]);
    }
    const early = await call(tokenA, 'POST', `/api/student/case-messages/${caseId}/reply`, { text: 'Bonjour' });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('Aucun message de l’équipe pédagogique ne vous a été adressé dans ce dossier.');

    // A message to A: A reads it (and only it); B still reads nothing.
    await call(staff, 'POST', steps, { type: 'MESSAGE', text: 'Pouvez-vous expliquer votre fonction de tri ?', attempt_id: a.attempt });
    const mine = (await call(tokenA, 'GET', `/api/student/case-messages?exam_id=${id}`)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ case_id: caseId, exam_id: id, exam_title: 'Partiel de programmation', open: true, decision: null, new_points: null, messages: [expect.objectContaining({ type: 'MESSAGE', text: 'Pouvez-vous expliquer votre fonction de tri ?', mine: false })] }),
    ]);
    const text = JSON.stringify(mine);
    expect(text).not.toContain('Note interne');
    expect(text).not.toContain('Mêmes fonctions');
    const otherName = (await t.ctx.db.selectFrom('users').select('last_name').where('id', '=', b.user.id).executeTakeFirstOrThrow()).last_name;
    expect(text).not.toContain(otherName);
    expect((await call(tokenB, 'GET', '/api/student/case-messages')).json().data).toEqual([]);
    expect((await call(tokenB, 'POST', `/api/student/case-messages/${caseId}/reply`, { text: 'Moi aussi' })).statusCode).toBe(404);

    // A replies: the reply is a step of the case (authored by A) and in both journals; an empty reply is refused.
    const empty = await call(tokenA, 'POST', `/api/student/case-messages/${caseId}/reply`, { text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text[0]).toBe('Écrivez votre réponse avant de l’envoyer.');
    const replied = await call(tokenA, 'POST', `/api/student/case-messages/${caseId}/reply`, { text: 'J’ai écrit ce tri seul, voici mes brouillons.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().data.messages.map((m: { type: string; mine: boolean }) => [m.type, m.mine])).toEqual([
      ['MESSAGE', false],
      ['REPLY', true],
    ]);
    const file = (await call(staff, 'GET', `/api/admin/exam-results/${id}/similarity-cases/${caseId}`)).json().data;
    const nameA = await t.ctx.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(file.steps.at(-1)).toMatchObject({ type: 'REPLY', attempt_id: a.attempt, text: 'J’ai écrit ce tri seul, voici mes brouillons.', author: `${nameA.first_name} ${nameA.last_name}` });
    for (const who of [a, b]) {
      const j = await readJournal(t.ctx, id, who.user.id);
      expect(j.intact).toBe(true);
      expect(j.events.filter((e) => e.type === 'SIMILARITY_CASE').map((e) => e.data.step)).toEqual(['FLAG', 'NOTE', 'MESSAGE', 'REPLY']);
    }
    // A staff session is not a student's: the student routes refuse it.
    expect((await call(staff, 'GET', '/api/student/case-messages')).statusCode).toBe(403);

    // Decided: A reads the decision and their new points, and can no longer reply.
    await call(staff, 'POST', steps, { type: 'DECISION', decision: 'MARK_CHANGED', attempt_id: a.attempt, new_points: 2, text: 'Travail en partie commun : moitié des points.' });
    const after = (await call(tokenA, 'GET', '/api/student/case-messages')).json().data;
    expect(after).toEqual([expect.objectContaining({ case_id: caseId, open: false, decision: 'MARK_CHANGED', new_points: 2 })]);
    // The decision changed A's mark: 2 of the question's 4 points, the copy's score recomputed.
    expect(Number((await t.ctx.db.selectFrom('exam_attempts').select('score').where('id', '=', a.attempt).executeTakeFirstOrThrow()).score)).toBe(2);
    const closed = await call(tokenA, 'POST', `/api/student/case-messages/${caseId}/reply`, { text: 'Encore un mot' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Ce dossier est clos : vous ne pouvez plus y répondre.');
  }, 120_000);

  it('answers no student: every similarity route refuses a student’s session (403), found from the routes the server declares', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    expect(routes.every((r) => r.url.startsWith('/api/admin/'))).toBe(true);
    const st = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, st);
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await call(token, r.method, url, r.method === 'POST' ? { question_id: 1, attempt_ids: [1, 2], type: 'NOTE', text: 'x' } : undefined);
      expect(res.statusCode, `${r.method} ${url}`).toBe(403);
    }
    expect(staffId).toBeGreaterThan(0);
  });
});
