// Files handed in as answers (docs/correction-humaine.md « Réponses par fichier »): an upload is checked by content
// (a renamed executable is no PDF), against the question's accepted types, its size and count limits (under the
// server's ceiling); a PDF's pages are counted (pdfinfo) and rendered one by one for the graders (pdftoppm, poppler),
// poppler confined by bubblewrap where it works (no network, the host read-only but for the PDF's own directory).
// A file is served to its owner and to staff, to nobody else (another student gets the same 404 as for no file).
import { execFile, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_ANSWER_SIZE_CEILING_MB, FILE_ANSWER_TEXTS as T, FILE_ANSWER_TYPE_MIMES, type AnswerFile, type FileAnswerSettings } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound, tooLarge, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { cleanFileName, detectType } from '../files';
import { answerFileContent, deleteAnswerFile, filesOfAttemptQuestion, findAnswerFile, insertAnswerFile, lockAttemptUploads, toAnswerFile, type AnswerFileRow } from './repository';

const MB = 1024 * 1024;

/** The largest file the question takes, in bytes: the teacher's limit, under the server's ceiling and upload limit. */
export function uploadLimitBytes(ctx: AppContext, settings: FileAnswerSettings): number {
  return Math.min(Math.min(settings.max_size_mb, FILE_ANSWER_SIZE_CEILING_MB) * MB, ctx.config.UPLOAD_LIMIT_BYTES);
}

/** Limits of poppler on a student's file: its memory, CPU seconds and the largest file it may write. */
const POPPLER_LIMITS = ['--as=1073741824', '--cpu=30', '--fsize=67108864', '--core=0'];

/** bubblewrap, once it has been seen to work here (a container may forbid its namespaces); null: not available. */
let confinement: string | null | undefined;
function bwrapPath(): string | null {
  if (confinement !== undefined) return confinement;
  const found = ['/usr/bin/bwrap', '/bin/bwrap'].find((p) => existsSync(p)) ?? null;
  confinement = found && spawnSync(found, [...confinedArgs('/tmp'), '/usr/bin/true'], { timeout: 10_000 }).status === 0 ? found : null;
  return confinement;
}

/** A PDF is a student's file, read by a C library: poppler runs with no network, no other process, nothing of the
 *  host but its programs and fonts read-only, and the PDF's own directory, under limits. */
function confinedArgs(dir: string): string[] {
  return [
    '--unshare-all', '--die-with-parent', '--new-session',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/bin', '/bin',
    '--ro-bind-try', '/etc/fonts', '/etc/fonts',
    '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp',
    '--bind', dir, dir, '--chdir', dir,
    '--cap-drop', 'ALL', '--clearenv', '--setenv', 'PATH', '/usr/bin', '--setenv', 'HOME', '/tmp', '--',
  ];
}

function run(cmd: string, args: string[], timeoutMs: number, dir: string): Promise<{ stdout: Buffer }> {
  const bwrap = bwrapPath();
  const limited = ['prlimit', ...POPPLER_LIMITS, '--', cmd, ...args];
  const [file, ...argv] = bwrap ? [bwrap, ...confinedArgs(dir), ...limited] : limited;
  return new Promise((resolve, reject) => {
    execFile(file!, argv, { timeout: timeoutMs, maxBuffer: 64 * MB, encoding: 'buffer' }, (err, stdout) => (err ? reject(err) : resolve({ stdout })));
  });
}

