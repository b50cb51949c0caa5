// Access rules of one exam (docs/examens.md « Règles d'accès ») : access code, allowed networks, one session per
// attempt, Safe Exam Browser, verdicts hidden until the attempt is over, and time added for everyone. Staff set
// them in the exam editor; the server checks them on start and on every student call of that exam. The student
// shape says which rules apply, never the code nor the Safe Exam Browser key.
import { z } from 'zod';
import { envelopeSchema, flag01 } from './common';
import { idField } from './zod-fr';

export const EXAM_ACCESS_LIMITS = {
  codeMin: 4,
  codeMax: 32,
  networksMax: 50,
  /** « +X % pour tous » : up to twice the time (beyond, change the duration itself). */
  timeBonusMax: 100,
  /** Wrong access codes one student may type for one exam in 15 minutes. */
  codeFailuresMax: 10,
  /** Browser Exam Keys one exam may allow (one per SEB version and platform of the rooms). */
  browserExamKeysMax: 20,
  sebPasswordMin: 6,
  sebPasswordMax: 64,
} as const;

/** The header Safe Exam Browser adds to every request: SHA-256 (hex) of the request's absolute URL + the config key. */
export const SEB_CONFIG_KEY_HEADER = 'x-safeexambrowser-configkeyhash';
/** The header Safe Exam Browser adds too: SHA-256 (hex) of the request's absolute URL + its Browser Exam Key. */
export const SEB_REQUEST_HASH_HEADER = 'x-safeexambrowser-requesthash';

export { EXAM_DEVICE_HEADER } from './exam-device';

/** French refusals, each naming the rule and what to do. */
export const EXAM_ACCESS_TEXTS = {
  codeRequired: 'Code d’accès requis : saisissez le code affiché par le surveillant dans la salle pour commencer l’examen.',
  codeMissing: 'Saisissez le code d’accès affiché par le surveillant.',
  codeWrong: 'Code d’accès incorrect : vérifiez le code affiché par le surveillant (majuscules et minuscules comptent peu, les espaces autour non plus).',
  codeTooManyFailures: 'Code d’accès : trop de codes incorrects pour cet examen. Réessayez dans 15 minutes ou adressez-vous au surveillant.',
  network: (ip: string) =>
    `Réseau non autorisé : cet examen ne se passe que depuis le réseau des salles d’examen (votre adresse : ${ip}). Connectez-vous au réseau de la salle, ou adressez-vous au surveillant.`,
  networkUnknown:
    'Réseau non autorisé : cet examen ne se passe que depuis le réseau des salles d’examen, et l’adresse de votre appareil n’a pas pu être lue. Rechargez la page depuis le réseau de la salle, ou adressez-vous au surveillant.',
  sebVersion:
    'Safe Exam Browser : cette version de Safe Exam Browser (ou ce poste) n’est pas autorisée pour cet examen. Utilisez le Safe Exam Browser installé sur les postes de la salle, ou adressez-vous au surveillant.',
  seb: 'Safe Exam Browser requis : cet examen ne se passe que dans Safe Exam Browser, ouvert avec le fichier de configuration de cet examen (« Télécharger la configuration Safe Exam Browser » sur la page de l’examen). Fermez ce navigateur et ouvrez ce fichier, ou adressez-vous au surveillant.',
  otherSession: 'Une seule session par composition : votre composition a été commencée dans un autre navigateur, ou dans celui-ci avant que ses données soient effacées. Revenez sur le navigateur où vous l’avez commencée, ou demandez au surveillant de la débloquer pour continuer ici.',
  verdictsHidden: 'Les résultats de cet examen s’affichent une fois votre composition terminée.',
  notStarted: 'Cet étudiant n’a pas commencé cet examen : il n’y a rien à débloquer.',
} as const;

// ---- Networks: CIDR ranges, IPv4 and IPv6 ------------------------------------------------------------------------

