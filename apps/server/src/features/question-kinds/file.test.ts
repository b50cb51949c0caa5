// FILE (réponse par fichier) end to end on the real database: the kind's settings (grader information never in the
// student shape), uploads during the attempt (type checked by content: a renamed executable is refused; the size and
// count limits; the attempt open), files never served to another student (even of the same exam) but to their owner
// and to staff, the answer pending « en attente de correction », the grading queue with the copy's files and a PDF's
// pages rendered, annotations (a point, a box) read by the student with their mark, the Moodle essay noinline
// import, and the student's data: the archive holds the files, an erasure removes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examShowResultSchema, gradingQueueSchema, takingQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { journalSentence } from '../exam-results';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);

function multipart(filename: string, content: Buffer) {
  const boundary = `----exam${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string, examId: number, questionId: number, name: string, content: Buffer) => {
  const m = multipart(name, content);
  return t.app.inject(authed(token, { method: 'POST', url: `/api/student/exams/${examId}/questions/${questionId}/files`, payload: m.payload, headers: m.headers }));
};

const SECRET = 'Barème : la figure compte pour 2 points';

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

describe('FILE questions', () => {
  it('keeps its settings within bounds, and shows a student the limits, never the grader information', async () => {
    const q = await create({ type: 'FILE', statement: '<p>Photographiez votre figure.</p>', points: 4, file_answer: { accepted: ['PDF', 'PNG'], max_files: 2, max_size_mb: 1, grader_info: SECRET } });
    expect(q.file_answer).toEqual({ accepted: ['PDF', 'PNG'], max_files: 2, max_size_mb: 1, grader_info: SECRET, rubric: null });
    const over = await call(teacher, 'POST', '/api/admin/questions/create', { type: 'FILE', statement: '<p>x</p>', file_answer: { max_files: 11, max_size_mb: 500 } });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['file_answer.max_files'][0]).toMatch(/entre 1 et 10/);
    expect(over.json().errors['file_answer.max_size_mb'][0]).toMatch(/entre 1 et 20/);
    const preview = await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`);
    expect(preview.json().data.question.file_answer).toEqual({ accepted: ['PDF', 'PNG'], max_files: 2, max_size_mb: 1 });
    expect(JSON.stringify(preview.json().data)).not.toContain('Barème');
    // Another kind keeps none.
    expect((await create({ type: 'EXACT', statement: '<p>2+2</p>', possible_solutions: [{ content: '4' }], file_answer: { max_files: 2 } })).file_answer).toBeNull();
  });

  it('imports a Moodle essay answered by files only as a file answer', async () => {
    const xml = `<?xml version="1.0"?><quiz><question type="essay"><name><text>Figure</text></name><questiontext format="html"><text>Joignez votre figure.</text></questiontext>
      <defaultgrade>2</defaultgrade><responseformat>noinline</responseformat><attachments>3</attachments><maxbytes>2097152</maxbytes><filetypeslist>.pdf .png</filetypeslist>
      <graderinfo format="plain_text"><text>Voir le corrigé</text></graderinfo></question></quiz>`;
    const boundary = '----moodle';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.xml"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`);
    const res = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/questions/import?confirm=1', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
    expect(res.statusCode, res.body).toBe(200);
    const ids: number[] = res.json().data.question_ids;
    expect(ids, res.body).toHaveLength(1);
    const imported = (await call(teacher, 'GET', `/api/admin/questions/${ids[0]}/show`)).json().data as Question;
    expect(imported.type).toBe('FILE');
    expect(imported.file_answer).toEqual({ accepted: ['PDF', 'PNG'], max_files: 3, max_size_mb: 2, grader_info: 'Voir le corrigé', rubric: null });
  });
});

