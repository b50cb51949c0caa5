// Decides an upload's type from its first bytes and its name: the accepted list, and a refusal when
// the content does not match the extension (a renamed executable is not a PDF).
import { ACCEPTED_FILE_EXTENSIONS } from '@exam/shared';

type Kind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' | 'gzip' | 'text';

/** What each extension must contain, and the type it is served with. */
const BY_EXTENSION: Record<(typeof ACCEPTED_FILE_EXTENSIONS)[number], { kind: Kind; mime: string }> = {
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  png: { kind: 'png', mime: 'image/png' },
  jpg: { kind: 'jpeg', mime: 'image/jpeg' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg' },
  gif: { kind: 'gif', mime: 'image/gif' },
  webp: { kind: 'webp', mime: 'image/webp' },
  txt: { kind: 'text', mime: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', mime: 'text/csv; charset=utf-8' },
  tsv: { kind: 'text', mime: 'text/tab-separated-values; charset=utf-8' },
  json: { kind: 'text', mime: 'application/json' },
  md: { kind: 'text', mime: 'text/markdown; charset=utf-8' },
  py: { kind: 'text', mime: 'text/x-python; charset=utf-8' },
  r: { kind: 'text', mime: 'text/x-r; charset=utf-8' },
  rmd: { kind: 'text', mime: 'text/markdown; charset=utf-8' },
  tex: { kind: 'text', mime: 'text/x-tex; charset=utf-8' },
  dat: { kind: 'text', mime: 'text/plain; charset=utf-8' },
  sql: { kind: 'text', mime: 'text/plain; charset=utf-8' },
  xml: { kind: 'text', mime: 'text/plain; charset=utf-8' },
  xlsx: { kind: 'zip', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  docx: { kind: 'zip', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pptx: { kind: 'zip', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  ods: { kind: 'zip', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  odt: { kind: 'zip', mime: 'application/vnd.oasis.opendocument.text' },
  odp: { kind: 'zip', mime: 'application/vnd.oasis.opendocument.presentation' },
  zip: { kind: 'zip', mime: 'application/zip' },
  xls: { kind: 'ole', mime: 'application/vnd.ms-excel' },
  gz: { kind: 'gzip', mime: 'application/gzip' },
  rds: { kind: 'gzip', mime: 'application/octet-stream' },
  rdata: { kind: 'gzip', mime: 'application/octet-stream' },
};

const DEFAULT_MIME: Record<Kind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  ole: 'application/octet-stream',
  gzip: 'application/gzip',
  text: 'text/plain; charset=utf-8',
};

export const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function startsWith(buf: Buffer, bytes: number[], at = 0): boolean {
  return buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
}

/** The kind of content from its first bytes (a few KB are enough), or null if none we accept. */
export function sniff(head: Buffer): Kind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (looksLikeText(head)) return 'text';
  return null;
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the sample must not count as invalid.
  const sample = head.length >= 4096 ? head.subarray(0, head.length - 3) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    // Latin-1 exports (older spreadsheets) are text too, as long as there are no control bytes.
    return !sample.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b));
  }
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

export type Detection = { ok: true; mime: string } | { ok: false; message: string };

const LIST = 'PDF, images (PNG, JPEG, GIF, WebP), textes et données (TXT, CSV, TSV, JSON, MD, PY, R, TEX…), tableurs et documents (XLSX, XLS, ODS, DOCX, ODT, PPTX), archives (ZIP, GZ, RDS, RData)';

export function detectType(name: string, head: Buffer): Detection {
  const kind = sniff(head);
  const ext = extensionOf(name);
  if (ext) {
    const expected = BY_EXTENSION[ext as keyof typeof BY_EXTENSION];
    if (!expected) return { ok: false, message: `Ce type de fichier (.${ext}) n’est pas accepté. Types acceptés : ${LIST}.` };
    if (kind !== expected.kind) return { ok: false, message: `Le contenu du fichier ne correspond pas à son extension .${ext}.` };
    return { ok: true, mime: expected.mime };
  }
  if (!kind || kind === 'ole') return { ok: false, message: `Ce type de fichier n’est pas accepté. Types acceptés : ${LIST}.` };
  return { ok: true, mime: DEFAULT_MIME[kind] };
}

/** A display name that cannot be a path: base name only, no control or reserved characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return 'fichier';
  if (cleaned.length <= 200) return cleaned;
  const ext = extensionOf(cleaned);
  return ext ? `${cleaned.slice(0, 199 - ext.length)}.${ext}` : cleaned.slice(0, 200);
}