function ipv4Bytes(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function ipv6Bytes(s: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  // Groups of one side of '::'; an IPv4 tail (::ffff:10.0.0.1) may end the address and stands for two groups.
  const parse = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      if (last && i === groups.length - 1 && g.includes('.')) {
        const v4 = ipv4Bytes(g);
        if (!v4) return null;
        out.push(...v4);
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      const n = parseInt(g, 16);
      out.push(n >> 8, n & 255);
    }
    return out;
  };
  if (halves.length === 1) {
    const all = parse(halves[0], true);
    return all && all.length === 16 ? all : null;
  }
  const head = parse(halves[0], false);
  const tail = parse(halves[1], true);
  if (!head || !tail) return null;
  const missing = 16 - head.length - tail.length;
  // '::' stands for one group of zeros at least.
  if (missing < 2) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** An address as bytes (4 or 16); an IPv4-mapped IPv6 address (::ffff:a.b.c.d, as Node may give) is its IPv4. */
export function ipBytes(address: string): number[] | null {
  const v4 = ipv4Bytes(address);
  if (v4) return v4;
  const v6 = ipv6Bytes(address.replace(/%.*$/, ''));
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 255 && v6[11] === 255;
  return mapped ? v6.slice(12) : v6;
}

export interface CidrRange {
  bytes: number[];
  prefix: number;
}

/** « 10.1.0.0/16 », « 2001:db8::/32 », or one address (a /32 or /128); null when it is not one. */
export function parseCidr(text: string): CidrRange | null {
  const [addr, len, extra] = text.trim().split('/');
  if (extra !== undefined || !addr) return null;
  const bytes = ipv4Bytes(addr) ?? ipv6Bytes(addr);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (len !== undefined && !/^\d{1,3}$/.test(len)) return null;
  const prefix = len === undefined ? max : Number(len);
  return prefix <= max ? { bytes, prefix } : null;
}

/** Whether the address lies in the range (IPv4 ranges match IPv4-mapped IPv6 addresses too). */
export function inCidr(address: string, range: CidrRange): boolean {
  const ip = ipBytes(address);
  if (!ip || ip.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const mask = 0x80 >> bit % 8;
    if ((ip[bit >> 3] & mask) !== (range.bytes[bit >> 3] & mask)) return false;
  }
  return true;
}

const cidrField = z
  .string({ error: 'Chaque réseau doit être une plage d’adresses (ex. 10.12.0.0/16 ou 2001:db8::/48).' })
  .trim()
  .max(64, { error: 'Une plage d’adresses ne dépasse pas 64 caractères.' })
  .refine((s) => parseCidr(s) !== null, {
    error: (i) => `« ${String(i.input)} » n’est pas une plage d’adresses : écrivez-la comme 10.12.0.0/16 ou 2001:db8::/48.`,
  });

// ---- Payloads --------------------------------------------------------------------------------------------------

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const accessCodeField = z
  .string({ error: 'Le code d’accès doit être un texte.' })
  .trim()
  .min(EXAM_ACCESS_LIMITS.codeMin, { error: `Le code d’accès compte au moins ${EXAM_ACCESS_LIMITS.codeMin} caractères.` })
  .max(EXAM_ACCESS_LIMITS.codeMax, { error: `Le code d’accès ne dépasse pas ${EXAM_ACCESS_LIMITS.codeMax} caractères.` })
  .regex(/^[\p{L}\p{N}_-]+$/u, { error: 'Le code d’accès ne contient que des lettres, des chiffres, « - » et « _ ».' });

export const examAccessRulesInputSchema = z.object({
  /** Empty or null: no code. */
  access_code: z.preprocess(emptyToNull, accessCodeField.nullish().transform((v) => v ?? null)),
  /** Empty: any network. */
  allowed_networks: z
    .array(cidrField, { error: 'Les réseaux autorisés doivent être une liste.' })
    .max(EXAM_ACCESS_LIMITS.networksMax, { error: `Au plus ${EXAM_ACCESS_LIMITS.networksMax} plages d’adresses.` })
    .default([])
    .transform((list) => [...new Set(list)]),
  single_session: flag01.default(0),
  seb_required: flag01.default(0),
  /** The Config Key Safe Exam Browser shows for the exam's file; empty: the one the platform computes. */
  seb_config_key: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, { error: 'La clé de configuration Safe Exam Browser compte 64 caractères hexadécimaux.' })
      .transform((s) => s.toLowerCase())
      .nullish()
      .transform((v) => v ?? null),
  ),
  /** Browser Exam Keys allowed (as SEB shows them for the exam's file, one per SEB version); empty: not checked. */
  seb_browser_exam_keys: z
    .array(
      z
        .string({ error: 'Chaque clé d’examen du navigateur doit être un texte.' })
        .trim()
        .regex(/^[0-9a-fA-F]{64}$/, { error: (i) => `« ${String(i.input).slice(0, 80)} » n’est pas une clé d’examen du navigateur : elle compte 64 caractères hexadécimaux.` })
        .transform((s) => s.toLowerCase()),
      { error: 'Les clés d’examen du navigateur doivent être une liste.' },
    )
    .max(EXAM_ACCESS_LIMITS.browserExamKeysMax, { error: `Au plus ${EXAM_ACCESS_LIMITS.browserExamKeysMax} clés d’examen du navigateur.` })
    .default([])
    .transform((list) => [...new Set(list)]),
  /** Password of the encrypted .seb file (given in the room, as SEB asks it when opening the file); empty: unencrypted. */
  seb_file_password: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'Le mot de passe du fichier Safe Exam Browser doit être un texte.' })
      .min(EXAM_ACCESS_LIMITS.sebPasswordMin, { error: `Le mot de passe du fichier Safe Exam Browser compte au moins ${EXAM_ACCESS_LIMITS.sebPasswordMin} caractères.` })
      .max(EXAM_ACCESS_LIMITS.sebPasswordMax, { error: `Le mot de passe du fichier Safe Exam Browser ne dépasse pas ${EXAM_ACCESS_LIMITS.sebPasswordMax} caractères.` })
      .nullish()
      .transform((v) => v ?? null),
  ),
  hide_verdicts: flag01.default(0),
  time_bonus_percent: z.coerce
    .number({ error: 'Le temps ajouté pour tous doit être un pourcentage.' })
    .int({ error: 'Le temps ajouté pour tous est un nombre entier de pour cent.' })
    .min(0, { error: 'Le temps ajouté pour tous ne peut pas être négatif.' })
    .max(EXAM_ACCESS_LIMITS.timeBonusMax, { error: `Le temps ajouté pour tous ne dépasse pas ${EXAM_ACCESS_LIMITS.timeBonusMax} %.` })
    .default(0),
});
export type ExamAccessRulesInput = z.input<typeof examAccessRulesInputSchema>;
export type ExamAccessRulesData = z.infer<typeof examAccessRulesInputSchema>;

