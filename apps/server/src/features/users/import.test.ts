import ExcelJS from 'exceljs';
import { createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let admin: string;
let teacher: string;
let s: Awaited<ReturnType<typeof seedStructure>>;
let specCode: string;
let yearLabel: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
  await t.ctx.db.updateTable('academic_years').set({ is_current: 1 }).where('id', '=', s.yearId).execute();
  specCode = (await t.ctx.db.selectFrom('specializations').select('code').where('id', '=', s.specializationId).executeTakeFirstOrThrow()).code;
  yearLabel = (await t.ctx.db.selectFrom('academic_years').select('label').where('id', '=', s.yearId).executeTakeFirstOrThrow()).label;
});
afterAll(async () => t.close());

const HEADERS = ['Nom', 'Prénom', 'Adresse e-mail', 'Numéro étudiant', 'Code parcours', 'Année universitaire', 'Premium'];

async function workbook(rows: ExcelJS.CellValue[][], edit?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Etudiants');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(buf: Buffer, filename = 'etudiants.xlsx', field = 'file') {
  const boundary = '----examboundary' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buf, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, buf: Buffer, filename?: string, field?: string) =>
  t.app.inject(authed(token, { method: 'POST', url: '/api/admin/users/import-student', ...multipart(buf, filename, field) }));

const countStudents = async () =>
  (await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'STUDENT').executeTakeFirstOrThrow()).n;

/** Raw deflate of `mb` MB of zeros, fed 1 MB at a time (the test never holds the inflated bytes either). */
async function deflatedZeros(mb: number): Promise<Buffer> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((res) => z.on('end', res));
  const mega = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) if (!z.write(mega)) await new Promise((res) => z.once('drain', res));
  z.end();
  await done;
  return Buffer.concat(out);
}

