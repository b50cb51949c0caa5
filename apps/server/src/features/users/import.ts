// Student import from the xlsx template: every row checked first (every bad row reported with its
// line number), then all rows written in one transaction, or none. Each student gets a generated
// first password, handed back once, and must change it at first sign-in (docs/import-etudiants.md).
// exceljs is loaded on first use: it weighs ~25 MB of memory that most processes never need.
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  emailField,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  type ImportedCredential,
  type StudentImportColumn,
  type StudentImportResult,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError, unprocessable } from '../../lib/errors';
import { cellText, cleanText, normalizeHeader, checkZip } from './spreadsheet';
import { generatePassword } from './service';
import { hashGeneratedPassword } from './generated-password';

/** Header spellings accepted for each column (compared without accents or case). */
const ALIASES: Record<StudentImportColumn, string[]> = {
  last_name: ['nom', 'nom de famille'],
  first_name: ['prenom', 'prenoms'],
  email: ['adresse e mail', 'adresse email', 'email', 'e mail', 'courriel', 'mail'],
  student_number: ['numero etudiant', 'numero d etudiant', 'n etudiant', 'no etudiant', 'matricule'],
  specializations: ['code parcours', 'codes parcours', 'parcours', 'code du parcours'],
  academic_year: ['annee universitaire', 'annee'],
  is_premium: ['premium'],
};
/**
 * Hard bound on the bytes the workbook inflates to, measured while inflating (not the sizes the zip declares).
 * A 20,000-row file from the template with long names and emails (0.7 MB) inflates to 8.6 MB, a quarter of
 * the bound; 10,000 rows are the import limit anyway. The bound also caps what exceljs then builds in memory.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** An xlsx from the template holds about a dozen parts; Excel with extras, a few dozen. */
export const MAX_ZIP_ENTRIES = 500;
const YES = new Set(['oui', 'o', 'yes', 'y', '1', 'x', 'vrai', 'true']);
const NO = new Set(['', 'non', 'n', 'no', '0', 'faux', 'false']);

const fileError = (m: string) => unprocessable({ file: [m] }, m);

interface Row {
  line: number;
  last_name: string;
  first_name: string;
  email: string;
  student_number: string;
  specialization_ids: number[];
  academic_year_id: number;
  is_premium: number;
}

async function openSheet(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const zip = await checkZip(buf, { maxTotal: MAX_INFLATED_BYTES, maxEntries: MAX_ZIP_ENTRIES });
  if (zip === 'not-zip') {
    throw fileError("Le fichier n'est pas un classeur Excel (.xlsx). Téléchargez le modèle, remplissez-le et importez-le tel quel.");
  }
  if (zip === 'too-large' || zip === 'too-many-entries') {
    const m =
      zip === 'too-large'
        ? `Le fichier décompressé est trop volumineux (plus de ${MAX_INFLATED_BYTES / 1024 / 1024} Mo). Découpez-le en plusieurs fichiers.`
        : `Le fichier décompressé est trop volumineux : il contient plus de ${MAX_ZIP_ENTRIES} éléments. Enregistrez-le de nouveau depuis le modèle.`;
    throw new HttpError(413, m, { file: [m] });
  }
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fileError("Le fichier n'a pas pu être lu comme un classeur Excel (.xlsx). Enregistrez-le au format .xlsx et réessayez.");
  }
  const sheets = wb.worksheets.filter((ws) => ws.state === 'visible' || ws.state === undefined);
  const named = sheets.find((ws) => normalizeHeader(ws.name) === 'etudiants');
  const sheet = named ?? sheets.find((ws) => normalizeHeader(ws.name) !== 'instructions' && ws.actualRowCount > 0);
  if (!sheet) throw fileError('Le classeur ne contient aucune feuille d’étudiants.');
  return sheet;
}

/** Finds the header row among the first ten and maps each column key to its column number. */
function readHeader(ws: ExcelJS.Worksheet): { headerRow: number; cols: Partial<Record<StudentImportColumn, number>> } {
  for (let r = 1; r <= Math.min(10, ws.rowCount); r++) {
    const cols: Partial<Record<StudentImportColumn, number>> = {};
    ws.getRow(r).eachCell((cell, col) => {
      const t = cellText(cell.value);
      if (!('text' in t)) return;
      const h = normalizeHeader(t.text);
      for (const [key, names] of Object.entries(ALIASES) as [StudentImportColumn, string[]][]) {
        if (cols[key] === undefined && names.includes(h)) cols[key] = col;
      }
    });
    if (cols.last_name && cols.email) {
      const missing = STUDENT_IMPORT_COLUMNS.filter((c) => c.required && !cols[c.key]).map((c) => `« ${c.header} »`);
      if (missing.length) throw fileError(`Colonnes manquantes dans l'en-tête : ${missing.join(', ')}. Utilisez le modèle.`);
      return { headerRow: r, cols };
    }
  }
  const expected = STUDENT_IMPORT_COLUMNS.map((c) => c.header).join(', ');
  throw fileError(`L'en-tête du fichier est introuvable : la première ligne doit contenir les colonnes ${expected}.`);
}

