// Helpers that build the { status, message, data } envelope of docs/api.md « Conventions ».
import type { PageMeta, ToastStatus } from '@exam/shared';

/** The envelope of an answer, its data always present and its status exact, as the declared response schemas require. */
export function ok<T, S extends ToastStatus = 'success'>(data: T, message = 'Opération réussie.', status: S = 'success' as S): { status: S; message: string; data: T } {
  return { status, message, data };
}

export function page<T>(data: T[], total: number, pageNo: number, perPage: number, message = 'Liste chargée.') {
  const meta: PageMeta = { page: pageNo, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
  return { status: 'success' as const, message, data, meta };
}
