// Student import from the xlsx template, in three steps: parse the rows, check each of them and then against the
// database (every bad row reported with its line number), write all rows in one transaction, or none. Each student gets a generated
// first password, handed back once, and must change it at first sign-in (docs/import-etudiants.md).
// exceljs is loaded on first use: it weighs ~25 MB of memory that most processes never need.
import type ExcelJS from 'exceljs';
import {
  emailField,
  EXTRA_TIME_FACTOR_MESSAGE,
  extraTimeFactorField,
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
import { importReferences, insertImportedStudents, takenEmails, takenStudentNumbers, type ImportedStudent } from './repository';
import { withTransaction } from '../../lib/transaction';
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
  extra_time_factor: ['tiers temps', 'coefficient de temps', 'coefficient tiers temps', 'temps majore'],
  accommodation_reason: ['motif de l amenagement', 'motif amenagement', 'motif', 'amenagement', 'type d amenagement'],
  separate_room: ['salle a part', 'salle separee', 'salle particuliere'],
  large_text: ['grands caracteres', 'gros caracteres', 'texte agrandi', 'agrandissement'],
};
/** Spellings of each accommodation reason (compared without accents or case). */
const REASONS: Record<string, 'TIERS_TEMPS' | 'AUTRE'> = {
  'tiers temps': 'TIERS_TEMPS',
  tt: 'TIERS_TEMPS',
  'autre amenagement': 'AUTRE',
  autre: 'AUTRE',
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

/** A checked row: the student to write (their password comes later) and its line in the file. */
type Row = Omit<ImportedStudent, 'password_hash'> & { line: number };

async function openSheet(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const zip = await checkZip(buf, { maxTotal: MAX_INFLATED_BYTES, maxEntries: MAX_ZIP_ENTRIES });
  if (zip === 'not-zip') {
    throw fileError("Le fichier n’est pas un classeur Excel (.xlsx). Téléchargez le modèle, remplissez-le et importez-le tel quel.");
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
    throw fileError("Le fichier n’a pas pu être lu comme un classeur Excel (.xlsx). Enregistrez-le au format .xlsx et réessayez.");
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
      if (missing.length) throw fileError(`Colonnes manquantes dans l’en-tête : ${missing.join(', ')}. Utilisez le modèle.`);
      return { headerRow: r, cols };
    }
  }
  const expected = STUDENT_IMPORT_COLUMNS.map((c) => c.header).join(', ');
  throw fileError(`L’en-tête du fichier est introuvable : la première ligne doit contenir les colonnes ${expected}.`);
}

/** Errors by line (« ligne_12 »), each message starting with its line number. */
class Report {
  readonly errors: Record<string, string[]> = {};
  add(line: number, m: string) {
    (this.errors[`ligne_${line}`] ??= []).push(`Ligne ${line} : ${m}`);
  }
  count(line: number) {
    return this.errors[`ligne_${line}`]?.length ?? 0;
  }
  /** 422 listing every bad line in order, when there is one: nothing is written. */
  throwIfAny(): void {
    const bad = Object.keys(this.errors).length;
    if (bad === 0) return;
    const sorted = Object.fromEntries(Object.entries(this.errors).sort((a, b) => Number(a[0].slice(6)) - Number(b[0].slice(6))));
    throw unprocessable(
      sorted,
      `Aucun étudiant n’a été importé : ${bad} ligne${bad > 1 ? 's contiennent' : ' contient'} des erreurs. Corrigez-les puis importez de nouveau le fichier.`,
    );
  }
}

type RawRow = Partial<Record<StudentImportColumn, string>>;

/** Step 1, parse: each filled row's text by column, with its line (merged cells and unreadable cells reported). */
function parseRows(ws: ExcelJS.Worksheet, headerRow: number, cols: Partial<Record<StudentImportColumn, number>>, report: Report): Array<{ line: number; raw: RawRow }> {
  const out: Array<{ line: number; raw: RawRow }> = [];
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const raw: RawRow = {};
    let merged = false;
    let any = false;
    for (const c of STUDENT_IMPORT_COLUMNS) {
      const col = cols[c.key];
      if (!col) continue;
      const cell = row.getCell(col);
      if (cell.isMerged) merged = true;
      const t = cellText(cell.value);
      if ('error' in t) {
        report.add(r, `colonne « ${c.header} » : ${t.error}.`);
        raw[c.key] = '';
        any = true;
        continue;
      }
      raw[c.key] = cleanText(t.text);
      if (raw[c.key]) any = true;
    }
    if (!any && !merged) continue; // a row with values only outside our columns, or only spaces
    if (out.length >= STUDENT_IMPORT_MAX_ROWS) {
      const max = STUDENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR');
      throw fileError(`Le fichier contient plus de ${max} étudiants. Découpez-le en plusieurs fichiers de ${max} lignes au plus.`);
    }
    if (merged) {
      report.add(r, 'la ligne contient des cellules fusionnées ; défusionnez-les et remplissez chaque cellule.');
      out.push({ line: r, raw: {} });
      continue;
    }
    out.push({ line: r, raw });
  }
  if (out.length === 0) throw fileError("Le fichier ne contient aucun étudiant : remplissez une ligne par étudiant sous l’en-tête.");
  return out;
}

