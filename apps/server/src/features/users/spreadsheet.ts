// Reading an uploaded spreadsheet safely: a zip check before exceljs opens it (junk, renamed files,
// decompression bombs), and cell values turned into plain text (formulas, rich text, links, dates).
// exceljs is loaded on first use: it weighs ~25 MB of memory that most processes never need.
import type ExcelJS from 'exceljs';

/** Sum of the uncompressed sizes declared in a zip's central directory; null when the bytes are not a zip. */
export function zipUncompressedSize(buf: Buffer): number | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(p + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY; // zip64: far beyond any sheet we accept
    total += size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
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
    if ('error' in v) return { error: `la cellule affiche l'erreur ${String(v.error)}` };
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
