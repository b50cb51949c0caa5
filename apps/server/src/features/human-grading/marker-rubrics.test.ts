// Double marking with a rubric and annotations on the real database (docs/correction-humaine.md « Double correction »):
// each marker's rubric levels, comment, text annotations and file annotations are kept in their own mark and read by
// them alone (the other marker's queue, the answer to a save, the student's copy carry none of them) until the final
// mark, which takes the levels both chose (or the mean of a criterion's points, or the settling person's levels) and
// every marker's annotations, each saying who made it; the student reads them once the marks are published. A FILE
// question carries the same rubric as an essay (never in the student's shape); the agreement report gives, per
// criterion, each marker's mean points and the mean absolute difference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementReportSchema, disagreementsSchema, EXAM_RESULTS_TEXTS, examShowResultSchema, gradingQueueSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { unzip } from '../../lib/zip';
import { journalSentence } from '../exam-results';
import { syncGrades } from '../lti';
import { TWO_CRITERIA_RUBRIC as RUBRIC } from '../../../test/fixtures/rubrics';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
const staff: Record<'teacher' | 'a' | 'b', { token: string; id: number }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  for (const key of ['teacher', 'a', 'b'] as const) {
    const u = await seedUser(t.ctx, 'TEACHER');
    await t.ctx.db.updateTable('users').set({ first_name: `Prénom${key.toUpperCase()}`, last_name: `Correcteur${key.toUpperCase()}` }).where('id', '=', u.id).execute();
    staff[key] = { token: await loginAs(t.app, u), id: u.id };
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const choose = (arg: string, red: string) => [
  { criterion_id: 'arg', level_id: arg, points: null },
  { criterion_id: 'red', level_id: red, points: null },
];

async function examWith(q: Question, title: string) {
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title, academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 4 }).execute();
  return e.id;
}

async function student(last: string) {
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  await t.ctx.db.updateTable('users').set({ last_name: last, first_name: 'Élève' }).where('id', '=', u.id).execute();
  return { id: u.id, token: await loginAs(t.app, u) };
}

