// Import of a Moodle XML or GIFT file: every question read, mapped and checked (programs run on every case in the
// sandbox) into a report before anything is written; a confirmed import writes every importable question through the
// question bank's own create path, in one transaction, or none. Export of questions back to Moodle XML or GIFT.
import { performance } from 'node:perf_hooks';
import {
  EXPORT_VARIANTS,
  QUESTION_KIND_LABELS,
  questionInputSchema,
  type ExchangeFormat,
  type ExportReportItem,
  type ImportReport,
  type ImportReportItem,
  type PossibleSolution,
  type Question,
  type QuestionData,
  type StudentQuestion,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { HttpError, notFound, unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { withTransaction } from '../../lib/transaction';
import { sanitizeRichText } from '../chapters';
import { findExamListItem, examQuestions } from '../exams';
import { checkContent, readContent, removeStoredContent, storeContent } from '../files';
import { serverKind } from '../question-kinds';
import { checkQuestionReference, createQuestionIn, findQuestionsByIds, firstVariantOf, toStudentQuestion, variantsForExport, type QuestionCaller } from '../questions';
import { checkRate } from '../runner';
import { readGift, writeGiftQuestion } from './gift';
import { readMoodleXml } from './moodle-read';
import { writeMoodleXml } from './moodle-write';
import { PLUGINFILE, type Candidate, type EmbeddedFile } from './types';

export interface ImportFile {
  name: string;
  content: Buffer;
}

const MAGIC: Array<[number[], string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'une archive ZIP (un .mbz de sauvegarde Moodle ?)'],
  [[0x1f, 0x8b], 'une archive compressée'],
  [[0x25, 0x50, 0x44, 0x46], 'un PDF'],
  [[0x89, 0x50, 0x4e, 0x47], 'une image PNG'],
  [[0xff, 0xd8, 0xff], 'une image JPEG'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'un document Office'],
  [[0x7f, 0x45, 0x4c, 0x46], 'un programme'],
];

const refuse = (m: string) => unprocessable({ file: [m] }, m);

/** The file as text, or a French refusal for what is not a text file (a binary renamed .xml). */
export function decodeText(file: ImportFile): string {
  const head = file.content.subarray(0, 8);
  const known = MAGIC.find(([bytes]) => bytes.every((b, i) => head[i] === b));
  const binary = `Le fichier « ${file.name} » n’est pas un fichier texte${known ? ` : c’est ${known[1]}` : ''}. Importez l’export Moodle XML (.xml) ou GIFT (.txt, .gift) tel que Moodle le donne.`;
  if (known || file.content.includes(0)) throw refuse(binary);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.content);
  } catch {
    // GIFT files written on Windows are often Latin-1: read them as such when no control byte says binary.
    if (file.content.some((b) => b < 0x09 || (b > 0x0d && b < 0x20))) throw refuse(binary);
    text = file.content.toString('latin1');
  }
  return text.replace(/^\uFEFF/, '');
}

export function formatOf(file: ImportFile, text: string): ExchangeFormat {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext === 'xml') return 'moodle';
  if (ext === 'gift' || ext === 'txt') return 'gift';
  return /^\s*<(\?xml|quiz\b)/.test(text) ? 'moodle' : 'gift';
}

interface Checked {
  item: ImportReportItem;
  data?: QuestionData;
  files: Array<EmbeddedFile & { mime: string }>;
}

/** Bytes of images a report inlines in its previews, all questions together (beyond: the image is left out). */
const PREVIEW_IMAGE_BUDGET = 4 * 1024 * 1024;

/** The question as a student would see it, from what the import would write: its images inlined while `budget` lasts. */
function previewOf(index: number, data: QuestionData, files: Checked['files'], budget: { left: number }): StudentQuestion {
  // Stand-in addresses of our own form pass the statement's cleaning; each is then given its image's content.
  let statement = data.statement;
  files.forEach((f, i) => {
    statement = statement.split(`${PLUGINFILE}/${encodeURIComponent(f.name)}`).join(`/api/files/${i + 1}/inline/preview${i}`);
  });
  statement = sanitizeRichText(statement);
  files.forEach((f, i) => {
    const stand = `/api/files/${i + 1}/inline/preview${i}`;
    const fits = f.mime.startsWith('image/') && f.content.length <= budget.left;
    if (fits) budget.left -= f.content.length;
    statement = fits
      ? statement.split(stand).join(`data:${f.mime};base64,${f.content.toString('base64')}`)
      : statement.replace(new RegExp(`<img\\b[^>]*${stand}[^>]*>`, 'g'), '').split(stand).join('#');
  });
  const possible_solutions = data.possible_solutions.map((p, i) => ({ ...p, id: i + 1, question_id: 0, position: i + 1 })) as unknown as PossibleSolution[];
  return toStudentQuestion(
    { id: index, type: data.type, statement, language: data.language, points: data.points, starter_code: data.starter_code, limits: data.limits, possible_solutions },
    'preview',
  );
}