/** A zip written by hand whose headers declare `declared` uncompressed bytes per entry, whatever the data inflates to. */
function craftedZip(entries: { name: string; data: Buffer; method: 0 | 8; declared: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(e.method, 8);
    lh.writeUInt32LE(e.data.length, 18);
    lh.writeUInt32LE(e.declared, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(e.method, 10);
    ch.writeUInt32LE(e.data.length, 20);
    ch.writeUInt32LE(e.declared, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, name, e.data);
    centrals.push(ch, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

let k = 0;
const uniq = () => `${Date.now().toString(36)}${(k += 1)}`;

describe('student import template', () => {
  it('is an xlsx with French headers, an instructions sheet and no data row', async () => {
    const r = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/users/template-import-student' }));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(r.headers['content-disposition']).toContain('template-import-etudiant.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Étudiants')!;
    // The accommodation columns follow (optional; their own checks are in exam-taking/accommodations.test.ts).
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS, 'Tiers-temps', 'Motif de l’aménagement', 'Salle à part', 'Grands caractères']);
    expect(ws.actualRowCount).toBe(1);
    expect(wb.getWorksheet('Instructions')!.getCell('A1').value).toBe('Import des étudiants');
    expect(JSON.stringify(wb.getWorksheet('Parcours')!.getSheetValues())).toContain(specCode);
    // Sent back untouched, it imports nothing and says why.
    const back = await upload(admin, r.rawPayload);
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toMatch(/ne contient aucun étudiant/);
  });
});

describe('student import', () => {
  it('imports every row (accents, apostrophes, spaces around emails, links, formulas) with first passwords', async () => {
    const id = uniq();
    const before = await countStudents();
    const buf = await workbook(
      [
        ["  D'Almeida ", 'Anaïs', `  anais.${id}@Univ.Example  `, `A${id}`, specCode, '', 'Oui'],
        ['Lefèvre', 'Jean-Noël', { text: `jean.${id}@univ.example`, hyperlink: `mailto:jean.${id}@univ.example` }, `B${id}`, specCode.toLowerCase(), yearLabel, 'non'],
        ['Ōtsuka', 'Émile', `emile.${id}@univ.example`, { formula: '"C"&"1"', result: `C${id}` }, specCode, null, null],
      ],
    );
    const r = await upload(teacher, buf);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.message).toBe('3 étudiants ont été importés.');
    expect(body.data.imported).toBe(3);
    expect(body.data.credentials.map((c: { line: number }) => c.line)).toEqual([2, 3, 4]);
    expect(body.data.credentials[0]).toMatchObject({ last_name: "D'Almeida", first_name: 'Anaïs', email: `anais.${id}@univ.example`, student_number: `A${id}` });
    expect(await countStudents()).toBe(before + 3);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', `anais.${id}@univ.example`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_premium: 1, must_change_password: 1, role: 'STUDENT' });
    const third = await t.ctx.db.selectFrom('users').select('student_number').where('email', '=', `emile.${id}@univ.example`).executeTakeFirstOrThrow();
    expect(third.student_number).toBe(`C${id}`);
    const enrolled = await t.ctx.db.selectFrom('student_enrolments').select('specialization_id').where('user_id', '=', row.id).execute();
    expect(enrolled).toEqual([{ specialization_id: s.specializationId }]);
    // The handed-back password signs in.
    const c = body.data.credentials[1];
    await loginAs(t.app, { id: 0, email: c.email, password: c.password });
  });

  it('writes nothing and reports every bad row with its line number and reason', async () => {
    const id = uniq();
    const taken = await seedUser(t.ctx, 'TEACHER');
    const before = await countStudents();
    const buf = await workbook([
      ['Bon', 'Élève', `bon.${id}@univ.example`, `G${id}`, specCode, '', ''],
      ['Sans', 'Email', 'pas-un-email', `H${id}`, specCode, '', ''],
      ['Double', 'Un', `double.${id}@univ.example`, `I${id}`, specCode, '', ''],
      ['Double', 'Deux', ` DOUBLE.${id}@univ.example`, `J${id}`, specCode, '', ''],
      ['Pris', 'Déjà', taken.email, `K${id}`, specCode, '', ''],
      ['Inconnu', 'Parcours', `inconnu.${id}@univ.example`, `L${id}`, 'NEXISTEPAS', '', ''],
      ['', 'SansNom', `sansnom.${id}@univ.example`, '', specCode, '', ''],
      ['Mauvaise', 'Année', `annee.${id}@univ.example`, `M${id}`, specCode, '1990-1991', 'peut-être'],
      ['Formule', 'Vide', `formule.${id}@univ.example`, { formula: 'A1&B1' } as ExcelJS.CellValue, specCode, '', ''],
    ]);
    const r = await upload(admin, buf);
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(body.message).toBe("Aucun étudiant n’a été importé : 7 lignes contiennent des erreurs. Corrigez-les puis importez de nouveau le fichier.");
    expect(Object.keys(body.errors)).toEqual(['ligne_3', 'ligne_5', 'ligne_6', 'ligne_7', 'ligne_8', 'ligne_9', 'ligne_10']);
    expect(body.errors.ligne_3[0]).toBe("Ligne 3 : l’adresse e-mail « pas-un-email » n’est pas valide.");
    expect(body.errors.ligne_5[0]).toBe(`Ligne 5 : l’adresse e-mail double.${id}@univ.example figure déjà à la ligne 4.`);
    expect(body.errors.ligne_6[0]).toBe(`Ligne 6 : l’adresse e-mail ${taken.email} est déjà utilisée par un autre compte.`);
    expect(body.errors.ligne_7[0]).toBe('Ligne 7 : le parcours « NEXISTEPAS » est inconnu.');
    expect(body.errors.ligne_8).toEqual(['Ligne 8 : la colonne « Nom » est vide.', 'Ligne 8 : la colonne « Numéro étudiant » est vide.']);
    expect(body.errors.ligne_9).toEqual([
      "Ligne 9 : l’année universitaire « 1990-1991 » est inconnue.",
      'Ligne 9 : la valeur premium « peut-être » doit être Oui ou Non.',
    ]);
    expect(body.errors.ligne_10[0]).toMatch(/^Ligne 10 : colonne « Numéro étudiant » : la cellule contient une formule sans valeur calculée/);
    expect(await countStudents()).toBe(before);
  });

  it('reports a row\'s duplicates (in the file and in the database) along with its other errors', async () => {
    const id = uniq();
    const taken = await seedUser(t.ctx, 'TEACHER');
    await t.ctx.db.updateTable('users').set({ student_number: `T${id}` }).where('id', '=', taken.id).execute();
    const before = await countStudents();
    const buf = await workbook([
      ['Un', 'Premier', `un.${id}@univ.example`, `P${id}`, specCode, '', ''],
      ['Deux', 'Double', `un.${id}@univ.example`, `P${id}`, 'NEXISTEPAS', '', ''],
      ['Trois', 'Pris', taken.email, `T${id}`, specCode, '', 'peut-être'],
    ]);
    const r = await upload(admin, buf);
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(Object.keys(body.errors)).toEqual(['ligne_3', 'ligne_4']);
    expect(body.errors.ligne_3).toEqual([
      `Ligne 3 : l’adresse e-mail un.${id}@univ.example figure déjà à la ligne 2.`,
      `Ligne 3 : le numéro d’étudiant P${id} figure déjà à la ligne 2.`,
      'Ligne 3 : le parcours « NEXISTEPAS » est inconnu.',
    ]);
    expect(body.errors.ligne_4).toEqual([
      'Ligne 4 : la valeur premium « peut-être » doit être Oui ou Non.',
      `Ligne 4 : l’adresse e-mail ${taken.email} est déjà utilisée par un autre compte.`,
      `Ligne 4 : le numéro d’étudiant T${id} est déjà attribué.`,
    ]);
    expect(await countStudents()).toBe(before);
  });

  it('refuses rows with merged cells', async () => {
    const id = uniq();
    const buf = await workbook(
      [
        ['Fusion', 'Un', `f1.${id}@univ.example`, `N${id}`, specCode, '', ''],
        ['Fusion', 'Deux', `f2.${id}@univ.example`, `O${id}`, specCode, '', ''],
      ],
      (ws) => ws.mergeCells('E2:E3'),
    );
    const r = await upload(admin, buf);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.ligne_2[0]).toMatch(/cellules fusionnées/);
    expect(r.json().errors.ligne_3[0]).toMatch(/cellules fusionnées/);
  });

  it('refuses junk, renamed and empty files in French', async () => {
    const junk = await upload(admin, Buffer.from('nom;prenom\nDupont;Jean\n'), 'etudiants.xlsx');
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors.file[0]).toMatch(/n’est pas un classeur Excel/);
    // A zip that is not a workbook (a renamed archive).
    const zip = Buffer.from('UEsDBAoAAAAAAAAAIQAAAAAAAAAAAAAAAAAFAAAAYS50eHRQSwECFAAKAAAAAAAAACEAAAAAAAAAAAAAAAAABQAAAAAAAAAAAAAAAAAAAAAAYS50eHRQSwUGAAAAAAEAAQAzAAAAIwAAAAAA', 'base64');
    const renamed = await upload(admin, zip, 'etudiants.xlsx');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().message).toMatch(/classeur|feuille/);
    const empty = await upload(admin, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    const wrongField = await upload(admin, await workbook([]), 'x.xlsx', 'fichier');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors.file[0]).toMatch(/Choisissez un fichier/);
    const noHeader = await upload(admin, await workbook([], (ws) => ws.spliceRows(1, 1, ['A', 'B'])));
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().message).toMatch(/en-tête/);
  });

  it('refuses a zip bomb by the bytes it inflates to, not the sizes it declares (413)', async () => {
    const before = await countStudents();
    // 200 MB of zeros deflate to ~200 KB; the headers say the sheet is 1,000 bytes.
    const bomb = craftedZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, declared: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: await deflatedZeros(200), method: 8, declared: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const r = await upload(admin, bomb);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe('Le fichier décompressé est trop volumineux (plus de 32 Mo). Découpez-le en plusieurs fichiers.');
    expect(r.json().errors.file[0]).toMatch(/^Le fichier décompressé est trop volumineux/);
    // Many parts each under the bound, together over it.
    const parts = await deflatedZeros(20);
    const spread = craftedZip(Array.from({ length: 4 }, (_, i) => ({ name: `xl/p${i}.xml`, data: parts, method: 8 as const, declared: 10 })));
    expect((await upload(admin, spread)).statusCode).toBe(413);
    // Thousands of empty entries.
    const many = craftedZip(Array.from({ length: 2000 }, (_, i) => ({ name: `x${i}`, data: Buffer.alloc(0), method: 0 as const, declared: 0 })));
    const m = await upload(admin, many);
    expect(m.statusCode).toBe(413);
    expect(m.json().message).toMatch(/^Le fichier décompressé est trop volumineux : il contient plus de 500 éléments/);
    // Under the bound and honest about nothing: read normally (here, not a workbook).
    const small = craftedZip([{ name: 'xl/worksheets/sheet1.xml', data: await deflatedZeros(2), method: 8, declared: 1 }]);
    expect((await upload(admin, small)).statusCode).toBe(422);
    expect(await countStudents()).toBe(before);
  });

  it('refuses a 10 MB file with 413', async () => {
    const r = await upload(admin, Buffer.alloc(10 * 1024 * 1024, 1));
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/taille maximale de 5 Mo/);
  });

  it('refuses a 20,000-row file without writing anything', async () => {
    const before = await countStudents();
    const id = uniq();
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Nom${i}`, 'Prénom', `big${i}.${id}@univ.example`, `Z${id}-${i}`, specCode, '', '']);
    const r = await upload(admin, await workbook(rows));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/plus de 10\s000 étudiants/);
    expect(await countStudents()).toBe(before);
  });

  it('keeps students out (403)', async () => {
    const st = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const token = await loginAs(t.app, st);
    expect((await upload(token, await workbook([]))).statusCode).toBe(403);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/admin/users/template-import-student' }))).statusCode).toBe(403);
  });
});
