// Helpers that build the { status, message, data } envelope of DESIGN.md §4.
import type { PageMeta, ToastStatus } from '@exam/shared';

/** The success envelope, its data always present (null when there is nothing to send back). */
export function ok<T>(data: T, message = 'Opération réussie.', status: ToastStatus = 'success') {
  return { status, message, data };
}

export function page<T>(data: T[], total: number, pageNo: number, perPage: number, message = 'Liste chargée.') {
  const meta: PageMeta = { page: pageNo, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
  return { status: 'success' as const, message, data, meta };
}