/** The statement as it will be stored, with stand-in addresses for embedded files (the report writes nothing). */
function statementIsEmpty(html: string): boolean {
  const stand = sanitizeRichText(html.replace(/@@PLUGINFILE@@\/[^"'\s?#<>]+/g, '/api/files/1/inline/0'));
  return htmlToText(stand).trim() === '' && !/<img\b/i.test(stand);
}

/** A candidate against our rules (the same zod schema as the question form) and its embedded files. */
function checkCandidate(ctx: AppContext, c: Candidate, budget: { left: number }): Checked {
  const item: ImportReportItem = {
    index: c.index,
    line: c.line,
    name: c.name,
    source_type: c.source_type,
    outcome: c.outcome,
    type: c.input?.type ?? null,
    language: c.input?.language ?? null,
    notes: [...c.notes],
    checked_cases: 0,
    preview: null,
  };
  if (!c.input) return { item, files: [] };
  const files: Checked['files'] = [];
  let statement = c.input.statement;
  for (const f of c.files) {
    const ok = checkContent(ctx, f.name, f.content);
    if (ok.ok) files.push({ ...f, mime: ok.mime });
    else {
      item.notes.push(`${ok.message} Il est retiré de l’énoncé.`);
      item.outcome = 'approximated';
      statement = statement.split(`${PLUGINFILE}/${encodeURIComponent(f.name)}`).join('');
    }
  }
  const parsed = questionInputSchema.safeParse({ ...c.input, statement });
  if (!parsed.success) {
    return { item: { ...item, outcome: 'failed', notes: [...item.notes, ...new Set(parsed.error.issues.map((i) => i.message))] }, files: [] };
  }
  if (statementIsEmpty(parsed.data.statement)) return { item: { ...item, outcome: 'failed', notes: [...item.notes, 'L’énoncé est vide une fois nettoyé.'] }, files: [] };
  return { item: { ...item, preview: previewOf(c.index, parsed.data, files, budget) }, data: parsed.data, files };
}

/** Runs `task` on the items, at most `width` at once, keeping their order. */
async function pool<T, R>(items: T[], width: number, task: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/** Programs with a reference solution: run on every case, as a save would; a failing one is `failed`. */
async function checkPrograms(ctx: AppContext, caller: QuestionCaller, checked: Checked[]): Promise<number> {
  const programs = checked.filter((c) => c.data && serverKind(c.data.type).fields.program && c.data.reference_solution);
  if (!programs.length) return 0;
  // The whole import is one unit of the user's run limit; its programs then run without counting each.
  await checkRate(ctx, caller.userId);
  const started = performance.now();
  // Two programs at a time: each runs its cases side by side already, so the pool stays busy without one import
  // holding every slot.
  await pool(programs, 2, async (c) => {
    try {
      c.item.checked_cases = await checkQuestionReference(ctx, { ...caller, metered: false }, c.data!);
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode !== 422) throw e;
      c.item.outcome = 'failed';
      c.item.notes.push(e.message.replace(/ Rien n’a été enregistré\.$/, ''));
      c.item.preview = null;
      c.data = undefined;
    }
  });
  return Math.round(performance.now() - started);
}

/** A parameterised question (a randomised CodeRunner one) is previewed as its first variant, never with its
 *  placeholders; a generator that gives no variant makes the question `failed`, with its reason (one without a
 *  reference solution was not run by checkPrograms). */
async function previewVariants(ctx: AppContext, caller: QuestionCaller, checked: Checked[], budget: { left: number }) {
  const parameterised = checked.filter((c) => c.data?.generator && c.item.preview);
  await pool(parameterised, 2, async (c) => {
    const data = c.data!;
    // A runner that cannot run now leaves the question without preview; the import itself does not depend on it.
    const made = await firstVariantOf(ctx, caller, { generator: data.generator!, statement: data.statement, possible_solutions: data.possible_solutions }).catch(() => null);
    if (made && 'failure' in made) {
      c.item.outcome = 'failed';
      c.item.notes.push(`Le générateur tiré des paramètres ne donne pas de variante : ${made.failure}.`);
      c.item.preview = null;
      c.data = undefined;
      return;
    }
    c.item.preview = made ? previewOf(c.item.index, { ...data, ...made.variant }, c.files, budget) : null;
  });
}

function reportOf(format: ExchangeFormat, fileName: string, checked: Checked[], checkMs: number, ids: number[]): ImportReport {
  const counts = { imported: 0, approximated: 0, skipped: 0, failed: 0 };
  for (const c of checked) counts[c.item.outcome]++;
  return {
    format,
    file_name: fileName,
    total: checked.length,
    counts,
    importable: counts.imported + counts.approximated,
    items: checked.map((c) => c.item),
    question_ids: ids,
    check_ms: checkMs,
  };
}

/** The report of a file (nothing written), or with `confirm` the import of every importable question. */
export async function importFile(ctx: AppContext, caller: QuestionCaller, file: ImportFile, confirm: boolean): Promise<ImportReport> {
  if (file.content.length === 0) throw refuse('Le fichier envoyé est vide.');
  const text = decodeText(file);
  const format = formatOf(file, text);
  const candidates = format === 'moodle' ? await readMoodleXml(text) : readGift(text);
  if (!candidates.length) throw refuse('Le fichier ne contient aucune question.');
  const checked: Checked[] = [];
  const budget = { left: PREVIEW_IMAGE_BUDGET };
  for (const [i, c] of candidates.entries()) {
    checked.push(checkCandidate(ctx, c, budget));
    // Statements are cleaned one by one: let other requests in now and then.
    if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  const checkMs = await checkPrograms(ctx, caller, checked);
  await previewVariants(ctx, caller, checked, budget);
  if (!confirm) return reportOf(format, file.name, checked, checkMs, []);
  const ids = await writeAll(ctx, caller.userId, checked.filter((c) => c.data));
  return reportOf(format, file.name, checked, checkMs, ids);
}

/** Every importable question with its files, in one transaction; a refusal names the question and writes nothing. */
async function writeAll(ctx: AppContext, userId: number, toWrite: Checked[]): Promise<number[]> {
  const hashes: string[] = [];
  try {
    return await withTransaction(ctx.db, async (trx) => {
      const ids: number[] = [];
      for (const c of toWrite) {
        let statement = c.data!.statement;
        for (const f of c.files) {
          const stored = await storeContent(ctx, trx, f.name, f.content, userId);
          hashes.push(stored.hash);
          const url = stored.inline_url ?? stored.url;
          statement = statement.split(`${PLUGINFILE}/${encodeURIComponent(f.name)}`).join(url);
        }
        try {
          ids.push(await createQuestionIn(trx, userId, { ...c.data!, statement }));
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 422) {
            const m = `Question ${c.item.index} « ${c.item.name} » (ligne ${c.item.line}) : ${e.message} Rien n’a été enregistré.`;
            throw unprocessable({ file: [m] }, m);
          }
          throw e;
        }
      }
      return ids;
    });
  } catch (e) {
    // Content written for a transaction that rolled back: removed unless another file row shares it.
    await removeStoredContent(ctx, hashes).catch(() => undefined);
    throw e;
  }
}


// --- Export -------------------------------------------------------------------------------------

export interface ExportResult {
  body: string;
  fileName: string;
  mime: string;
  /** Ids of the questions left out of the file. */
  omitted: number[];
  /** What the export did with each question it could not write as it is (the X-Export-Report header). */
  report: ExportReportItem[];
}

/** Each question as the file will hold it: a parameterised one as its variants (a file has no generator), or left
 *  out with the reason when a variant fails. */
async function expandVariants(ctx: AppContext, caller: QuestionCaller, questions: Question[], report: ExportReportItem[]): Promise<Question[]> {
  const out: Question[] = [];
  for (const q of questions) {
    if (!q.generator) {
      out.push(q);
      continue;
    }
    const made = await variantsForExport(ctx, caller, q, EXPORT_VARIANTS);
    const label = q.name ?? (htmlToText(q.statement).replace(/\s+/g, ' ').trim().slice(0, 50) || `Question ${q.id}`);
    if ('failure' in made || !made.variants.length) {
      const why = 'failure' in made ? made.failure : 'aucune variante n’a pu être fabriquée';
      report.push({ id: q.id, outcome: 'omitted', notes: [`Question paramétrée omise : ${why}.`] });
      continue;
    }
    const seeds = made.variants.map((v) => v.seed);
    report.push({
      id: q.id,
      outcome: 'variants',
      notes: [`Question paramétrée : un fichier n’a pas de générateur, elle part en ${seeds.length} variantes (graines ${seeds[0]} à ${seeds[seeds.length - 1]}), chacune une question.`],
    });
    for (const v of made.variants) out.push({ ...v.question, generator: null, name: `${label} (variante ${v.seed})`.slice(0, 200) });
  }
  return out;
}

/** The notes of one question, gathered (a question may get several). */
function addNote(report: ExportReportItem[], id: number, outcome: ExportReportItem['outcome'], note: string) {
  const known = report.find((r) => r.id === id && (r.outcome === outcome || r.outcome === 'variants'));
  if (known) {
    if (!known.notes.includes(note)) known.notes.push(note);
  } else report.push({ id, outcome, notes: [note] });
}

export async function exportQuestions(ctx: AppContext, caller: QuestionCaller, q: { format: ExchangeFormat; ids?: number[]; exam_id?: number }): Promise<ExportResult> {
  let ids = q.ids ?? [];
  let label = 'questions';
  if (q.exam_id) {
    const exam = await findExamListItem(ctx.db, q.exam_id);
    if (!exam) throw notFound('Cet examen est introuvable.');
    ids = (await examQuestions(ctx.db, q.exam_id)).map((x) => x.question_id);
    label = `examen-${q.exam_id}`;
  }
  const questions = await findQuestionsByIds(ctx.db, ids);
  if (questions.length < ids.length) {
    const found = new Set(questions.map((x) => x.id));
    const missing = ids.filter((id) => !found.has(id));
    throw notFound(`Question${missing.length > 1 ? 's' : ''} introuvable${missing.length > 1 ? 's' : ''} : n° ${missing.slice(0, 20).join(', ')}.`);
  }
  if (!questions.length) throw unprocessable({ ids: ['Aucune question à exporter.'] }, 'Aucune question à exporter.');
  const date = new Date().toISOString().slice(0, 10);
  const report: ExportReportItem[] = [];
  // Only what the format holds is made into variants: a program never leaves as GIFT, variants or not.
  const writable = (x: Question) => (q.format === 'moodle' ? !('omitted' in serverKind(x.type).moodle.write(x)) : serverKind(x.type).gift.write(x) !== null);
  const expanded = await expandVariants(ctx, caller, questions.filter(writable), report);
  const ordered = questions.flatMap((x) => (writable(x) ? expanded.filter((e) => e.id === x.id) : [x]));
  const omittedIds = () => [...new Set(report.filter((r) => r.outcome === 'omitted').map((r) => r.id))];
  if (q.format === 'moodle') {
    const { xml, omitted, notes } = await writeMoodleXml(ordered, async (id) => readContent(ctx, id));
    for (const o of omitted) addNote(report, o.id, 'omitted', `Question omise : ${o.reason}.`);
    for (const n of notes) addNote(report, n.id, 'changed', n.note);
    return { body: xml, fileName: `${label}-moodle-${date}.xml`, mime: 'application/xml; charset=utf-8', omitted: omittedIds(), report };
  }
  const body = writeGift(ordered, report);
  return { body, fileName: `${label}-gift-${date}.txt`, mime: 'text/plain; charset=utf-8', omitted: omittedIds(), report };
}

function writeGift(questions: Question[], report: ExportReportItem[]): string {
  const parts: string[] = [];
  for (const q of questions) {
    const g = writeGiftQuestion(q);
    if (g === null) {
      const why = `ce type (${QUESTION_KIND_LABELS[q.type]}) n’existe pas en GIFT ; exportez-la en Moodle XML`;
      addNote(report, q.id, 'omitted', `Question omise : ${why}.`);
      parts.push(`// Question ${q.id} : ${why}.`);
      continue;
    }
    for (const n of g.notes) addNote(report, q.id, 'changed', n);
    parts.push(g.text);
  }
  return `${parts.join('\n\n')}\n`;
}