async function inChunks<T, R>(items: T[], size: number, fn: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await fn(items.slice(i, i + size))));
  return out;
}

export async function importStudents(ctx: AppContext, buf: Buffer): Promise<StudentImportResult> {
  const ws = await openSheet(buf);
  const { headerRow, cols } = readHeader(ws);

  const [specs, years] = await Promise.all([
    ctx.db.selectFrom('specializations').select(['id', 'code', 'name']).execute(),
    ctx.db.selectFrom('academic_years').select(['id', 'label', 'is_current']).execute(),
  ]);
  const specByKey = new Map<string, number>();
  for (const s of specs) specByKey.set(normalizeHeader(s.name), s.id);
  for (const s of specs) specByKey.set(s.code.toLowerCase(), s.id); // codes win over names
  const yearByLabel = new Map(years.map((y) => [y.label, y.id]));
  const current = years.find((y) => y.is_current === 1);

  const errors: Record<string, string[]> = {};
  const addError = (line: number, m: string) => (errors[`ligne_${line}`] ??= []).push(`Ligne ${line} : ${m}`);
  const rows: Row[] = [];
  const emailLine = new Map<string, number>();
  const numberLine = new Map<string, number>();
  /** Every checked row's email and number, errors or not, so a row's duplicates show with its other errors. */
  const identities: { line: number; email: string; number: string }[] = [];

  const lastRow = ws.rowCount;
  let dataRows = 0;
  for (let r = headerRow + 1; r <= lastRow; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const raw: Partial<Record<StudentImportColumn, string>> = {};
    let merged = false;
    let any = false;
    for (const c of STUDENT_IMPORT_COLUMNS) {
      const col = cols[c.key];
      if (!col) continue;
      const cell = row.getCell(col);
      if (cell.isMerged) merged = true;
      const t = cellText(cell.value);
      if ('error' in t) {
        addError(r, `colonne « ${c.header} » : ${t.error}.`);
        raw[c.key] = '';
        any = true;
        continue;
      }
      raw[c.key] = cleanText(t.text);
      if (raw[c.key]) any = true;
    }
    if (!any && !merged) continue; // a row with values only outside our columns, or only spaces
    dataRows += 1;
    if (dataRows > STUDENT_IMPORT_MAX_ROWS) {
      throw fileError(
        `Le fichier contient plus de ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} étudiants. Découpez-le en plusieurs fichiers de ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes au plus.`,
      );
    }
    if (merged) {
      addError(r, 'la ligne contient des cellules fusionnées ; défusionnez-les et remplissez chaque cellule.');
      continue;
    }
    const before = errors[`ligne_${r}`]?.length ?? 0;
    for (const c of STUDENT_IMPORT_COLUMNS) {
      if (c.required && !raw[c.key] && cols[c.key]) addError(r, `la colonne « ${c.header} » est vide.`);
    }
    const lastName = raw.last_name ?? '';
    const firstName = raw.first_name ?? '';
    if (lastName.length > 100) addError(r, 'le nom dépasse 100 caractères.');
    if (firstName.length > 100) addError(r, 'le prénom dépasse 100 caractères.');

    let email = '';
    if (raw.email) {
      const parsed = emailField.safeParse(raw.email.replace(/^mailto:/i, ''));
      if (!parsed.success) addError(r, `l'adresse e-mail « ${raw.email} » n'est pas valide.`);
      else {
        email = parsed.data;
        const seen = emailLine.get(email);
        if (seen) addError(r, `l'adresse e-mail ${email} figure déjà à la ligne ${seen}.`);
        else emailLine.set(email, r);
      }
    }
    const number = raw.student_number ?? '';
    if (number) {
      if (number.length > 50) addError(r, "le numéro d'étudiant dépasse 50 caractères.");
      const seen = numberLine.get(number);
      if (seen) addError(r, `le numéro d'étudiant ${number} figure déjà à la ligne ${seen}.`);
      else numberLine.set(number, r);
    }
    identities.push({ line: r, email, number });
    const specIds: number[] = [];
    for (const code of (raw.specializations ?? '').split(/[,;/|]/).map((s) => s.trim()).filter(Boolean)) {
      const id = specByKey.get(code.toLowerCase()) ?? specByKey.get(normalizeHeader(code));
      if (!id) addError(r, `le parcours « ${code} » est inconnu.`);
      else if (!specIds.includes(id)) specIds.push(id);
    }
    let yearId: number | undefined;
    if (raw.academic_year) {
      yearId = yearByLabel.get(raw.academic_year.replace(/\s*[-/]\s*/, '-'));
      if (!yearId) addError(r, `l'année universitaire « ${raw.academic_year} » est inconnue.`);
    } else if (current) yearId = current.id;
    else addError(r, "aucune année universitaire n'est marquée courante : indiquez l'année dans la colonne « Année universitaire ».");
    const premium = (raw.is_premium ?? '').toLowerCase();
    if (!YES.has(premium) && !NO.has(premium)) addError(r, `la valeur premium « ${raw.is_premium} » doit être Oui ou Non.`);

    if ((errors[`ligne_${r}`]?.length ?? 0) === before) {
      rows.push({
        line: r,
        last_name: lastName,
        first_name: firstName,
        email,
        student_number: number,
        specialization_ids: specIds,
        academic_year_id: yearId!,
        is_premium: YES.has(premium) ? 1 : 0,
      });
    }
  }
  if (dataRows === 0) throw fileError("Le fichier ne contient aucun étudiant : remplissez une ligne par étudiant sous l'en-tête.");

  // Already taken in the database, checked for every row (with or without other errors).
  const takenEmails = new Set(
    (
      await inChunks([...emailLine.keys()], 5000, (chunk) =>
        ctx.db.selectFrom('users').select(sql<string>`lower(email)`.as('e')).where(sql`lower(email)`, 'in', chunk).execute(),
      )
    ).map((x) => x.e),
  );
  const takenNumbers = new Set(
    (
      await inChunks([...numberLine.keys()], 5000, (chunk) =>
        ctx.db.selectFrom('users').select('student_number').where('student_number', 'in', chunk).execute(),
      )
    ).map((x) => x.student_number),
  );
  for (const row of identities) {
    if (row.email && takenEmails.has(row.email)) addError(row.line, `l'adresse e-mail ${row.email} est déjà utilisée par un autre compte.`);
    if (row.number && takenNumbers.has(row.number)) addError(row.line, `le numéro d'étudiant ${row.number} est déjà attribué.`);
  }

  const bad = Object.keys(errors).length;
  if (bad > 0) {
    const sorted = Object.fromEntries(Object.entries(errors).sort((a, b) => Number(a[0].slice(6)) - Number(b[0].slice(6))));
    throw unprocessable(
      sorted,
      `Aucun étudiant n'a été importé : ${bad} ligne${bad > 1 ? 's contiennent' : ' contient'} des erreurs. Corrigez-les puis importez de nouveau le fichier.`,
    );
  }

  const passwords = rows.map(() => generatePassword());
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 500) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + 500).map(hashGeneratedPassword))));
  }
  await ctx.db.transaction().execute(async (trx) => {
    const idByEmail = new Map<string, number>();
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await trx
        .insertInto('users')
        .values(
          rows.slice(i, i + 1000).map((row, j) => ({
            last_name: row.last_name,
            first_name: row.first_name,
            email: row.email,
            password_hash: hashes[i + j],
            role: 'STUDENT' as const,
            is_premium: row.is_premium,
            student_number: row.student_number,
            must_change_password: 1,
          })),
        )
        .returning(['id', 'email'])
        .execute();
      for (const x of inserted) idByEmail.set(x.email, x.id);
    }
    const enrolments = rows.flatMap((row) =>
      row.specialization_ids.map((sid) => ({ user_id: idByEmail.get(row.email)!, academic_year_id: row.academic_year_id, specialization_id: sid })),
    );
    for (let i = 0; i < enrolments.length; i += 5000) {
      await trx.insertInto('student_enrolments').values(enrolments.slice(i, i + 5000)).execute();
    }
  });
  const credentials: ImportedCredential[] = rows.map((row, i) => ({
    line: row.line,
    last_name: row.last_name,
    first_name: row.first_name,
    email: row.email,
    student_number: row.student_number,
    password: passwords[i],
  }));
  return { imported: rows.length, credentials };
}
