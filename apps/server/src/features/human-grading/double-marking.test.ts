// Double marking, publication and anonymity on the real database (docs/correction-humaine.md): a manager names two
// markers and a third under the rule SETTLE (1 point); each marker's queue carries only their own marks (never the
// other's); close marks give the mean at once, far ones stay pending until the third marker settles; the setup is
// locked once marking began; the student sees no mark, comment or score before publication, and the mark after it;
// anonymity lifts only once nothing is pending; the report and the journal say it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementReportSchema, disagreementsSchema, examShowResultSchema, gradingQueueSchema, markingStateSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { journalSentence } from '../exam-results';
import { unzip } from '../../lib/zip';
import { syncGrades } from '../lti';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
const staff: Record<'teacher' | 'a' | 'b' | 'c', { token: string; id: number }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  for (const [key, role] of [
    ['teacher', 'TEACHER'],
    ['a', 'TEACHER'],
    ['b', 'ADMIN'],
    ['c', 'TEACHER'],
  ] as const) {
    const u = await seedUser(t.ctx, role);
    await t.ctx.db.updateTable('users').set({ first_name: `Prénom${key.toUpperCase()}`, last_name: `Correcteur${key.toUpperCase()}` }).where('id', '=', u.id).execute();
    staff[key] = { token: await loginAs(t.app, u), id: u.id };
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

describe('double marking, publication and anonymity', () => {
  it('marks blind, applies the rule, settles, publishes on the teacher’s word and lifts anonymity after grading', async () => {
    const created = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', {
      type: 'ESSAY',
      statement: '<p>Discutez.</p>',
      points: 4,
      essay: { word_limit: null, response_template: null, grader_info: null },
    });
    expect(created.statusCode, created.body).toBe(200);
    const q = created.json().data as Question;
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Double correction', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 4 }).execute();
    const students: Array<{ token: string; id: number; text: string; name: string }> = [];
    for (const last of ['Arnaud', 'Blanc', 'Colin']) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      await t.ctx.db.updateTable('users').set({ last_name: last, first_name: 'Élève' }).where('id', '=', u.id).execute();
      const token = await loginAs(t.app, u);
      expect((await call(token, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
      const text = `Réponse de ${last}.`;
      expect((await call(token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { text } }] })).statusCode).toBe(200);
      expect((await call(token, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
      students.push({ token, id: u.id, text, name: `${last} Élève` });
    }
    const [s1, s2, s3] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const base = `/api/admin/exams/${e.id}/grading`;

    // The manager names the markers and the rule; a marker cannot.
    const state0 = markingStateSchema.parse((await call(staff.teacher.token, 'GET', `${base}/marking`)).json().data);
    expect(state0).toMatchObject({ manager: true, scopes: [], published: null, anonymity_lifted: null, pending: 3, locked: false });
    expect(state0.staff.map((x) => x.id)).toEqual(expect.arrayContaining([staff.a.id, staff.b.id, staff.c.id]));
    const bad = await call(staff.teacher.token, 'PUT', `${base}/marking`, { rule: 'SETTLE', settle_by: 'THIRD_MARKER', markers: [staff.a.id, staff.b.id] });
    expect(bad.statusCode).toBe(422);
    const setup = { rule: 'SETTLE', threshold: 1, settle_by: 'THIRD_MARKER', markers: [staff.a.id, staff.b.id], third: staff.c.id };
    const saved = await call(staff.teacher.token, 'PUT', `${base}/marking`, setup);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.scopes).toEqual([{ question_id: null, first: { id: staff.a.id, name: 'PrénomA CorrecteurA' }, second: { id: staff.b.id, name: 'PrénomB CorrecteurB' }, third: { id: staff.c.id, name: 'PrénomC CorrecteurC' } }]);
    expect((await call(staff.a.token, 'PUT', `${base}/marking`, setup)).statusCode).toBe(403);
    const aState = markingStateSchema.parse((await call(staff.a.token, 'GET', `${base}/marking`)).json().data);
    expect(aState).toMatchObject({ manager: false, staff: [], names: [], roles: [{ question_id: q.id, role: 'MARKER' }] });

    const queueOf = async (token: string) => gradingQueueSchema.parse((await call(token, 'GET', `${base}/questions/${q.id}`)).json().data);
    const copyOf = (queue: Awaited<ReturnType<typeof queueOf>>, text: string) => queue.copies.find((c) => c.text === text)!.copy;
    const url = (copy: number) => `${base}/questions/${q.id}/copies/${copy}`;
    const qa = await queueOf(staff.a.token);
    // The manager does not mark a double-marked question in the queue: they settle.
    expect((await call(staff.teacher.token, 'PUT', url(copyOf(qa, s1.text)), { points: 2, version: 0 })).statusCode).toBe(409);

    // Marker A marks the three copies.
    for (const [st, points] of [
      [s1, 3],
      [s2, 1],
      [s3, 2],
    ] as const) {
      const r = await call(staff.a.token, 'PUT', url(copyOf(qa, st.text)), { points, comment: `Avis A sur ${st.text}`, version: 0 });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await queueOf(staff.a.token)).counts).toEqual({ total: 3, graded: 3, left: 0 });
    // The setup is fixed once marking began.
    expect((await call(staff.teacher.token, 'PUT', `${base}/marking`, { ...setup, threshold: 3 })).statusCode).toBe(409);

    // Blind: B's queue carries none of A's marks or comments.
    const qb = await queueOf(staff.b.token);
    expect(qb.copies.every((c) => c.mark === null)).toBe(true);
    expect(JSON.stringify(qb)).not.toContain('Avis A');
    expect(qb.counts).toEqual({ total: 3, graded: 0, left: 3 });
    const overviewB = (await call(staff.b.token, 'GET', base)).json().data;
    expect(overviewB.questions[0].counts).toEqual({ total: 3, graded: 0, left: 3 });

    // Within 1 point: the mean at once (3 and 3.5 → 3.25). Over it: pending, a disagreement.
    expect((await call(staff.b.token, 'PUT', url(copyOf(qb, s1.text)), { points: 3.5, comment: 'Avis B', version: 0 })).statusCode).toBe(200);
    expect((await call(staff.b.token, 'PUT', url(copyOf(qb, s2.text)), { points: 3, version: 0 })).statusCode).toBe(200);
    const finals = await t.ctx.db.selectFrom('exam_marks').select(['attempt_id', 'points', 'comment']).where('question_id', '=', q.id).execute();
    expect(finals.map((f) => Number(f.points))).toEqual([3.25]);
    expect((await queueOf(staff.b.token)).copies.filter((c) => c.mark).map((c) => c.mark!.points).sort()).toEqual([3, 3.5]);
    // Once the final mark is set, the marker's own mark no longer changes.
    expect((await call(staff.a.token, 'PUT', url(copyOf(qa, s1.text)), { points: 4, version: 1 })).statusCode).toBe(409);
    // Two saves of the same version: one wins, the other 409 (the attempt's lock).
    const both = await Promise.all([
      call(staff.a.token, 'PUT', url(copyOf(qa, s3.text)), { points: 2, comment: `Avis A sur ${s3.text}`, version: 1 }),
      call(staff.a.token, 'PUT', url(copyOf(qa, s3.text)), { points: 2, comment: `Avis A sur ${s3.text}`, version: 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // The disagreement is listed for the manager only.
    expect((await call(staff.a.token, 'GET', `${base}/disagreements`)).statusCode).toBe(403);
    const dis = disagreementsSchema.parse((await call(staff.teacher.token, 'GET', `${base}/disagreements`)).json().data);
    expect(dis.items).toEqual([expect.objectContaining({ copy: copyOf(qa, s2.text), first: expect.objectContaining({ points: 1 }), second: expect.objectContaining({ points: 3 }), difference: 2 })]);

    // The third marker sees only that copy, blind, and settles it.
    const qc = await queueOf(staff.c.token);
    expect(qc.copies.map((c) => c.copy)).toEqual([copyOf(qa, s2.text)]);
    expect(qc.copies[0]!.mark).toBeNull();
    expect(JSON.stringify(qc)).not.toContain('Avis A');
    expect((await call(staff.c.token, 'PUT', url(copyOf(qa, s1.text)), { points: 1, version: 0 })).statusCode).toBe(409);
    const third = await call(staff.c.token, 'PUT', url(copyOf(qa, s2.text)), { points: 2.5, comment: 'Tranché : 2,5.', version: 0 });
    expect(third.statusCode, third.body).toBe(200);
    expect((await t.ctx.db.selectFrom('exam_marks').select('points').where('question_id', '=', q.id).execute()).map((f) => Number(f.points)).sort()).toEqual([2.5, 3.25]);

    // Before publication: no mark, no comment, no score for the student, « en attente ».
    const before = examShowResultSchema.parse((await call(s1.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(before).toMatchObject({ score: null, score_20: null, score_status: 'PENDING', pending_count: 1 });
    expect(before.questions[0]).toMatchObject({ state: 'PENDING', score: 0, details: { type: 'ESSAY', pending: true, comment: null } });
    const raw = JSON.stringify(before);
    expect(raw).not.toContain('Avis');
    expect(raw).not.toContain('3.25');
    // Nor on the exam's question page, should the student open it again.
    expect(JSON.stringify((await call(s1.token, 'GET', `/api/student/exams/${e.id}/questions`)).json())).not.toContain('Avis');
    const list = (await call(s1.token, 'GET', '/api/student/exams')).json().data;
    expect(list.find((x: { id: number }) => x.id === e.id).progress.validated).toBe(0);
    await t.ctx.db.updateTable('exams').set({ show_provisional_score: 1 }).where('id', '=', e.id).execute();
    expect(examShowResultSchema.parse((await call(s1.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data)).toMatchObject({ score: 0, score_status: 'PROVISIONAL' });

    // Anonymity lifts only once nothing is pending (s3 waits for B).
    const early = await call(staff.teacher.token, 'POST', `${base}/lift-anonymity`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('L’anonymat se lève une fois toutes les copies corrigées : 1 copie en attente.');
    expect((await call(staff.b.token, 'PUT', url(copyOf(qb, s3.text)), { points: 2, version: 0 })).statusCode).toBe(200);
    expect((await call(staff.a.token, 'POST', `${base}/lift-anonymity`)).statusCode).toBe(403);
    expect(markingStateSchema.parse((await call(staff.b.token, 'GET', `${base}/marking`)).json().data).names).toEqual([]);
    const lifted = await call(staff.teacher.token, 'POST', `${base}/lift-anonymity`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await call(staff.teacher.token, 'POST', `${base}/lift-anonymity`)).statusCode).toBe(409);
    const named = markingStateSchema.parse((await call(staff.a.token, 'GET', `${base}/marking`)).json().data);
    expect(named.names.map((n) => [n.copy, n.name]).sort()).toEqual(students.map((st) => [copyOf(qa, st.text), st.name]).sort());

    // Publication: the student reads the mark and the comments, the score final.
    const pub = await call(staff.teacher.token, 'POST', `${base}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ message: 'Notes publiées.', data: { pending: 0, copies: 3 } });
    expect((await call(staff.teacher.token, 'POST', `${base}/publish`)).statusCode).toBe(409);
    const after = examShowResultSchema.parse((await call(s1.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(after).toMatchObject({ score: 3.25, score_status: 'FINAL' });
    expect(after.questions[0]).toMatchObject({ state: 'VALIDATED', score: 3.25, details: { pending: false } });
    expect((after.questions[0]!.details as { comment: string }).comment).toContain('Avis B');

    // The agreement report: per question and per marker.
    const report = agreementReportSchema.parse((await call(staff.teacher.token, 'GET', `${base}/agreement`)).json().data);
    expect(report.questions).toEqual([{ question_id: q.id, position: 1, points: 4, pairs: 3, mean_difference: 0.83, max_difference: 2, agreed: 2, disagreements: 1, settled: 1, criteria: [] }]);
    expect(report.markers).toEqual([
      { name: 'PrénomA CorrecteurA', question_id: q.id, position: 1, graded: 3, mean_points: 2, mean_difference: -0.83 },
      { name: 'PrénomB CorrecteurB', question_id: q.id, position: 1, graded: 3, mean_points: 2.83, mean_difference: 0.83 },
    ]);

    // The journal of s2's copy: each marker's mark, the settled final mark, the anonymity lifted, the publication.
    const journal = (await call(staff.teacher.token, 'GET', `/api/admin/exams/${e.id}/attempts/${s2.id}/journal`)).json().data;
    expect(journal.intact).toBe(true);
    const types = journal.events.map((ev: { type: string }) => ev.type);
    expect(types.filter((x: string) => ['MARKER_MARK', 'MARK', 'ANONYMITY_LIFTED', 'MARKS_PUBLISHED'].includes(x))).toEqual(['MARKER_MARK', 'MARKER_MARK', 'MARKER_MARK', 'MARK', 'ANONYMITY_LIFTED', 'MARKS_PUBLISHED']);
    const pos = new Map([[q.id, 1]]);
    const sentence = (type: string) => journalSentence(journal.events.find((ev: { type: string }) => ev.type === type), pos);
    expect(sentence('MARK')).toBe('Note donnée par un correcteur, question 1, double correction, désaccord tranché par le troisième correcteur, notes des correcteurs 1 et 3, 2,5 sur 4, par PrénomC CorrecteurC, commentaire « Tranché : 2,5. »');
    expect(sentence('MARKER_MARK')).toMatch(/^Note d’un correcteur en double correction, question 1, correcteur 1, 1 sur 4, par PrénomA CorrecteurA/);
    expect(sentence('MARKS_PUBLISHED')).toBe('Notes publiées aux étudiants, par PrénomTEACHER CorrecteurTEACHER');
    expect(sentence('ANONYMITY_LIFTED')).toMatch(/^Anonymat des copies levé, copie n° \d+, par PrénomTEACHER CorrecteurTEACHER$/);
  }, 120_000);

  it('keeps the marks from LTI and the data archive until published, and single marking as before', async () => {
    const created = await call(staff.teacher.token, 'POST', '/api/admin/questions/create', { type: 'ESSAY', statement: '<p>Expliquez.</p>', points: 2, essay: { word_limit: null, response_template: null, grader_info: null } });
    const q = created.json().data as Question;
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Simple correction', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 2 }).execute();
    const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, u);
    await call(token, 'POST', `/api/student/exams/${e.id}/start`);
    await call(token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { text: 'Ma réponse.' } }] });
    await call(token, 'POST', `/api/student/exams/${e.id}/finish`);
    await t.ctx.db.updateTable('exam_attempts').set({ drafts_settled_at: new Date() }).where('user_id', '=', u.id).execute();
    // An LTI link bound to the exam, the student a member of it.
    const platform = await t.ctx.db
      .insertInto('lti_platforms')
      .values({ name: 'Moodle', issuer: `https://moodle.example/${e.id}`, client_id: 'c', auth_login_url: 'https://moodle.example/auth', token_url: 'https://moodle.example/token', jwks_url: 'https://moodle.example/jwks', registered_by: 'MANUAL' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await t.ctx.db
      .insertInto('lti_resource_links')
      .values({ platform_id: platform.id, resource_link_id: `rl-${e.id}`, deployment_id: 'd1', exam_id: e.id, lineitem_url: 'https://moodle.example/li/1' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('lti_link_members').values({ resource_link_pk: link.id, user_id: u.id } as never).execute();

    // Single marking: the teacher marks in the queue as before.
    const queue = gradingQueueSchema.parse((await call(staff.teacher.token, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    const marked = await call(staff.teacher.token, 'PUT', `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${queue.copies[0]!.copy}`, { points: 1.5, comment: 'Bien.', version: 0 });
    expect(marked.statusCode, marked.body).toBe(200);
    const grades = () => t.ctx.db.selectFrom('lti_grades').select('score_given').where('resource_link_pk', '=', link.id).execute();
    await syncGrades(t.ctx.db);
    expect(await grades()).toEqual([]);
    expect(JSON.stringify((await call(token, 'GET', `/api/student/exams/${e.id}/show`)).json())).not.toContain('Bien.');
    // The data archive of a closed exam: no mark, no comment, no score, no appeal file before publication.
    await t.ctx.db.updateTable('exams').set({ status: 'CLOSED' }).where('id', '=', e.id).execute();
    const archive = async () => {
      const files = unzip((await call(token, 'GET', '/api/student/my-data/archive')).rawPayload);
      const data = JSON.parse(files.get('mes-donnees.json')!.toString()) as { attempts: Array<{ exam: { id: number }; marks: unknown[]; marks_held: boolean; attempt: Record<string, unknown>; journal: Array<{ type: string }> }> };
      return { files: [...files.keys()], attempt: data.attempts.find((x) => x.exam.id === e.id)!, raw: files.get('mes-donnees.json')!.toString() };
    };
    const held = await archive();
    expect(held.attempt).toMatchObject({ marks: [], marks_held: true });
    expect(held.attempt.attempt.score).toBeUndefined();
    expect(held.attempt.journal.map((x) => x.type)).not.toContain('MARK');
    expect(held.raw).not.toContain('Bien.');
    expect(held.files.filter((f) => f.startsWith('copies/'))).toEqual([]);
    // Published with nothing pending: the confirmation counts 0; LTI sends the mark.
    const pub = await call(staff.teacher.token, 'POST', `/api/admin/exams/${e.id}/grading/publish`);
    expect(pub.json().data).toMatchObject({ pending: 0, copies: 1 });
    await syncGrades(t.ctx.db);
    expect((await grades()).map((g) => Number(g.score_given))).toEqual([1.5]);
    expect(examShowResultSchema.parse((await call(token, 'GET', `/api/student/exams/${e.id}/show`)).json().data).questions[0]!.details).toMatchObject({ comment: 'Bien.' });
    const shown = await archive();
    expect(shown.attempt).toMatchObject({ marks: [expect.objectContaining({ points: 1.5, comment: 'Bien.' })], marks_held: false });
    expect(shown.attempt.journal.map((x) => x.type)).toContain('MARK');
    expect(shown.files.filter((f) => f.startsWith('copies/'))).toHaveLength(1);
  }, 120_000);
});
