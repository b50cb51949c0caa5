// Row checks any feature may run on a table of its own or on another's, named by the caller: which ids exist, a row
// lock, marking a row as changed. They know tables, not features.
import { sql, type Generated } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { Trx } from './transaction';

/** Tables whose rows are known by a numeric id. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never }[keyof Database];
/** Of those, the ones that record when a row last changed. */
type UpdatedTable = { [T in IdTable]: Database[T] extends { updated_at: unknown } ? T : never }[IdTable];

/**
 * Which of these ids have no row in the table. Inside a transaction the rows found are key-share locked, so none
 * can be deleted between this check and the write that refers to it.
 */
export async function missingIds(db: Db, table: IdTable, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const query = db.selectFrom(table).select('id').where('id', 'in', unique);
  const found = await (db.isTransaction ? query.forKeyShare() : query).execute();
  const set = new Set(found.map((r) => r.id));
  return unique.filter((id) => !set.has(id));
}

/** Whether the table has a row of this id. */
export async function rowExists(db: Db, table: IdTable, id: number): Promise<boolean> {
  return (await missingIds(db, table, [id])).length === 0;
}

/** Locks the row for the rest of the transaction; false when there is no such row. */
export async function lockRow(trx: Trx, table: IdTable, id: number): Promise<boolean> {
  const row = await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return !!row;
}

/** Marks the row as changed now. */
export async function touchRow(db: Db, table: UpdatedTable, id: number): Promise<void> {
  await db.updateTable(table).set({ updated_at: sql`now()` }).where('id', '=', id).execute();
}
