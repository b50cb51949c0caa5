// Access rules of an exam, as staff set them (docs/examens.md « Règles d'accès »), and the Safe Exam Browser file
// the platform gives for it. Exam taking enforces the rules (features/exam-taking/access.ts).
import { createCipheriv, createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ExamAccessRules, ExamAccessRulesData } from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { withTransaction } from '../../lib/transaction';
import { findAccessRules, recomputeOpenDeadlines, upsertAccessRules, type StoredAccessRules } from './access-rules-repository';
import { lockExam } from './repository';

const NOT_FOUND = 'Examen introuvable.';

export function toStaffRules(r: StoredAccessRules): ExamAccessRules {
  return { ...r, updated_at: r.updated_at?.toISOString() ?? null };
}

export async function loadAccessRules(db: Db, examId: number): Promise<ExamAccessRules> {
  const exam = await db.selectFrom('exams').select('id').where('id', '=', examId).executeTakeFirst();
  if (!exam) throw notFound(NOT_FOUND);
  return toStaffRules(await findAccessRules(db, examId));
}

/** Saves the rules with the exam's row locked (as starts take it); a new time for everyone moves running attempts' deadlines. */
export async function saveAccessRules(
  ctx: AppContext,
  examId: number,
  input: ExamAccessRulesData,
): Promise<{ rules: ExamAccessRules; moved: Array<{ attempt_id: number; deadline: Date }> }> {
  return withTransaction(ctx.db, async (trx) => {
    if (!(await lockExam(trx, examId))) throw notFound(NOT_FOUND);
    const before = await findAccessRules(trx, examId);
    await upsertAccessRules(trx, { exam_id: examId, ...input });
    const moved = before.time_bonus_percent === input.time_bonus_percent ? [] : await recomputeOpenDeadlines(trx, examId, input.time_bonus_percent);
    return { rules: toStaffRules(await findAccessRules(trx, examId)), moved };
  });
}

// ---- Safe Exam Browser ------------------------------------------------------------------------------------------
// The file opens the exam's page in SEB; SEB then sends, with every request, SHA-256(absolute URL + Config Key). The
// Config Key is SEB's hash of the file's settings: keys sorted regardless of case, JSON without spaces, hashed with
// SHA-256 (SEB's « Config Key » documentation). Staff may paste the key SEB itself shows instead (seb_config_key).

/** The settings of an exam's .seb file, for the platform reached at `origin` (https://examens.univ.example). */
export function sebSettings(origin: string, examId: number): Record<string, string | boolean | number> {
  return {
    startURL: `${origin}/student/exams/${examId}/handle`,
    sendBrowserExamKey: true,
    allowQuit: true,
    browserWindowAllowReload: true,
    URLFilterEnable: false,
  };
}

const sortedKeys = (o: Record<string, unknown>) => Object.keys(o).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

export function computedSebConfigKey(origin: string, examId: number): string {
  const settings = sebSettings(origin, examId);
  const json = `{${sortedKeys(settings)
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(settings[k])}`)
    .join(',')}}`;
  return createHash('sha256').update(json).digest('hex');
}

/** The Config Key requests must be hashed with: the one staff pasted, else the platform's. */
export const sebConfigKey = (rules: Pick<StoredAccessRules, 'seb_config_key' | 'exam_id'>, origin: string) =>
  rules.seb_config_key ?? computedSebConfigKey(origin, rules.exam_id);

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The .seb file (an XML property list, unencrypted) that opens the exam in Safe Exam Browser. */
export function sebConfigFile(origin: string, examId: number): string {
  const settings = sebSettings(origin, examId);
  const entries = sortedKeys(settings).map((k) => {
    const v = settings[k];
    const value = typeof v === 'boolean' ? `<${v}/>` : typeof v === 'number' ? `<integer>${v}</integer>` : `<string>${xml(v)}</string>`;
    return `  <key>${xml(k)}</key>\n  ${value}`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${entries.join('\n')}
</dict>
</plist>
`;
}

/** The salts and IV of an encryption; random unless given (the format's test vectors give them). */
export interface RncryptorRandom {
  encryptionSalt: Buffer;
  hmacSalt: Buffer;
  iv: Buffer;
}

/**
 * RNCryptor's data format, version 3, with a password (what Safe Exam Browser decrypts a « pswd » file with): keys
 * by PBKDF2-SHA1 (10 000 rounds, 8-byte salts), AES-256-CBC, HMAC-SHA256 of header and ciphertext appended.
 */
export function rncryptorEncrypt(data: Buffer, password: string, random: RncryptorRandom = { encryptionSalt: randomBytes(8), hmacSalt: randomBytes(8), iv: randomBytes(16) }): Buffer {
  const key = (salt: Buffer) => pbkdf2Sync(Buffer.from(password, 'utf8'), salt, 10_000, 32, 'sha1');
  const header = Buffer.concat([Buffer.from([3, 1]), random.encryptionSalt, random.hmacSalt, random.iv]);
  const cipher = createCipheriv('aes-256-cbc', key(random.encryptionSalt), random.iv);
  const body = Buffer.concat([header, cipher.update(data), cipher.final()]);
  return Buffer.concat([body, createHmac('sha256', key(random.hmacSalt)).update(body).digest()]);
}

/**
 * The .seb file staff and students download. With a password: SEB's encrypted form, gzip(« pswd » + RNCryptor(password,
 * gzip(XML))), which SEB opens after asking the password; whoever lacks it cannot read the settings, hence cannot
 * compute the Config Key. Without: the XML property list as is.
 */
export function sebFile(rules: Pick<StoredAccessRules, 'exam_id' | 'seb_file_password'>, origin: string): string | Buffer {
  const plist = sebConfigFile(origin, rules.exam_id);
  if (!rules.seb_file_password) return plist;
  const inner = rncryptorEncrypt(gzipSync(Buffer.from(plist, 'utf8')), rules.seb_file_password);
  return gzipSync(Buffer.concat([Buffer.from('pswd', 'ascii'), inner]));
}

export const SEB_MEDIA_TYPE = 'application/seb';
export const sebFileName = (examId: number) => `examen-${examId}.seb`;