describe('double marking with a rubric', () => {
  it('keeps each marker’s levels and annotations blind, merges them in the final mark, and reports per criterion', async () => {
    const created = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', {
      type: 'ESSAY',
      statement: '<p>Discutez la thèse.</p>',
      points: 4,
      essay: { word_limit: null, response_template: null, grader_info: null, rubric: RUBRIC },
    });
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().data as Question;
    const examId = await examWith(q, 'Dissertation en double correction');
    const texts = ['Première réponse argumentée.', 'Seconde réponse confuse.'];
    const students = [];
    for (const [i, text] of texts.entries()) {
      const st = await student(`Élève${i}`);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/start`)).statusCode).toBe(200);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/solutions`, { answers: [{ question_id: q.id, answer: { text } }] })).statusCode).toBe(200);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/finish`)).statusCode).toBe(200);
      students.push({ ...st, text });
    }
    const [s1, s2] = students as [(typeof students)[0], (typeof students)[0]];
    const base = `/api/admin/exams/${examId}/grading`;
    const setup = await call(staff.teacher.token, 'PUT', `${base}/marking`, { rule: 'SETTLE', threshold: 1, settle_by: 'TEACHER', markers: [staff.a.id, staff.b.id] });
    expect(setup.statusCode, setup.body).toBe(200);

    const queueOf = async (token: string) => gradingQueueSchema.parse((await call(token, 'GET', `${base}/questions/${q.id}`)).json().data);
    const qa = await queueOf(staff.a.token);
    expect(qa.question.rubric?.criteria.map((c) => c.title)).toEqual(['Argumentation', 'Rédaction']);
    const copyOf = (text: string) => qa.copies.find((c) => c.text === text)!.copy;
    const url = (copy: number) => `${base}/questions/${q.id}/copies/${copy}`;
    const note = (text: string, word: string, comment: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length, quote: word, comment });

    // A marks both copies with the rubric and an annotation each.
    const a1 = await call(staff.a.token, 'PUT', url(copyOf(s1.text)), { points: 0, comment: 'Avis A1', version: 0, rubric: choose('arg2', 'red1'), annotations: [note(s1.text, 'argumentée', 'Note A1')] });
    expect(a1.statusCode, a1.body).toBe(200);
    expect(a1.json().data.mark).toMatchObject({ points: 4, levels: [expect.objectContaining({ level: 'Complète' }), expect.objectContaining({ level: 'Limpide' })], annotations: [expect.objectContaining({ comment: 'Note A1' })] });
    expect((await call(staff.a.token, 'PUT', url(copyOf(s2.text)), { points: 0, version: 0, rubric: choose('arg0', 'red0'), annotations: [note(s2.text, 'confuse', 'Note A2')] })).statusCode).toBe(200);
    // A reads their own levels and annotations back.
    const mineA = (await queueOf(staff.a.token)).copies.find((c) => c.copy === copyOf(s1.text))!;
    expect(mineA.mark?.levels?.map((l) => l.level_id)).toEqual(['arg2', 'red1']);
    expect(mineA.mark?.annotations?.map((x) => x.comment)).toEqual(['Note A1']);

    // Blind: B's queue carries none of A's levels, comments or annotations; nor does the student's copy.
    const qb = await queueOf(staff.b.token);
    expect(qb.copies.map((c) => c.mark)).toEqual([null, null]);
    expect(JSON.stringify(qb.copies)).not.toMatch(/Note A|Avis A|arg2|Complète/);
    const showOf = async (token: string) => (await call(token, 'GET', `/api/student/exams/${examId}/show`)).json();
    expect(JSON.stringify(await showOf(s1.token))).not.toMatch(/Note A|Avis A|Complète|Limpide/);
    // Nor the copy's journal as B reads it (the teacher, named nowhere, reads it whole).
    const journalAs = async (token: string, userId: number) => (await call(token, 'GET', `/api/admin/exams/${examId}/attempts/${userId}/journal`)).json().data as { events: Array<{ type: string }> };
    const seenByB = await journalAs(staff.b.token, s1.id);
    expect(seenByB.events.filter((ev) => ev.type === 'MARKER_MARK')).toEqual([]);
    expect(JSON.stringify(seenByB)).not.toMatch(/Note A|Avis A/);
    expect((await journalAs(staff.teacher.token, s1.id)).events.filter((ev) => ev.type === 'MARKER_MARK')).toHaveLength(1);
    // Nor its appeal file, which holds the whole journal: refused to B until the copy's final mark, never to the teacher.
    const appealAs = (token: string, userId: number) => call(token, 'GET', `/api/admin/exam-results/${examId}/students/${userId}/appeal`);
    const refused = await appealAs(staff.b.token, s1.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EXAM_RESULTS_TEXTS.appealWhileBlind);
    expect((await appealAs(staff.a.token, s1.id)).statusCode).toBe(409);
    const whole = await appealAs(staff.teacher.token, s1.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');

    // B marks s1 within 1 point (3 against 4): the mean, 3.5; B's answer carries only B's own.
    const b1 = await call(staff.b.token, 'PUT', url(copyOf(s1.text)), { points: 0, comment: 'Avis B1', version: 0, rubric: choose('arg1', 'red1'), annotations: [note(s1.text, 'Première', 'Note B1')] });
    expect(b1.statusCode, b1.body).toBe(200);
    expect(JSON.stringify(b1.json())).not.toMatch(/Note A|Avis A|Complète/);
    const final1 = await t.ctx.db.selectFrom('exam_marks').select(['points', 'rubric_levels', 'annotations']).where('question_id', '=', q.id).executeTakeFirstOrThrow();
    expect(Number(final1.points)).toBe(3.5);
    // The level both chose stays (Limpide); where they differ, the mean of the criterion's points, no level named.
    expect(final1.rubric_levels).toEqual([
      { criterion_id: 'arg', criterion: 'Argumentation', level_id: null, level: null, level_description: null, points: 1.5, max: 2 },
      { criterion_id: 'red', criterion: 'Rédaction', level_id: 'red1', level: 'Limpide', level_description: null, points: 2, max: 2 },
    ]);
    expect((final1.annotations as Array<{ comment: string; by: string }>).map((x) => [x.comment, x.by])).toEqual([
      ['Note B1', 'Correcteur 2'],
      ['Note A1', 'Correcteur 1'],
    ]);
    // Still blind after the mean: B's queue shows B's own mark only.
    expect(JSON.stringify((await queueOf(staff.b.token)).copies)).not.toMatch(/Note A|Avis A/);
    // s1 has its final mark: its appeal file opens to B; s2's, still to mark, does not.
    expect((await appealAs(staff.b.token, s1.id)).statusCode).toBe(200);
    expect((await appealAs(staff.b.token, s2.id)).statusCode).toBe(409);

    // s2: 0 against 4, a disagreement; the disagreements list shows the manager each marker's levels.
    expect((await call(staff.b.token, 'PUT', url(copyOf(s2.text)), { points: 0, version: 0, rubric: choose('arg2', 'red1') })).statusCode).toBe(200);
    const dis = disagreementsSchema.parse((await call(staff.teacher.token, 'GET', `${base}/disagreements`)).json().data);
    expect(dis.items[0]!.first.levels?.map((l) => l.level_id)).toEqual(['arg0', 'red0']);
    expect(dis.items[0]!.second.levels?.map((l) => l.level_id)).toEqual(['arg2', 'red1']);
    // The rubric in effect comes with it: the settlement may choose its levels.
    expect(dis.items[0]!.rubric?.criteria.map((c) => c.id)).toEqual(['arg', 'red']);
    // And the copy's text, which the settling person may annotate (a marker, blind, gets no list at all).
    expect(dis.items[0]!.text).toBe(s2.text);
    expect((await call(staff.a.token, 'GET', `${base}/disagreements`)).statusCode).toBe(403);
    // The teacher settles with the rubric (an incomplete rubric is refused) and an annotation of their own.
    const incomplete = await call(staff.teacher.token, 'POST', `${url(copyOf(s2.text))}/settle`, { points: 0, version: 0, rubric: [{ criterion_id: 'arg', level_id: 'arg1', points: null }] });
    expect(incomplete.statusCode).toBe(422);
    const settled = await call(staff.teacher.token, 'POST', `${url(copyOf(s2.text))}/settle`, { points: 0, comment: 'Tranché.', version: 0, rubric: choose('arg1', 'red1'), annotations: [note(s2.text, 'Seconde', 'Note T2')] });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.mark).toMatchObject({ points: 3, levels: [expect.objectContaining({ level: 'Partielle' }), expect.objectContaining({ level: 'Limpide' })] });
    expect((settled.json().data.mark.annotations as Array<{ comment: string; by: string }>).map((x) => [x.comment, x.by])).toEqual([
      ['Note T2', 'Enseignant'],
      ['Note A2', 'Correcteur 1'],
    ]);

    // Before publication the student reads nothing of it.
    const held = JSON.stringify(await showOf(s2.token));
    expect(held).not.toMatch(/Note A|Note T|Partielle|Limpide|Correcteur/);

    // The journal: each marker's levels and annotations in their MARKER_MARK, the final ones in the MARK.
    const journal = (await call(staff.teacher.token, 'GET', `/api/admin/exams/${examId}/attempts/${s1.id}/journal`)).json().data;
    const markerEvents = journal.events.filter((ev: { type: string }) => ev.type === 'MARKER_MARK');
    expect(markerEvents.map((ev: { data: { rubric_levels: Array<{ level_id: string }>; annotations: Array<{ comment: string }> } }) => [ev.data.rubric_levels.map((l) => l.level_id), ev.data.annotations.map((x) => x.comment)])).toEqual([
      [['arg2', 'red1'], ['Note A1']],
      [['arg1', 'red1'], ['Note B1']],
    ]);
    // The appeal file says them too.
    expect(journalSentence(markerEvents[0], new Map([[q.id, 1]]))).toContain('grille : Argumentation « Complète » 2 sur 2, Rédaction « Limpide » 2 sur 2, 1 annotation : « argumentée » : « Note A1 »');
    const markEvent = journal.events.find((ev: { type: string }) => ev.type === 'MARK');
    expect(markEvent.data).toMatchObject({ rule: 'MEAN', points: 3.5, rubric_levels: [expect.objectContaining({ points: 1.5 }), expect.objectContaining({ level: 'Limpide' })] });

    // The agreement report, per criterion: A gave Argumentation 2 and 0 (mean 1), B 1 and 2 (1.5), |1| and |2| → 1.5;
    // Rédaction: A 2 and 0 (1), B 2 and 2 (2), |0| and |2| → 1.
    const report = agreementReportSchema.parse((await call(staff.teacher.token, 'GET', `${base}/agreement`)).json().data);
    expect(report.questions[0]!.criteria).toEqual([
      { criterion_id: 'arg', criterion: 'Argumentation', max: 2, pairs: 2, means: [{ name: 'PrénomA CorrecteurA', mean_points: 1 }, { name: 'PrénomB CorrecteurB', mean_points: 1.5 }], mean_difference: 1.5 },
      { criterion_id: 'red', criterion: 'Rédaction', max: 2, pairs: 2, means: [{ name: 'PrénomA CorrecteurA', mean_points: 1 }, { name: 'PrénomB CorrecteurB', mean_points: 2 }], mean_difference: 1 },
    ]);

    // Published: the student reads the final mark's levels and annotations, each saying who made it.
    expect((await call(staff.teacher.token, 'POST', `${base}/publish`)).statusCode).toBe(200);
    const shown = examShowResultSchema.parse((await showOf(s1.token)).data).questions[0]!.details as { levels: Array<{ level: string | null; points: number }>; annotations: Array<{ comment: string; by?: string }> };
    expect(shown.levels.map((l) => [l.level, l.points])).toEqual([
      [null, 1.5],
      ['Limpide', 2],
    ]);
    expect(shown.annotations.map((x) => [x.comment, x.by])).toEqual([
      ['Note B1', 'Correcteur 2'],
      ['Note A1', 'Correcteur 1'],
    ]);

    // The student's data archive (exam closed, marks published): each marker's mark with their levels and annotations.
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', examId).execute();
    const files = unzip((await call(s1.token, 'GET', '/api/student/my-data/archive')).rawPayload);
    const data = JSON.parse(files.get('mes-donnees.json')!.toString()) as { attempts: Array<{ exam: { id: number }; marker_marks: Array<{ marker: number; rubric_levels: Array<{ level_id: string }>; annotations: Array<{ comment: string }> }> }> };
    const own = data.attempts.find((x) => x.exam.id === examId)!.marker_marks;
    expect(own.map((m) => [m.marker, m.rubric_levels.map((l) => l.level_id), m.annotations.map((x) => x.comment)])).toEqual([
      [1, ['arg2', 'red1'], ['Note A1']],
      [2, ['arg1', 'red1'], ['Note B1']],
    ]);
  }, 120_000);

  it('grades a FILE question with the essay’s rubric, each marker’s file annotations their own until the final mark', async () => {
    const created = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', {
      type: 'FILE',
      statement: '<p>Déposez votre figure.</p>',
      points: 4,
      file_answer: { accepted: ['PNG'], max_files: 1, max_size_mb: 1, grader_info: null, rubric: RUBRIC },
    });
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().data as Question;
    expect(q.file_answer?.rubric?.criteria.map((c) => c.id)).toEqual(['arg', 'red']);
    // A rubric checked as an essay's: a level without label is refused in French.
    const bad = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', {
      type: 'FILE',
      statement: '<p>Autre.</p>',
      points: 4,
      file_answer: { rubric: { criteria: [{ id: 'x', title: 'Figure', levels: [{ id: 'x0', label: '', points: 1 }] }] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Chaque niveau a un libellé.');

    const examId = await examWith(q, 'Figure en double correction');
    const st = await student('Figure');
    expect((await call(st.token, 'POST', `/api/student/exams/${examId}/start`)).statusCode).toBe(200);
    // The student's shape of the question never carries the rubric.
    expect(JSON.stringify((await call(st.token, 'GET', `/api/student/exams/${examId}/questions`)).json())).not.toMatch(/Argumentation|rubric/);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----examfigure';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="figure.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject(authed(st.token, { method: 'POST', url: `/api/student/exams/${examId}/questions/${q.id}/files`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
    expect(up.statusCode, up.body).toBe(200);
    const fileId: number = up.json().data.id;
    expect((await call(st.token, 'POST', `/api/student/exams/${examId}/solutions`, { answers: [{ question_id: q.id, answer: { files: [fileId] } }] })).statusCode).toBe(200);
    expect((await call(st.token, 'POST', `/api/student/exams/${examId}/finish`)).statusCode).toBe(200);

    const base = `/api/admin/exams/${examId}/grading`;
    expect((await call(staff.teacher.token, 'PUT', `${base}/marking`, { rule: 'MEAN', settle_by: 'TEACHER', markers: [staff.a.id, staff.b.id] })).statusCode).toBe(200);
    const queueOf = async (token: string) => gradingQueueSchema.parse((await call(token, 'GET', `${base}/questions/${q.id}`)).json().data);
    const qa = await queueOf(staff.a.token);
    expect(qa.question.rubric?.criteria.map((c) => c.title)).toEqual(['Argumentation', 'Rédaction']);
    const copy = qa.copies[0]!.copy;
    const notes = `${base}/questions/${q.id}/copies/${copy}/file-annotations`;

    // A annotates the figure and marks it with the rubric.
    const noteA = await call(staff.a.token, 'POST', notes, { file_id: fileId, shape: 'BOX', x: 10, y: 10, width: 30, height: 30, comment: 'Cadre A' });
    expect(noteA.statusCode, noteA.body).toBe(200);
    const idA: number = noteA.json().data[0].id;
    expect((await call(staff.a.token, 'PUT', `${base}/questions/${q.id}/copies/${copy}`, { points: 0, comment: 'Avis A', version: 0, rubric: choose('arg2', 'red1') })).statusCode).toBe(200);
    // Nothing of it in the student's copy before the final mark.
    expect(JSON.stringify((await call(st.token, 'GET', `/api/student/exams/${examId}/show`)).json())).not.toMatch(/Cadre|Avis|Complète/);

    // B sees none of A's: no mark, no file annotation; B's own annotation comes back alone; A's is not B's to remove.
    const qb = await queueOf(staff.b.token);
    expect(qb.copies[0]!.mark).toBeNull();
    expect(qb.copies[0]!.file_annotations).toEqual([]);
    expect(JSON.stringify(qb.copies)).not.toMatch(/Cadre A|Avis A|arg2/);
    const noteB = await call(staff.b.token, 'POST', notes, { file_id: fileId, x: 50, y: 50, comment: 'Point B' });
    expect(noteB.statusCode, noteB.body).toBe(200);
    expect(noteB.json().data.map((n: { comment: string }) => n.comment)).toEqual(['Point B']);
    expect((await call(staff.b.token, 'DELETE', `${notes}/${idA}`)).statusCode).toBe(404);
    // Nor does the copy's journal as B reads it.
    expect(JSON.stringify((await call(staff.b.token, 'GET', `/api/admin/exams/${examId}/attempts/${st.id}/journal`)).json())).not.toMatch(/Cadre A|Avis A/);
    // A's queue, in turn, holds A's annotation only.
    expect((await queueOf(staff.a.token)).copies[0]!.file_annotations!.map((n) => n.comment)).toEqual(['Cadre A']);

    // B marks: the mean (4 and 2 → 3) with the level both chose and the mean of the other criterion.
    const b = await call(staff.b.token, 'PUT', `${base}/questions/${q.id}/copies/${copy}`, { points: 0, version: 0, rubric: choose('arg2', 'red0') });
    expect(b.statusCode, b.body).toBe(200);
    const final = await t.ctx.db.selectFrom('exam_marks').select(['points', 'rubric_levels']).where('question_id', '=', q.id).executeTakeFirstOrThrow();
    expect(Number(final.points)).toBe(3);
    expect((final.rubric_levels as Array<{ level: string | null; points: number }>).map((l) => [l.level, l.points])).toEqual([
      ['Complète', 2],
      [null, 1],
    ]);
    // The final mark fixed, a marker's annotations no longer change.
    expect((await call(staff.a.token, 'POST', notes, { file_id: fileId, x: 5, y: 5, comment: 'Trop tard' })).statusCode).toBe(409);
    // The manager reads every annotation, each saying which marker made it.
    const managed = (await queueOf(staff.teacher.token)).copies[0]!.file_annotations!.map((n) => [n.comment, n.by]);
    expect(managed).toEqual([
      ['Cadre A', 'Correcteur 1'],
      ['Point B', 'Correcteur 2'],
    ]);
    // Unpublished: the student still reads nothing of it.
    expect(JSON.stringify((await call(st.token, 'GET', `/api/student/exams/${examId}/show`)).json())).not.toMatch(/Cadre|Point B|Correcteur|Complète/);

    // Published: the final mark's levels and both markers' annotations, each saying who.
    expect((await call(staff.teacher.token, 'POST', `${base}/publish`)).statusCode).toBe(200);
    const shown = examShowResultSchema.parse((await call(st.token, 'GET', `/api/student/exams/${examId}/show`)).json().data);
    expect(shown).toMatchObject({ score: 3, score_status: 'FINAL' });
    const details = shown.questions[0]!.details as { levels: Array<{ level: string | null }>; file_annotations: Array<{ comment: string; by?: string }> };
    expect(details.levels.map((l) => l.level)).toEqual(['Complète', null]);
    expect(details.file_annotations.map((n) => [n.comment, n.by])).toEqual([
      ['Cadre A', 'Correcteur 1'],
      ['Point B', 'Correcteur 2'],
    ]);
  }, 120_000);

  it('a changed rubric re-scores each marker’s mark, then the final mark by the rule: a settlement re-scored, a mean taken anew or withdrawn to settle', async () => {
    const essay = (rubric: typeof RUBRIC) => ({ type: 'ESSAY', statement: '<p>Commentez le texte.</p>', points: 4, essay: { word_limit: null, response_template: null, grader_info: null, rubric } });
    const created = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', essay(RUBRIC));
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().data as Question;
    const examId = await examWith(q, 'Commentaire, barème modifié');
    // Pinned as a publication pins: the question's version of now.
    const pinned = await t.ctx.db.selectFrom('question_versions').select('id').where('question_id', '=', q.id).orderBy('number', 'desc').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('exam_questions').set({ question_version_id: pinned.id }).where('exam_id', '=', examId).execute();
    const texts = ['Un commentaire nuancé.', 'Un commentaire discuté.', 'Un commentaire bref.'];
    const students = [];
    for (const [i, text] of texts.entries()) {
      const st = await student(`Barème${i}`);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/start`)).statusCode).toBe(200);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/solutions`, { answers: [{ question_id: q.id, answer: { text } }] })).statusCode).toBe(200);
      expect((await call(st.token, 'POST', `/api/student/exams/${examId}/finish`)).statusCode).toBe(200);
      students.push({ ...st, text });
    }
    const [near, settled, low] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const base = `/api/admin/exams/${examId}/grading`;
    expect((await call(staff.teacher.token, 'PUT', `${base}/marking`, { rule: 'SETTLE', threshold: 1, settle_by: 'TEACHER', markers: [staff.a.id, staff.b.id] })).statusCode).toBe(200);
    const queue = gradingQueueSchema.parse((await call(staff.a.token, 'GET', `${base}/questions/${q.id}`)).json().data);
    const copyOf = (text: string) => queue.copies.find((c) => c.text === text)!.copy;
    const url = (text: string) => `${base}/questions/${q.id}/copies/${copyOf(text)}`;
    const mark = async (who: 'a' | 'b', text: string, arg: string, red: string) =>
      expect((await call(staff[who].token, 'PUT', url(text), { points: 0, version: 0, rubric: choose(arg, red) })).statusCode).toBe(200);
    // near: 4 and 3, the mean 3.5. settled: 0 and 4, settled by the teacher at 3 (Partielle, Limpide). low: 1 and 0, the mean 0.5.
    await mark('a', near.text, 'arg2', 'red1');
    await mark('b', near.text, 'arg1', 'red1');
    await mark('a', settled.text, 'arg0', 'red0');
    await mark('b', settled.text, 'arg2', 'red1');
    expect((await call(staff.teacher.token, 'POST', `${url(settled.text)}/settle`, { points: 0, version: 0, rubric: choose('arg1', 'red1') })).statusCode).toBe(200);
    await mark('a', low.text, 'arg1', 'red0');
    await mark('b', low.text, 'arg0', 'red0');
    const finals = async () =>
      new Map(
        (await t.ctx.db.selectFrom('exam_marks').select(['attempt_id', 'points', 'rubric_levels']).where('question_id', '=', q.id).execute()).map((m) => [m.attempt_id, { points: Number(m.points), levels: m.rubric_levels as Array<{ level: string | null; points: number }> }]),
      );
    const attemptOf = async (userId: number) => (await t.ctx.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const [aNear, aSettled, aLow] = [await attemptOf(near.id), await attemptOf(settled.id), await attemptOf(low.id)];
    const before = await finals();
    expect([before.get(aNear)?.points, before.get(aSettled)?.points, before.get(aLow)?.points]).toEqual([3.5, 3, 0.5]);
    expect((await call(staff.teacher.token, 'POST', `${base}/publish`)).statusCode).toBe(200);
    // The exam is a Moodle activity the near copy's student launched: the published mean goes to its grade book.
    await t.ctx.db.updateTable('exam_attempts').set({ drafts_settled_at: new Date() }).where('exam_id', '=', examId).execute();
    const platform = await t.ctx.db
      .insertInto('lti_platforms')
      .values({ name: 'Moodle', issuer: `https://moodle.example/${examId}`, client_id: 'c', auth_login_url: 'https://moodle.example/auth', token_url: 'https://moodle.example/token', jwks_url: 'https://moodle.example/jwks', registered_by: 'MANUAL' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await t.ctx.db
      .insertInto('lti_resource_links')
      .values({ platform_id: platform.id, resource_link_id: `rl-${examId}`, deployment_id: 'd1', exam_id: examId, lineitem_url: 'https://moodle.example/li/1' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('lti_link_members').values({ resource_link_pk: link.id, user_id: near.id } as never).execute();
    const ltiGrade = async () => {
      await syncGrades(t.ctx.db);
      const g = await t.ctx.db.selectFrom('lti_grades').select(['score_given', 'state']).where('resource_link_pk', '=', link.id).executeTakeFirstOrThrow();
      return { score: g.score_given === null ? null : Number(g.score_given), state: g.state };
    };
    expect(await ltiGrade()).toEqual({ score: 3.5, state: 'PENDING' });
    await t.ctx.db.updateTable('lti_grades').set({ state: 'SENT', sent_score: 3.5 }).where('resource_link_pk', '=', link.id).execute();

    // The teacher makes a partial argumentation worth nothing (the total stays 4).
    const edited = { ...RUBRIC, criteria: [{ ...RUBRIC.criteria[0]!, levels: RUBRIC.criteria[0]!.levels.map((l) => (l.id === 'arg1' ? { ...l, points: 0 } : l)) }, RUBRIC.criteria[1]!] };
    const full = (await call(staff.teacher.token, 'GET', `/api/admin/questions/${q.id}/show`)).json().data as Question;
    expect((await call(staff.teacher.token, 'PUT', `/api/admin/questions/${q.id}/update`, { ...essay(edited), version: full.version })).statusCode).toBe(200);
    const applied = await call(staff.teacher.token, 'POST', `${base}/questions/${q.id}/rubric/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    // near: B's mark 3 → 2, now 2 points from A's 4: the mean is withdrawn, to settle. settled: the settlement's own
    // levels, 3 → 2. low: A's 1 → 0, the mean 0.5 → 0.
    expect(applied.json().data).toEqual({ rescored: 3, changed: 3, to_review: 0, to_settle: 1 });
    expect(applied.json().message).toBe('3 copies ont changé de note. 1 copie est de nouveau à trancher : les deux notes recalculées s’écartent de plus que l’écart permis.');
    const after = await finals();
    expect(after.has(aNear)).toBe(false);
    expect(after.get(aSettled)).toMatchObject({ points: 2, levels: [expect.objectContaining({ level: 'Partielle', points: 0 }), expect.objectContaining({ level: 'Limpide', points: 2 })] });
    expect(after.get(aLow)?.points).toBe(0);
    const markerPoints = async (attemptId: number) =>
      (await t.ctx.db.selectFrom('exam_marker_marks').select(['slot', 'points', 'version']).where('attempt_id', '=', attemptId).orderBy('slot').execute()).map((m) => [m.slot, Number(m.points), m.version]);
    expect(await markerPoints(aNear)).toEqual([
      [1, 4, 1],
      [2, 2, 2],
    ]);
    expect(await markerPoints(aLow)).toEqual([
      [1, 0, 2],
      [2, 0, 1],
    ]);

    // The withdrawn copy is a disagreement to settle again, with each marker's re-scored mark.
    const dis = disagreementsSchema.parse((await call(staff.teacher.token, 'GET', `${base}/disagreements`)).json().data);
    expect(dis.items.map((d) => [d.copy, d.first.points, d.second.points])).toEqual([[copyOf(near.text), 4, 2]]);
    // Its student reads it pending again: no score for it, none of the withdrawn mean's levels.
    const shown = examShowResultSchema.parse((await call(near.token, 'GET', `/api/student/exams/${examId}/show`)).json().data);
    expect(shown.questions[0]!.details).toMatchObject({ pending: true, comment: null });
    expect(JSON.stringify(shown.questions[0]!.details)).not.toMatch(/levels|Limpide/);
    // Blind again: B's journal of the copy holds B's own marks only (not the mean withdrawn, which named A's points).
    const seenByB = (await call(staff.b.token, 'GET', `/api/admin/exams/${examId}/attempts/${near.id}/journal`)).json().data as { events: Array<{ type: string; data: Record<string, unknown> }> };
    expect(seenByB.events.filter((e) => e.type === 'MARK')).toEqual([]);
    expect(seenByB.events.filter((e) => e.type === 'MARKER_MARK').map((e) => [e.data.slot, e.data.points, e.data.reason ?? null])).toEqual([
      [2, 3, null],
      [2, 2, 'RUBRIC_CHANGED'],
    ]);
    // The teacher's journal says it, as the appeal file does.
    const whole = (await call(staff.teacher.token, 'GET', `/api/admin/exams/${examId}/attempts/${near.id}/journal`)).json().data as { events: Array<{ type: string; data: Record<string, unknown> }> };
    const withdrawn = whole.events.filter((e) => e.type === 'MARK').at(-1)!;
    expect(withdrawn.data).toMatchObject({ withdrawn: true, previous_points: 3.5, marker_points: [4, 2], reason: 'RUBRIC_CHANGED' });
    expect(journalSentence(withdrawn as never, new Map([[q.id, 1]]))).toContain('note moyenne retirée');
    // Moodle's grade is withdrawn too (the platform is told it awaits correction: features/lti/ags.ts).
    expect(await ltiGrade()).toEqual({ score: null, state: 'PENDING' });
    // Settled anew by the teacher; the new mark goes to Moodle.
    const again = await call(staff.teacher.token, 'POST', `${url(near.text)}/settle`, { points: 3, version: 0 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await finals()).get(aNear)?.points).toBe(3);
    expect(await ltiGrade()).toEqual({ score: 3, state: 'PENDING' });
  }, 120_000);
});