interface Lookup {
  specByKey: Map<string, number>;
  yearByLabel: Map<string, number>;
  currentYearId: number | undefined;
}

function lookupOf(refs: Awaited<ReturnType<typeof importReferences>>): Lookup {
  const specByKey = new Map<string, number>();
  for (const s of refs.specializations) specByKey.set(normalizeHeader(s.name), s.id);
  for (const s of refs.specializations) specByKey.set(s.code.toLowerCase(), s.id); // codes win over names
  return { specByKey, yearByLabel: new Map(refs.years.map((y) => [y.label, y.id])), currentYearId: refs.years.find((y) => y.is_current === 1)?.id };
}

/** Step 2, check: one row's values (duplicates within the file noted in `seen`); the row when it has no error. */
function checkRow(line: number, raw: RawRow, cols: Partial<Record<StudentImportColumn, number>>, lookup: Lookup, seen: { email: Map<string, number>; number: Map<string, number> }, report: Report) {
  const before = report.count(line);
  for (const c of STUDENT_IMPORT_COLUMNS) {
    if (c.required && !raw[c.key] && cols[c.key]) report.add(line, `la colonne « ${c.header} » est vide.`);
  }
  const lastName = raw.last_name ?? '';
  const firstName = raw.first_name ?? '';
  if (lastName.length > 100) report.add(line, 'le nom dépasse 100 caractères.');
  if (firstName.length > 100) report.add(line, 'le prénom dépasse 100 caractères.');

  let email = '';
  if (raw.email) {
    const parsed = emailField.safeParse(raw.email.replace(/^mailto:/i, ''));
    if (!parsed.success) report.add(line, `l’adresse e-mail « ${raw.email} » n’est pas valide.`);
    else {
      email = parsed.data;
      const first = seen.email.get(email);
      if (first) report.add(line, `l’adresse e-mail ${email} figure déjà à la ligne ${first}.`);
      else seen.email.set(email, line);
    }
  }
  const number = raw.student_number ?? '';
  if (number) {
    if (number.length > 50) report.add(line, "le numéro d’étudiant dépasse 50 caractères.");
    const first = seen.number.get(number);
    if (first) report.add(line, `le numéro d’étudiant ${number} figure déjà à la ligne ${first}.`);
    else seen.number.set(number, line);
  }
  const specIds: number[] = [];
  for (const code of (raw.specializations ?? '').split(/[,;/|]/).map((s) => s.trim()).filter(Boolean)) {
    const id = lookup.specByKey.get(code.toLowerCase()) ?? lookup.specByKey.get(normalizeHeader(code));
    if (!id) report.add(line, `le parcours « ${code} » est inconnu.`);
    else if (!specIds.includes(id)) specIds.push(id);
  }
  let yearId: number | undefined;
  if (raw.academic_year) {
    yearId = lookup.yearByLabel.get(raw.academic_year.replace(/\s*[-/]\s*/, '-'));
    if (!yearId) report.add(line, `l’année universitaire « ${raw.academic_year} » est inconnue.`);
  } else if (lookup.currentYearId) yearId = lookup.currentYearId;
  else report.add(line, "aucune année universitaire n’est marquée courante : indiquez l’année dans la colonne « Année universitaire ».");
  const premium = (raw.is_premium ?? '').toLowerCase();
  if (!YES.has(premium) && !NO.has(premium)) report.add(line, `la valeur premium « ${raw.is_premium} » doit être Oui ou Non.`);
  const accommodations = checkAccommodations(line, raw, report);

  const identity = { line, email, number };
  if (report.count(line) > before) return { identity, row: null };
  const row: Row = { line, last_name: lastName, first_name: firstName, email, student_number: number, specialization_ids: specIds, academic_year_id: yearId!, is_premium: YES.has(premium) ? 1 : 0, ...accommodations };
  return { identity, row };
}

