// Upload, deletion and access rules of files (docs/api.md: files).
import fs from 'node:fs';
import type { MultipartFile } from '@fastify/multipart';
import type { FileInfo } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { Trx } from '../../lib/transaction';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, paymentRequired, tooLarge, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { cleanFileName, detectType, IMAGE_MIMES } from './detect';
import { deleteFileRow, deleteStaleUploads, findFile, firstQuestionUse, firstUse, insertFile, toFileInfo, unreferencedHashes, type FileRow } from './repository';
import { blobPath, discard, keep, keepContent, receive, removeBlobs } from './storage';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} Mo`.replace('.', ',');
  return `${Math.round(bytes / 1024)} Ko`;
}

export async function saveUpload(ctx: AppContext, part: MultipartFile | undefined, userId: number): Promise<FileInfo> {
  if (!part || part.fieldname !== 'file') {
    // Drain whatever was sent so the connection is left in a clean state.
    part?.file.resume();
    throw unprocessable({ file: ['Le fichier est obligatoire (champ « file »).'] }, 'Le fichier est obligatoire.');
  }
  const name = cleanFileName(part.filename);
  const received = await receive(ctx.config.dataDir, part.file);
  if (part.file.truncated) {
    await discard(received);
    throw tooLarge(`Le fichier dépasse la taille maximale autorisée (${formatSize(ctx.config.UPLOAD_LIMIT_BYTES)}).`);
  }
  if (received.size === 0) {
    await discard(received);
    throw unprocessable({ file: ['Le fichier est vide.'] }, 'Le fichier est vide.');
  }
  const type = detectType(name, received.head);
  if (!type.ok) {
    await discard(received);
    throw unprocessable({ file: [type.message] }, type.message);
  }
  await keep(ctx.config.dataDir, received);
  const row = await insertFile(ctx.db, { hash: received.hash, name, size: received.size, mime: type.mime }, userId);
  await sweepStaleUploads(ctx);
  return toFileInfo(row);
}

/** A file is uploaded before its chapter is saved; one left unused for a day was abandoned. */
export const STALE_UPLOAD_MS = 24 * 3600 * 1000;

async function sweepStaleUploads(ctx: AppContext): Promise<void> {
  await removeStoredContent(ctx, await deleteStaleUploads(ctx.db, new Date(Date.now() - STALE_UPLOAD_MS)));
}

/** Removes the stored content of deleted files (their hashes) that no file row shares any more: after the commit. */
export async function removeStoredContent(ctx: AppContext, hashes: string[]): Promise<void> {
  await removeBlobs(ctx.config.dataDir, await unreferencedHashes(ctx.db, hashes));
}

export async function removeFile(ctx: AppContext, id: number): Promise<void> {
  const file = await findFile(ctx.db, id);
  if (!file) throw notFound('Fichier introuvable.');
  const used = await firstUse(ctx.db, id);
  if (used) {
    throw conflict(
      `Ce fichier est encore utilisé par le chapitre « ${used.chapter_title} » du cours « ${used.course_title} ». Retirez-le de ce chapitre avant de le supprimer.`,
    );
  }
  const question = await firstQuestionUse(ctx.db, id);
  if (question) {
    throw conflict(`Ce fichier est encore utilisé par l’énoncé de la question n° ${question.question_id}. Retirez-le de cet énoncé avant de le supprimer.`);
  }
  await deleteFileRow(ctx.db, id);
  await removeStoredContent(ctx, [file.hash]);
}

/**
 * The courses a student may open that use the file, with their premium flags. The courses feature answers; it is
 * passed in because courses depend on files (attachments, clean-up), never the other way round.
 */
export type CoursesUsingFile = (db: Db, fileId: number, user: SessionUser) => Promise<Array<{ is_premium: number }>>;

/** The file if this user may download it: staff always; a student through a course they may open. */
export async function fileForDownload(ctx: AppContext, id: number, user: SessionUser, coursesUsingFile: CoursesUsingFile): Promise<FileRow> {
  const file = await findFile(ctx.db, id);
  if (!file) throw notFound('Fichier introuvable.');
  if (user.role !== 'STUDENT') return file;
  const courses = await coursesUsingFile(ctx.db, id, user);
  if (courses.length === 0) throw notFound('Fichier introuvable.');
  if (!user.is_premium && courses.every((c) => c.is_premium)) throw paymentRequired('Ce fichier appartient à un cours réservé aux étudiants premium.');
  return file;
}

/** An image shown inside chapter text: reachable by whoever knows its content hash. */
export async function inlineImage(ctx: AppContext, id: number, hash: string): Promise<FileRow> {
  const file = await findFile(ctx.db, id);
  if (!file || file.hash !== hash || !IMAGE_MIMES.has(file.mime)) throw notFound('Image introuvable.');
  return file;
}

export function openBlob(ctx: AppContext, file: FileRow): fs.ReadStream {
  const p = blobPath(ctx.config.dataDir, file.hash);
  if (!fs.existsSync(p)) throw notFound('Le contenu de ce fichier est introuvable sur le serveur.');
  return fs.createReadStream(p);
}

/** Content-Disposition keeping the original name (RFC 6266 / 5987), with an ASCII fallback. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\;]/g, '_').trim() || 'fichier';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Whether content received otherwise than by upload (a file embedded in an imported question) would be accepted by
 * an upload: the same type and size rules. Its type, or the French reason.
 */
export function checkContent(ctx: AppContext, rawName: string, content: Buffer): { ok: true; mime: string; name: string } | { ok: false; message: string } {
  const name = cleanFileName(rawName);
  if (content.length === 0) return { ok: false, message: `Le fichier « ${name} » est vide.` };
  if (content.length > ctx.config.UPLOAD_LIMIT_BYTES) {
    return { ok: false, message: `Le fichier « ${name} » dépasse la taille maximale autorisée (${formatSize(ctx.config.UPLOAD_LIMIT_BYTES)}).` };
  }
  const type = detectType(name, content.subarray(0, 8192));
  return type.ok ? { ok: true, mime: type.mime, name } : { ok: false, message: `« ${name} » : ${type.message}` };
}

/**
 * Stores content as a file row in the caller's transaction (an import writes its questions' images with them). The
 * content goes to disk first, under its hash: should the transaction roll back, `removeStoredContent` with the
 * returned hash removes it.
 */
export async function storeContent(ctx: AppContext, trx: Trx, rawName: string, content: Buffer, userId: number): Promise<FileInfo & { hash: string }> {
  const checked = checkContent(ctx, rawName, content);
  if (!checked.ok) throw unprocessable({ file: [checked.message] }, checked.message);
  const hash = await keepContent(ctx.config.dataDir, content);
  const row = await insertFile(trx, { hash, name: checked.name, size: content.length, mime: checked.mime }, userId);
  return { ...toFileInfo(row), hash };
}

/** A stored file's name and content (an export embeds them), or null when it is gone. */
export async function readContent(ctx: AppContext, id: number): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const file = await findFile(ctx.db, id);
  if (!file) return null;
  const p = blobPath(ctx.config.dataDir, file.hash.trim());
  if (!fs.existsSync(p)) return null;
  return { name: file.name, mime: file.mime, content: await fs.promises.readFile(p) };
}
