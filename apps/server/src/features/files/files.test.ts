// Files through the API: upload checks (type by content, size limit, odd names), storage by hash,
// deletion refused while used, and downloads only for those who may see a course using the file.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, sql, withContext, type TestApp } from '../../../test/helper';

let t: TestApp;
let teacher: string;
let s: Awaited<ReturnType<typeof seedStructure>>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f1cf0a0000000049454e44ae426082', 'hex');
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]);

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----exam${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename.replace(/"/g, '%22')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, filename: string, content: Buffer, field = 'file') {
  const m = multipart(filename, content, field);
  return t.app.inject(authed(token, { method: 'POST', url: '/api/files/save', payload: m.payload, headers: m.headers }));
}

beforeAll(async () => {
  t = await createTestApp({ config: { UPLOAD_LIMIT_BYTES: String(64 * 1024) } });
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
});
afterAll(async () => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

async function courseWithFile(fileIds: number[], over: Record<string, unknown> = {}) {
  const c = await call(teacher, 'POST', '/api/admin/courses/create', {
    title: 'Cours',
    academic_year_id: s.yearId,
    specialization_ids: [s.specializationId],
    is_published: 1,
    ...over,
  });
  const ch = await call(teacher, 'POST', '/api/admin/chapters/store', { course_id: c.json().data.id, title: 'Chapitre 1', content: '<p>x</p>', file_ids: fileIds });
  expect(ch.statusCode, ch.body).toBe(200);
  return { courseId: c.json().data.id as number, chapterId: ch.json().data.id as number };
}

describe('upload', () => {
  it('stores a PDF by content hash and answers { id, name, size, mime, url }', async () => {
    const res = await upload(teacher, 'Cours 1 — énoncé.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Cours 1 — énoncé.pdf', size: PDF.length, mime: 'application/pdf', url: `/api/files/${data.id}/download`, inline_url: null });
    const hash = createHash('sha256').update(PDF).digest('hex');
    const onDisk = path.join(t.ctx.config.dataDir, 'files', hash.slice(0, 2), hash);
    expect(fs.readFileSync(onDisk).equals(PDF)).toBe(true);
    // The same content again: a second row, one stored copy.
    const again = await upload(teacher, 'copie.pdf', PDF);
    expect(again.json().data.id).not.toBe(data.id);
    expect(fs.readdirSync(path.dirname(onDisk))).toEqual([hash]);
  });

  it('checks the content, not only the extension', async () => {
    const fake = await upload(teacher, 'rapport.pdf', ELF);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file[0]).toBe('Le contenu du fichier ne correspond pas à son extension .pdf.');
    const exe = await upload(teacher, 'outil.exe', ELF);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().message).toMatch(/^Ce type de fichier \(\.exe\) n’est pas accepté/);
    const svg = await upload(teacher, 'dessin.svg', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(svg.statusCode).toBe(422);
    const csv = await upload(teacher, 'notes.csv', Buffer.from('nom;note\nDupont;12,5\n'));
    expect(csv.statusCode).toBe(200);
    expect(csv.json().data.mime).toBe('text/csv; charset=utf-8');
    const png = await upload(teacher, 'figure.png', PNG);
    expect(png.json().data.inline_url).toMatch(/^\/api\/files\/\d+\/inline\/[0-9a-f]{64}$/);
    const empty = await upload(teacher, 'vide.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Le fichier est vide.');
  });

  it('keeps odd names harmless: path parts dropped, no extension detected from content', async () => {
    const evil = await upload(teacher, '../../etc/passwd', Buffer.from('root:x:0:0\n'));
    expect(evil.statusCode).toBe(200);
    expect(evil.json().data).toMatchObject({ name: 'passwd', mime: 'text/plain; charset=utf-8' });
    const win = await upload(teacher, '..\\..\\windows\\sys<t>.pdf', PDF);
    expect(win.json().data.name).toBe('sys_t_.pdf');
    const noext = await upload(teacher, 'sans-extension', PDF);
    expect(noext.json().data).toMatchObject({ name: 'sans-extension', mime: 'application/pdf' });
    const dots = await upload(teacher, '...', PDF);
    expect(dots.json().data.name).toBe('fichier');
    const ctl = await upload(teacher, 'a\u202Efdp.exe', PDF);
    expect(ctl.statusCode).toBe(422); // the real extension (.exe) counts, whatever it looks like
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'etc'))).toBe(false);
    expect(fs.readdirSync(path.join(t.ctx.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('answers 413 above the size limit and leaves nothing behind', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(70 * 1024, 0x20)]);
    const res = await upload(teacher, 'gros.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Le fichier dépasse la taille maximale autorisée (64 Ko).');
    expect(fs.readdirSync(path.join(t.ctx.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('needs the field "file", a multipart body and a staff user', async () => {
    const wrong = await upload(teacher, 'a.pdf', PDF, 'document');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.file[0]).toMatch(/obligatoire/);
    const json = await call(teacher, 'POST', '/api/files/save', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
    expect((await upload(student, 'a.pdf', PDF)).statusCode).toBe(403);
    const anon = multipart('a.pdf', PDF);
    expect((await t.app.inject({ method: 'POST', url: '/api/files/save', payload: anon.payload, headers: anon.headers })).statusCode).toBe(401);
  });
});

describe('delete', () => {
  it('refuses while a chapter uses the file, with a French message; deletes it afterwards', async () => {
    const f = (await upload(teacher, 'td.pdf', Buffer.concat([PDF, Buffer.from('td')]))).json().data;
    const { chapterId, courseId } = await courseWithFile([f.id]);
    const refused = await call(teacher, 'DELETE', `/api/files/delete/${f.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ce fichier est encore utilisé par le chapitre « Chapitre 1 » du cours « Cours ». Retirez-le de ce chapitre avant de le supprimer.');
    // Detaching it from the chapter removes it: nothing uses it any more.
    const upd = await call(teacher, 'PUT', `/api/admin/chapters/${chapterId}/update`, { course_id: courseId, title: 'Chapitre 1', content: '', file_ids: [] });
    expect(upd.statusCode).toBe(200);
    expect((await call(teacher, 'DELETE', `/api/files/delete/${f.id}`)).statusCode).toBe(404);
  });

  it('deletes an unused file and its stored content, keeping content another row shares', async () => {
    const content = Buffer.concat([PDF, Buffer.from('partagé')]);
    const a = (await upload(teacher, 'a.pdf', content)).json().data;
    const b = (await upload(teacher, 'b.pdf', content)).json().data;
    const hash = createHash('sha256').update(content).digest('hex');
    const onDisk = path.join(t.ctx.config.dataDir, 'files', hash.slice(0, 2), hash);
    expect((await call(teacher, 'DELETE', `/api/files/delete/${a.id}`)).json().message).toBe('Fichier supprimé.');
    expect(fs.existsSync(onDisk)).toBe(true);
    expect((await call(teacher, 'DELETE', `/api/files/delete/${b.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk)).toBe(false);
  });

  it('removes uploads no chapter took within a day, at the next upload', async () => {
    const content = Buffer.concat([PDF, Buffer.from('abandonné')]);
    const old = (await upload(teacher, 'abandon.pdf', content)).json().data;
    const kept = (await upload(teacher, 'pris.pdf', Buffer.concat([PDF, Buffer.from('pris')]))).json().data;
    await courseWithFile([kept.id]);
    await t.ctx.db.updateTable('files').set({ created_at: sql`now() - interval '2 days'` }).where('id', 'in', [old.id, kept.id]).execute();
    const fresh = (await upload(teacher, 'neuf.pdf', Buffer.concat([PDF, Buffer.from('neuf')]))).json().data;
    const left = await t.ctx.db.selectFrom('files').select('id').where('id', 'in', [old.id, kept.id, fresh.id]).orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([kept.id, fresh.id]);
    const hash = createHash('sha256').update(content).digest('hex');
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, 'files', hash.slice(0, 2), hash))).toBe(false);
  });

  it('deleting a course removes the files only its chapters used', async () => {
    const f = (await upload(teacher, 'seul.pdf', Buffer.concat([PDF, Buffer.from('seul')]))).json().data;
    const shared = (await upload(teacher, 'commun.pdf', Buffer.concat([PDF, Buffer.from('commun')]))).json().data;
    const one = await courseWithFile([f.id, shared.id]);
    await courseWithFile([shared.id]);
    expect((await call(teacher, 'DELETE', `/api/admin/courses/${one.courseId}/delete`)).statusCode).toBe(200);
    const left = await t.ctx.db.selectFrom('files').select('id').where('id', 'in', [f.id, shared.id]).execute();
    expect(left.map((r) => r.id)).toEqual([shared.id]);
  });
});

describe('download', () => {
  it('keeps the original name and type; staff always, students through a course they may open', async () => {
    const f = (await upload(teacher, 'Énoncé TP n°1.pdf', PDF)).json().data;
    const staff = await call(teacher, 'GET', f.url);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['content-disposition']).toBe(`attachment; filename="Enonce TP n1.pdf"; filename*=UTF-8''%C3%89nonc%C3%A9%20TP%20n%C2%B01.pdf`);
    expect(staff.rawPayload.equals(PDF)).toBe(true);

    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
    // Not attached to anything yet: a student cannot see it.
    expect((await call(student, 'GET', f.url)).statusCode).toBe(404);
    const draft = await courseWithFile([f.id], { is_published: 0 });
    expect((await call(student, 'GET', f.url)).statusCode).toBe(404);
    const other = await seedStructure(t.ctx);
    await courseWithFile([f.id], { specialization_ids: [other.specializationId] });
    expect((await call(student, 'GET', f.url)).statusCode).toBe(404);
    await courseWithFile([f.id], { is_premium: 1 });
    const paid = await call(student, 'GET', f.url);
    expect(paid.statusCode).toBe(402);
    await courseWithFile([f.id]);
    const okRes = await call(student, 'GET', f.url);
    expect(okRes.statusCode).toBe(200);
    expect(okRes.rawPayload.equals(PDF)).toBe(true);
    void draft;
    expect((await t.app.inject({ method: 'GET', url: f.url })).statusCode).toBe(401);
  });

  it('shows files in the student view and serves inline images only with their hash', async () => {
    const img = (await upload(teacher, 'courbe.png', PNG)).json().data;
    const pdf = (await upload(teacher, 'poly.pdf', Buffer.concat([PDF, Buffer.from('poly')]))).json().data;
    const c = await call(teacher, 'POST', '/api/admin/courses/create', { title: 'Images', academic_year_id: s.yearId, specialization_ids: [s.specializationId], is_published: 1 });
    const ch = await call(teacher, 'POST', '/api/admin/chapters/store', {
      course_id: c.json().data.id,
      title: 'Figures',
      content: `<p><img src="${img.inline_url}" alt="courbe"></p>`,
      file_ids: [pdf.id],
    });
    expect(ch.json().data.files.map((x: { id: number }) => x.id)).toEqual([pdf.id]);
    // The inline image counts as a use: it cannot be deleted while the text shows it.
    expect((await call(teacher, 'DELETE', `/api/files/delete/${img.id}`)).statusCode).toBe(409);
    const pic = await t.app.inject({ method: 'GET', url: img.inline_url });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(pic.headers['content-security-policy']).toBe("default-src 'none'");
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${img.id}/inline/${'0'.repeat(64)}` })).statusCode).toBe(404);
    const pdfHash = createHash('sha256').update(Buffer.concat([PDF, Buffer.from('poly')])).digest('hex');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${pdf.id}/inline/${pdfHash}` })).statusCode).toBe(404);

    const student = await loginAs(t.app, await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId }));
    const view = await call(student, 'GET', `/api/student/courses/${c.json().data.id}/show`);
    expect(view.json().data.chapters[0].files).toEqual([{ id: pdf.id, name: 'poly.pdf', size: pdf.size, mime: 'application/pdf', url: pdf.url, inline_url: null }]);
  });
});

