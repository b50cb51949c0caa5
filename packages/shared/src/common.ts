// The JSON envelope every API answer uses, and list paging (docs/api.md « Conventions »).
import { z } from 'zod';
import { intField, searchText } from './zod-fr';

export const TOAST_STATUSES = ['success', 'info', 'warn', 'error'] as const;
export type ToastStatus = (typeof TOAST_STATUSES)[number];

export interface Envelope<T = unknown> {
  status: ToastStatus;
  message: string;
  data?: T;
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export interface Paginated<T> extends Envelope<T[]> {
  data: T[];
  meta: PageMeta;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.enum(TOAST_STATUSES), message: z.string(), data });

export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.enum(TOAST_STATUSES), message: z.string(), data: z.array(item), meta: pageMetaSchema });

/** 0 or 1, as the database stores flags. */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** Query of every list: page, per_page, search, sort ("field" or "-field" for descending). */
export const listQuerySchema = z.object({
  page: intField('La page', 1, 1_000_000).default(1),
  per_page: intField('Le nombre par page', 1, 100).default(10),
  search: searchText.optional(),
  sort: z
    .string({ error: 'Le tri demandé est invalide.' })
    .trim()
    .regex(/^-?[a-z_]{1,60}$/, { error: 'Le tri demandé est invalide.' })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Checkbox-like flags arrive as 0/1, "0"/"1", true/false. */
export const flag01 = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], {
    error: 'Cette case doit valoir 0 ou 1.',
  })
  .transform((v) => (v === 1 || v === true || v === '1' || v === 'true' ? 1 : 0));

/** A calendar date (AAAA-MM-JJ): "… est obligatoire." when empty, "… doit être une date valide" when malformed. */
export const isoDate = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${label} est obligatoire.` : `${label} doit être une date valide (AAAA-MM-JJ).`) })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .pipe(z.iso.date({ error: `${label} doit être une date valide (AAAA-MM-JJ).` }));