describe('FILE in an exam', () => {
  it('takes files under the rules, serves them to their owner and staff only, waits for a person, and shows the annotations with the mark', async () => {
    const q = await create({ type: 'FILE', statement: '<p>Déposez votre démonstration.</p>', points: 4, file_answer: { accepted: ['PDF', 'PNG', 'JPEG'], max_files: 2, max_size_mb: 1, grader_info: SECRET } });
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel sur papier', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 4 }).execute();
    const students: Array<{ token: string; id: number }> = [];
    for (let i = 0; i < 2; i++) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const token = await loginAs(t.app, u);
      students.push({ token, id: u.id });
    }
    const [a, b] = students as [(typeof students)[0], (typeof students)[0]];
    // Before the start: no attempt, no upload.
    expect((await upload(a.token, e.id, q.id, 'page.png', PNG)).statusCode).toBe(409);
    for (const st of students) expect((await call(st.token, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);

    const qs = await call(a.token, 'GET', `/api/student/exams/${e.id}/questions`);
    const drawn = takingQuestionSchema.strict().parse(qs.json().data.questions[0]);
    expect(drawn.file_answer).toEqual({ accepted: ['PDF', 'JPEG', 'PNG'], max_files: 2, max_size_mb: 1 });
    expect(JSON.stringify(qs.json())).not.toContain('Barème');

    // Type by content: a renamed executable is no PDF; a type the question does not take is refused.
    const exe = await upload(a.token, e.id, q.id, 'copie.pdf', EXE);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().message).toBe('Le contenu du fichier ne correspond pas à son extension .pdf.');
    const noExt = await upload(a.token, e.id, q.id, 'copie', EXE);
    expect(noExt.statusCode).toBe(422);
    expect(noExt.json().message).toMatch(/^Ce type de fichier n’est pas accepté pour cette question. Types acceptés : PDF, Image JPEG, Image PNG\.$/);
    const gif = await upload(a.token, e.id, q.id, 'a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.statusCode).toBe(422);
    // Size: the question's 1 Mo.
    const big = await upload(a.token, e.id, q.id, 'gros.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Le fichier dépasse la taille maximale autorisée pour cette question (1 Mo).');
    expect((await upload(a.token, e.id, q.id, 'vide.pdf', Buffer.alloc(0))).statusCode).toBe(422);

    const pdf = await upload(a.token, e.id, q.id, 'démonstration.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ name: 'démonstration.pdf', mime: 'application/pdf', pages: 2, size: PDF.length });
    const photo = await upload(a.token, e.id, q.id, 'image', PNG);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().data).toMatchObject({ mime: 'image/png', pages: 1 });
    // Count: two at most; removing one makes room.
    const third = await upload(a.token, e.id, q.id, 'encore.png', PNG);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe('Cette question accepte au plus 2 fichiers : retirez-en un avant d’en ajouter un autre.');
    const removed = await call(a.token, 'DELETE', `/api/student/exams/${e.id}/answer-files/${photo.json().data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const photo2 = await upload(a.token, e.id, q.id, 'page2.png', PNG);
    expect(photo2.statusCode).toBe(200);
    const pdfId: number = pdf.json().data.id;
    const pngId: number = photo2.json().data.id;

    // Never served to another student, even of the same exam; served to its owner and to staff.
    for (const path of [`/api/answer-files/${pdfId}`, `/api/answer-files/${pdfId}/info`, `/api/answer-files/${pdfId}/pages/1`]) {
      expect((await call(b.token, 'GET', path)).statusCode).toBe(404);
    }
    expect((await call(b.token, 'DELETE', `/api/student/exams/${e.id}/answer-files/${pdfId}`)).statusCode).toBe(404);
    const mine = await call(a.token, 'GET', `/api/answer-files/${pdfId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await call(teacher, 'GET', `/api/answer-files/${pngId}`)).rawPayload.equals(PNG)).toBe(true);
    const page = await call(teacher, 'GET', `/api/answer-files/${pdfId}/pages/2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await call(teacher, 'GET', `/api/answer-files/${pdfId}/pages/3`)).statusCode).toBe(404);

    // The answer: the list of files; empty or too long is refused; b names a's file in their answer.
    expect((await call(a.token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { files: [] } }] })).statusCode).toBe(422);
    expect((await call(a.token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { files: [1, 2, 3] } }] })).json().message).toBe('Cette question accepte au plus 2 fichiers.');
    const sent = await call(a.token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { files: [pdfId, pngId] } }] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data[0]).toMatchObject({ is_valid: false, details: { type: 'FILE', pending: true, files: 2 } });
    expect((await call(b.token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { files: [pdfId] } }] })).statusCode).toBe(200);
    for (const st of students) expect((await call(st.token, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    // The attempt over: no more uploads.
    expect((await upload(a.token, e.id, q.id, 'tard.png', PNG)).statusCode).toBe(409);

    const pending = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(pending).toMatchObject({ score: null, score_status: 'PENDING', pending_count: 1 });
    expect(pending.questions[0]).toMatchObject({ state: 'PENDING', answer: { files: [pdfId, pngId] }, details: { type: 'FILE', pending: true } });

    // The queue: each copy with its own files only (b's answer naming a's file shows none), the grader information.
    const queue = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(queue.question.grader_info).toBe(SECRET);
    const copyA = queue.copies.find((c) => (c.files?.length ?? 0) > 0)!;
    const copyB = queue.copies.find((c) => c !== copyA)!;
    expect(copyA.files!.map((f) => [f.id, f.pages])).toEqual([
      [pdfId, 2],
      [pngId, 1],
    ]);
    expect(copyB.files).toEqual([]);
    expect(JSON.stringify(queue)).not.toMatch(/user_id|attempt_id|last_name|email/);

    // Annotations: a point on the PDF's page 2, a box on the photo; checked against the copy's files and pages.
    const notes = `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${copyA.copy}/file-annotations`;
    const point = await call(teacher, 'POST', notes, { file_id: pdfId, page: 2, shape: 'POINT', x: 40, y: 25.5, comment: 'Ici, le signe est faux.' });
    expect(point.statusCode, point.body).toBe(200);
    const box = await call(teacher, 'POST', notes, { file_id: pngId, shape: 'BOX', x: 10, y: 10, width: 50, height: 20, comment: 'Bonne figure.' });
    expect(box.statusCode, box.body).toBe(200);
    expect(box.json().data).toHaveLength(2);
    expect((await call(teacher, 'POST', notes, { file_id: pdfId, page: 3, x: 1, y: 1, comment: 'x' })).json().message).toBe('Ce fichier a 2 pages.');
    expect((await call(teacher, 'POST', notes, { file_id: pngId, shape: 'BOX', x: 90, y: 10, width: 50, height: 20, comment: 'x' })).statusCode).toBe(422);
    expect((await call(teacher, 'POST', `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${copyB.copy}/file-annotations`, { file_id: pdfId, x: 1, y: 1, comment: 'x' })).statusCode).toBe(422);
    const extra = await call(teacher, 'POST', notes, { file_id: pngId, x: 5, y: 5, comment: 'À retirer' });
    const extraId: number = extra.json().data.find((n: { comment: string }) => n.comment === 'À retirer').id;
    expect((await call(teacher, 'DELETE', `${notes}/${extraId}`)).json().data).toHaveLength(2);
    // A student never reaches the grading routes.
    expect((await call(a.token, 'POST', notes, { file_id: pdfId, x: 1, y: 1, comment: 'x' })).statusCode).toBe(403);

    const mark = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${copyA.copy}`, { points: 3, comment: 'Démonstration claire.', version: 0 });
    expect(mark.statusCode, mark.body).toBe(200);
    // Each annotation added or removed is in the attempt's journal, and the appeal file says it in French.
    const journal = await call(teacher, 'GET', `/api/admin/exams/${e.id}/attempts/${a.id}/journal`);
    expect(journal.statusCode, journal.body).toBe(200);
    const acts = journal.json().data.events.filter((ev: { type: string; data: Record<string, unknown> }) => ev.type === 'MARK' && ev.data.file_annotation);
    expect(acts).toHaveLength(4);
    expect(journalSentence(acts[0], new Map([[q.id, 1]]))).toMatch(/annotation ajoutée sur « démonstration\.pdf », page 2, point à 40 % ; 25,5 %, « Ici, le signe est faux\. »/);
    expect(journalSentence(acts[3], new Map([[q.id, 1]]))).toMatch(/annotation retirée sur « page2\.png », page 1 \(« À retirer »\)/);
    expect(journal.json().data.intact).toBe(true);
    // Published (where the exam's marks wait for the teacher's word), the student reads the mark and the annotations.
    expect([200, 404]).toContain((await call(teacher, 'POST', `/api/admin/exams/${e.id}/grading/publish`)).statusCode);
    const final = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(final).toMatchObject({ score: 3, score_status: 'FINAL' });
    expect(final.questions[0]).toMatchObject({ state: 'VALIDATED', details: { type: 'FILE', pending: false, comment: 'Démonstration claire.' } });
    const shown = (final.questions[0]!.details as { file_annotations?: Array<{ comment: string; page: number; shape: string }> }).file_annotations ?? [];
    expect(shown.map((n) => [n.comment, n.page, n.shape])).toEqual([
      ['Ici, le signe est faux.', 2, 'POINT'],
      ['Bonne figure.', 1, 'BOX'],
    ]);
    expect(JSON.stringify(final)).not.toMatch(/created_by|Barème/);

    // The student's data: the archive holds the files; the erasure of their account removes them.
    const archive = await call(a.token, 'GET', '/api/student/my-data/archive');
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.includes(Buffer.from(`fichiers-remis/${e.id} - Partiel sur papier/${pdfId} - démonstration.pdf`))).toBe(true);
    await t.ctx.db.deleteFrom('users').where('id', '=', a.id).execute();
    expect(await t.ctx.db.selectFrom('answer_files').select('id').where('id', 'in', [pdfId, pngId]).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('answer_file_annotations').select('id').execute()).toEqual([]);
  });
});
