// Reading an uploaded spreadsheet safely: a zip check before exceljs opens it (junk, renamed files,
// decompression bombs), and cell values turned into plain text (formulas, rich text, links, dates).
// exceljs is loaded on first use: it weighs ~25 MB of memory that most processes never need.
import type ExcelJS from 'exceljs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

export type ZipCheck = 'ok' | 'not-zip' | 'too-large' | 'too-many-entries';

/**
 * Inflates every entry of a zip through a counting stream, without keeping the output, and stops as soon as
 * the total passes `maxTotal` bytes: the sizes a zip declares can lie (a bomb declaring 1,000 bytes that
 * inflates to 200 MB), the bytes that come out of the inflater cannot. Memory stays at zlib's window and one
 * 16 KB output chunk at a time. 'not-zip' for bytes that are not a zip we can read (no central directory,
 * zip64, a method other than stored/deflate, corrupt deflate data).
 */
export async function checkZip(buf: Buffer, limits: { maxTotal: number; maxEntries: number }): Promise<ZipCheck> {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return 'not-zip';
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'not-zip';
  const entries = buf.readUInt16LE(eocd + 10);
  if (entries === 0xffff) return 'not-zip'; // zip64
  if (entries > limits.maxEntries) return 'too-many-entries';
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return 'not-zip';
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const local = buf.readUInt32LE(p + 42);
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (compressed === 0xffffffff || local === 0xffffffff) return 'not-zip'; // zip64
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return 'not-zip';
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, Math.min(buf.length, start + compressed));
    if (method === 0) total += data.length;
    else if (method === 8) {
      const out = await countInflated(data, limits.maxTotal - total);
      if (out === 'too-large') return 'too-large';
      if (out === 'corrupt') return 'not-zip';
      total += out;
    } else return 'not-zip';
    if (total > limits.maxTotal) return 'too-large';
  }
  return 'ok';
}

/** Bytes that `data` (raw deflate) inflates to, or 'too-large' as soon as they pass `max`. */
async function countInflated(data: Buffer, max: number): Promise<number | 'too-large' | 'corrupt'> {
  let count = 0;
  let over = false;
  const counter = new Writable({
    write(chunk: Buffer, _enc, cb) {
      count += chunk.length;
      if (count > max) {
        over = true;
        cb(new Error('too large'));
      } else cb();
    },
  });
  try {
    await pipeline(Readable.from([data]), createInflateRaw(), counter);
    return count;
  } catch {
    return over ? 'too-large' : 'corrupt';
  }
}

export type CellText = { text: string } | { error: string };

/** The text a cell shows; formulas give their computed result, or an error when none was saved. */
export function cellText(v: ExcelJS.CellValue): CellText {
  if (v === null || v === undefined) return { text: '' };
  if (typeof v === 'string') return { text: v };
  if (typeof v === 'number') return { text: Number.isFinite(v) ? String(v) : '' };
  if (typeof v === 'boolean') return { text: v ? 'oui' : 'non' };
  if (v instanceof Date) return { text: v.toISOString().slice(0, 10) };
  if (typeof v === 'object') {
    if ('error' in v) return { error: `la cellule affiche l’erreur ${String(v.error)}` };
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as { result?: unknown }).result;
      if (result === undefined || result === null) return { error: 'la cellule contient une formule sans valeur calculée ; saisissez la valeur elle-même' };
      return cellText(result as ExcelJS.CellValue);
    }
    if ('richText' in v) return { text: v.richText.map((r) => r.text).join('') };
    if ('text' in v) {
      const t = (v as { text: unknown }).text;
      return typeof t === 'string' ? { text: t } : cellText(t as ExcelJS.CellValue);
    }
  }
  return { text: String(v) };
}

/** Lower case, no accents, words separated by one space: headers compare on this. */
export function normalizeHeader(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Trims ordinary and non-breaking spaces and zero-width characters; collapses inner runs of spaces. */
export function cleanText(s: string): string {
  return s
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}