async function withTmpPdf<T>(content: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'answer-pdf-'));
  try {
    const file = path.join(dir, `${randomBytes(6).toString('hex')}.pdf`);
    await fsp.writeFile(file, content, { mode: 0o600 });
    return await fn(file, dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** A PDF's page count (pdfinfo), or 1 when it cannot be read. */
export async function pdfPages(content: Buffer): Promise<number> {
  try {
    return await withTmpPdf(content, async (file, dir) => {
      const { stdout } = await run('pdfinfo', [file], 15_000, dir);
      const m = /^Pages:\s+(\d+)/m.exec(stdout.toString('latin1'));
      return m ? Math.max(1, Number(m[1])) : 1;
    });
  } catch {
    return 1;
  }
}

/** Rendered pages, kept a little while (a grader goes back and forth between copies). */
const rendered = new Map<string, Buffer>();
const RENDER_CACHE = 40;

/** One page of a PDF as a PNG (pdftoppm, 110 dpi), or null when poppler cannot render it. */
export async function renderPdfPage(id: number, content: Buffer, page: number): Promise<Buffer | null> {
  const key = `${id}:${page}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  try {
    const png = await withTmpPdf(content, async (file, dir) => {
      const out = path.join(dir, 'page');
      await run('pdftoppm', ['-png', '-r', '110', '-f', String(page), '-l', String(page), '-singlefile', file, out], 30_000, dir);
      return fsp.readFile(`${out}.png`);
    });
    rendered.set(key, png);
    if (rendered.size > RENDER_CACHE) rendered.delete(rendered.keys().next().value!);
    return png;
  } catch {
    return null;
  }
}

async function readAll(part: MultipartFile, limit: number): Promise<{ content: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Beyond the limit nothing more is kept (the stream is still drained).
    if (size <= limit) chunks.push(chunk);
  }
  return { content: Buffer.concat(chunks), truncated: part.file.truncated || size > limit };
}

export interface UploadTarget {
  attemptId: number;
  questionId: number;
  userId: number;
  settings: FileAnswerSettings;
}

/** Stores an uploaded file for a question of an attempt, once its type, size and the count are checked. */
export async function saveAnswerUpload(ctx: AppContext, part: MultipartFile | undefined, target: UploadTarget): Promise<AnswerFile> {
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw unprocessable({ file: [T.missing] }, T.missing);
  }
  const limit = uploadLimitBytes(ctx, target.settings);
  const name = cleanFileName(part.filename);
  const { content, truncated } = await readAll(part, limit);
  if (truncated) throw tooLarge(T.tooLarge(Math.round(limit / MB)));
  if (content.length === 0) throw unprocessable({ file: [T.empty] }, T.empty);
  const detected = detectType(name, content.subarray(0, 8192));
  const accepted = new Set(target.settings.accepted.map((t) => FILE_ANSWER_TYPE_MIMES[t]));
  if (!detected.ok || !accepted.has(detected.mime)) {
    const message = !detected.ok && detected.message.startsWith('Le contenu') ? detected.message : T.wrongType(target.settings.accepted);
    throw unprocessable({ file: [message] }, message);
  }
  const pages = detected.mime === 'application/pdf' ? await pdfPages(content) : 1;
  const row = await withTransaction(ctx.db, async (trx) => {
    await lockAttemptUploads(trx, target.attemptId);
    const already = await filesOfAttemptQuestion(trx, target.attemptId, target.questionId);
    if (already.length >= target.settings.max_files) throw unprocessable({ file: [T.tooMany(target.settings.max_files)] }, T.tooMany(target.settings.max_files));
    return insertAnswerFile(trx, {
      attempt_id: target.attemptId,
      question_id: target.questionId,
      user_id: target.userId,
      name,
      mime: detected.mime,
      size: content.length,
      pages,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    });
  });
  return toAnswerFile(row);
}

/** The files a student uploaded for a question of their attempt. */
export async function uploadedFiles(ctx: AppContext, attemptId: number, questionId: number): Promise<AnswerFile[]> {
  return (await filesOfAttemptQuestion(ctx.db, attemptId, questionId)).map(toAnswerFile);
}

/** Removes a file of the student's own attempt (while it is open: the caller checks). */
export async function removeOwnAnswerFile(ctx: AppContext, attemptId: number, fileId: number): Promise<void> {
  const file = await findAnswerFile(ctx.db, fileId);
  if (!file || file.attempt_id !== attemptId) throw notFound(T.notFound);
  await deleteAnswerFile(ctx.db, fileId);
}

const isStaff = (u: SessionUser) => u.role === 'ADMIN' || u.role === 'TEACHER';

/** The file if this user may read it: its owner, or staff (graders). Anyone else: 404, as for no file. */
export async function answerFileFor(ctx: AppContext, id: number, user: SessionUser): Promise<AnswerFileRow> {
  const file = await findAnswerFile(ctx.db, id);
  if (!file || (!isStaff(user) && file.user_id !== user.id)) throw notFound(T.notFound);
  return file;
}

export async function contentOf(ctx: AppContext, file: AnswerFileRow): Promise<Buffer> {
  const content = await answerFileContent(ctx.db, file.id);
  if (!content) throw notFound(T.notFound);
  return content;
}
