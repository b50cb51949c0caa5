// French messages for every zod schema, on both sides (web forms and API validation), and the field builders every
// payload uses: texts refuse control characters (a NUL byte cannot even be stored), ids stay within the database's
// integer range, and each field speaks of itself by name. New schemas built from these inherit all of it.
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (ids, positions, counts). */
export const MAX_INT = 2_147_483_647;

/** Control characters refused in one-line texts (names, codes, titles…): every C0 character and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** Control characters refused in multi-line texts: the same, but tab, line feed and carriage return are kept. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  date: 'une date',
};

/**
 * Plain French for any field that has no message of its own (zod's locale says "Entrée invalide : nombre attendu,
 * NaN reçu"). Fields built below always carry their own message; this is the fallback for the others.
 */
function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Ce champ est obligatoire.';
      return `Ce champ doit être ${TYPE_NAMES[issue.expected] ?? 'une valeur valide'}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ce texte ne doit pas dépasser ${issue.maximum} caractères.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Cette liste ne doit pas dépasser ${issue.maximum} éléments.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return Number(issue.maximum) >= Number.MAX_SAFE_INTEGER ? 'Ce nombre est trop grand.' : `Ce nombre ne doit pas dépasser ${issue.maximum}.`;
      }
      return 'Cette valeur est trop grande.';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Ce champ est obligatoire.' : `Ce texte doit contenir au moins ${issue.minimum} caractères.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Cette liste doit contenir au moins ${issue.minimum} élément${Number(issue.minimum) > 1 ? 's' : ''}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return Number(issue.minimum) <= -Number.MAX_SAFE_INTEGER ? 'Ce nombre est trop petit.' : `Ce nombre doit valoir au moins ${issue.minimum}.`;
      }
      return 'Cette valeur est trop petite.';
    case 'invalid_value':
      return issue.values.length <= 8
        ? `La valeur doit être l’une de : ${issue.values.map(String).join(', ')}.`
        : 'Cette valeur n’est pas permise.';
    case 'invalid_format':
      return 'Le format de ce champ est invalide.';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Cette valeur est invalide.';
    case 'unrecognized_keys':
      return `Champ inconnu : ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return 'Cette valeur n’est pas un multiple permis.';
    default:
      return undefined;
  }
}

z.config(z.locales.fr());
z.config({ customError: plainMessage });
// In the browser, zod must not compile validators with `new Function`: the Content-Security-Policy allows no
// eval, and even zod's probe for it is reported as a violation. The server keeps the faster compiled path.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/** "X est obligatoire." when absent, "X doit être un texte." when of another type. */
const textError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} est obligatoire.` : `${label} doit être un texte.`;

const controlMessage = (label: string) => `${label} contient un caractère non autorisé (caractère de contrôle).`;

/** A one-line text (trimmed) with no control character; may be empty. Add .optional()/.nullable()/.default() as needed. */
export const plainText = (label: string, max = 255) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((s) => !CONTROL_CHARS.test(s), { error: controlMessage(label) });

/** A multi-line text (trimmed): keeps tabs and line breaks, refuses other control characters. */
export const multilineText = (label: string, max = 5000) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((s) => !CONTROL_CHARS_MULTILINE.test(s), { error: controlMessage(label) });

/** Rich text (HTML of the editor, source code): kept as sent, tabs and line breaks allowed, no other control character. */
export const richText = (label: string, max: number) =>
  z
    .string({ error: textError(label) })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((s) => !CONTROL_CHARS_MULTILINE.test(s), { error: controlMessage(label) });

/** Trimmed, non-empty one-line text with a French "required" message. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: textError(label) })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((s) => !CONTROL_CHARS.test(s), { error: controlMessage(label) });

/** Search input of lists: control characters are dropped rather than refused (a pasted tab is harmless). */
export const searchText = z
  .string({ error: 'La recherche doit être un texte.' })
  .max(1000, { error: 'La recherche ne doit pas dépasser 100 caractères.' })
  .overwrite((s) => s.replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ').trim())
  .pipe(z.string().max(100, { error: 'La recherche ne doit pas dépasser 100 caractères.' }));

export const emailField = z
  .string({ error: textError("L’adresse e-mail") })
  .trim()
  .toLowerCase()
  .min(1, { error: "L’adresse e-mail est obligatoire." })
  .max(255, { error: "L’adresse e-mail ne doit pas dépasser 255 caractères." })
  .pipe(z.email({ error: "L’adresse e-mail n’est pas valide." }));

export const PASSWORD_MAX = 200;

/** A password as typed (not trimmed); control characters are refused so that every device can type it again. */
export const passwordInput = (label = 'Le mot de passe', min = 1) =>
  z
    .string({ error: textError(label) })
    .min(min, { error: min <= 1 ? `${label} est obligatoire.` : `${label} doit contenir au moins ${min} caractères.` })
    .max(PASSWORD_MAX, { error: `${label} ne doit pas dépasser ${PASSWORD_MAX} caractères.` })
    .refine((s) => !CONTROL_CHARS.test(s), { error: controlMessage(label) });

/** A new password: at least 8 characters. */
export const passwordField = passwordInput('Le mot de passe', 8);

/** A new password that may be left empty (keep the current one): '' or at least 8 characters. */
export const optionalPasswordField = (label = 'Le mot de passe') =>
  z
    .string({ error: `${label} doit être un texte.` })
    .max(PASSWORD_MAX, { error: `${label} ne doit pas dépasser ${PASSWORD_MAX} caractères.` })
    .refine((s) => s === '' || s.length >= 8, { error: `${label} doit contenir au moins 8 caractères.` })
    .refine((s) => !CONTROL_CHARS.test(s), { error: controlMessage(label) })
    .optional();

/**
 * An id (path, query or body): a whole number from 1 to 2,147,483,647 (the database's integer), given as a number or
 * its digits. Every failure says the same plain sentence with the field's name.
 */
export const idField = (label = "L’identifiant") => {
  const m = `${label} est invalide : un nombre entier entre 1 et ${MAX_INT} est attendu.`;
  const required = `${label} est obligatoire.`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: (i) => (i.input === undefined ? required : m) })
      .int({ error: m })
      .min(1, { error: m })
      .max(MAX_INT, { error: m }),
  );
};

/** Digits (from a path, a query or a form) become a number; '' and null mean "not given". */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
  return v;
}

/** An optional id filter of a list (`?academic_year_id=`): empty means no filter. */
export const optionalIdFilter = (label = 'Le filtre') => z.preprocess(toNumber, idField(label).optional());

/** A whole number between `min` and `max` (positions, durations, counts), with the field's name in every message. */
export const intField = (label: string, min: number, max: number = MAX_INT) => {
  const notInt = `${label} doit être un nombre entier.`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `${label} est obligatoire.` : notInt) })
      .int({ error: (i) => (i.code === 'too_big' ? `${label} ne doit pas dépasser ${max}.` : notInt) })
      .min(min, { error: `${label} doit être au moins ${min}.` })
      .max(max, { error: `${label} ne doit pas dépasser ${max}.` }),
  );
};

export const idParam = z.object({ id: idField() });