describe('upload rate', () => {
  it('limits the uploads of one user in 10 minutes (429), without affecting another user', async () => {
    const one = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const two = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    await withContext(t, { config: { UPLOAD_RATE_PER_10_MIN: 2 } }, async () => {
      const send = (token: string) => {
        const m = multipart('notes.txt', Buffer.from('bonjour\n'));
        return t.app.inject(authed(token, { method: 'POST', url: '/api/files/save', payload: m.payload, headers: m.headers }));
      };
      expect((await send(one)).statusCode).toBe(200);
      expect((await send(one)).statusCode).toBe(200);
      const third = await send(one);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/plus de 2 fichiers en 10 minutes/);
      expect((await send(two)).statusCode).toBe(200);
    });
  });
});

describe('malformed uploads', () => {
  it('answers a French 400, never 500, for a multipart body the parser cannot read', async () => {
    const m = multipart('a.pdf', PDF);
    const cases = [
      { label: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: m.payload },
      {
        label: 'boundary over 256 characters',
        headers: { 'content-type': `multipart/form-data; boundary=${'x'.repeat(300)}` },
        payload: Buffer.from(`--${'x'.repeat(300)}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--${'x'.repeat(300)}--\r\n`),
      },
      // inject sets the exact Content-Length of what it sends: a body that simply stops.
      { label: 'body cut short', headers: m.headers, payload: m.payload.subarray(0, m.payload.length - 30) },
    ];
    for (const c of cases) {
      const res = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/files/save', headers: c.headers, payload: c.payload }));
      expect([400, 415, 422], c.label).toContain(res.statusCode);
      expect(res.json().status, c.label).toBe('error');
      expect(res.json().message, c.label).toMatch(/multipart|fichier/i);
    }
  });

  it('names the limit hit by too many form fields (413)', async () => {
    const boundary = 'champs';
    const fields = Array.from({ length: 30 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('');
    const res = await t.app.inject(
      authed(teacher, {
        method: 'POST',
        url: '/api/files/save',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${fields}--${boundary}--\r\n`,
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/trop de (champs|parties)/);
  });
});