/**
 * A row's accommodations: the extra-time factor (empty: 1), its reason (a category only: « Tiers-temps » or « Autre
 * aménagement »; empty with a factor above 1: tiers-temps), a separate room and larger text (Oui / Non, empty: Non).
 */
function checkAccommodations(line: number, raw: RawRow, report: Report) {
  let factor = 1;
  if (raw.extra_time_factor) {
    const parsed = extraTimeFactorField.safeParse(raw.extra_time_factor);
    if (!parsed.success || parsed.data === undefined) report.add(line, `colonne « Tiers-temps » : « ${raw.extra_time_factor} » n’est pas valide. ${EXTRA_TIME_FACTOR_MESSAGE}`);
    else factor = parsed.data;
  }
  let reason: 'TIERS_TEMPS' | 'AUTRE' | null = null;
  if (raw.accommodation_reason) {
    const found = REASONS[normalizeHeader(raw.accommodation_reason)];
    if (!found) {
      report.add(line, `le motif de l’aménagement « ${raw.accommodation_reason} » doit être « Tiers-temps » ou « Autre aménagement » (jamais le détail médical, qui reste au service d’accueil).`);
    } else reason = found;
  }
  if (reason === 'TIERS_TEMPS' && factor === 1) {
    report.add(line, 'le motif « Tiers-temps » demande un coefficient dans la colonne « Tiers-temps » (par exemple 1,33).');
  }
  if (reason === null && factor > 1) reason = 'TIERS_TEMPS';
  const flag = (value: string | undefined, header: string): number => {
    const v = (value ?? '').toLowerCase();
    if (YES.has(v)) return 1;
    if (!NO.has(v)) report.add(line, `la valeur « ${value} » de la colonne « ${header} » doit être Oui ou Non.`);
    return 0;
  };
  const separate_room = flag(raw.separate_room, 'Salle à part');
  const large_text = flag(raw.large_text, 'Grands caractères');
  return { extra_time_factor: factor, accommodation_reason: reason, separate_room, large_text };
}

/** Step 3: addresses and numbers already taken in the database, checked for every row (with other errors or not). */
async function checkTaken(ctx: AppContext, identities: Array<{ line: number; email: string; number: string }>, report: Report): Promise<void> {
  const emails = await takenEmails(ctx.db, [...new Set(identities.map((i) => i.email).filter(Boolean))]);
  const numbers = await takenStudentNumbers(ctx.db, [...new Set(identities.map((i) => i.number).filter(Boolean))]);
  for (const i of identities) {
    if (i.email && emails.has(i.email)) report.add(i.line, `l’adresse e-mail ${i.email} est déjà utilisée par un autre compte.`);
    if (i.number && numbers.has(i.number)) report.add(i.line, `le numéro d’étudiant ${i.number} est déjà attribué.`);
  }
}

/** Parse → check (each row, then against the database) → write all in one transaction, or nothing. */
export async function importStudents(ctx: AppContext, buf: Buffer): Promise<StudentImportResult> {
  const ws = await openSheet(buf);
  const { headerRow, cols } = readHeader(ws);
  const report = new Report();
  const parsed = parseRows(ws, headerRow, cols, report);

  const lookup = lookupOf(await importReferences(ctx.db));
  const seen = { email: new Map<string, number>(), number: new Map<string, number>() };
  const rows: Row[] = [];
  const identities: Array<{ line: number; email: string; number: string }> = [];
  for (const { line, raw } of parsed) {
    if (report.count(line) > 0 && Object.keys(raw).length === 0) continue; // merged cells: reported, nothing to read
    const checked = checkRow(line, raw, cols, lookup, seen, report);
    identities.push(checked.identity);
    if (checked.row) rows.push(checked.row);
  }
  await checkTaken(ctx, identities, report);
  report.throwIfAny();

  const passwords = rows.map(() => generatePassword());
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 500) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + 500).map(hashGeneratedPassword))));
  }
  await withTransaction(ctx.db, (trx) => insertImportedStudents(trx, rows.map((row, i) => ({ ...row, password_hash: hashes[i]! }))));
  const credentials: ImportedCredential[] = rows.map((row, i) => ({
    line: row.line,
    last_name: row.last_name,
    first_name: row.first_name,
    email: row.email,
    student_number: row.student_number,
    password: passwords[i]!,
  }));
  return { imported: rows.length, credentials };
}