/** What staff see: the rules as stored, the key the platform computed, and attempts tied to one session. */
export const examAccessRulesSchema = z.object({
  exam_id: z.number().int(),
  access_code: z.string().nullable(),
  allowed_networks: z.array(z.string()),
  single_session: z.union([z.literal(0), z.literal(1)]),
  seb_required: z.union([z.literal(0), z.literal(1)]),
  seb_config_key: z.string().nullable(),
  seb_browser_exam_keys: z.array(z.string()),
  seb_file_password: z.string().nullable(),
  hide_verdicts: z.union([z.literal(0), z.literal(1)]),
  time_bonus_percent: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ExamAccessRules = z.infer<typeof examAccessRulesSchema>;
export const examAccessRulesEnvelopeSchema = envelopeSchema(
  examAccessRulesSchema.extend({
    /** Open attempts whose deadline moved because the time for everyone changed. */
    deadlines_recomputed: z.number().int(),
  }),
);
export const examAccessRulesShowEnvelopeSchema = envelopeSchema(examAccessRulesSchema);

/** What a student learns of the rules before starting: which apply, never the code or the key. */
export const studentExamAccessSchema = z.object({
  access_code_required: z.boolean(),
  networks_restricted: z.boolean(),
  single_session: z.boolean(),
  seb_required: z.boolean(),
  hide_verdicts: z.boolean(),
  time_bonus_percent: z.number().int(),
});
export type StudentExamAccess = z.infer<typeof studentExamAccessSchema>;
export const studentExamAccessEnvelopeSchema = envelopeSchema(studentExamAccessSchema);

/** Body of `start`: the access code when the exam has one (no body: none). */
export const examStartInputSchema = z
  .object({ access_code: z.preprocess(emptyToNull, z.string().trim().max(200).nullish()) })
  .nullish();
export type ExamStartInput = z.input<typeof examStartInputSchema>;

export const examUnlockParamsSchema = z.object({ id: idField("L’examen"), userId: idField("L’étudiant") });
export const examUnlockEnvelopeSchema = envelopeSchema(z.object({ user_id: z.number().int(), unlocked: z.boolean() }));

/** The effective duration of an exam with time added for everyone, whole minutes rounded up (null: no duration). */
export function durationWithBonus(durationMinutes: number | null, bonusPercent: number): number | null {
  return durationMinutes == null ? null : Math.ceil((durationMinutes * (100 + bonusPercent)) / 100 - 1e-9);
}
