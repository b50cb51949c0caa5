// Reads and writes of the mentions table.
import { sql } from 'kysely';
import type { ListQuery, Mention, MentionInput } from '@exam/shared';
import type { Db } from '../../db/schema';
import { likePattern, orderFrom, paginate } from '../../lib/list';

const SORTS = { name: 'name', code: 'code', created_at: 'created_at' } as const;

function base(db: Db) {
  return db.selectFrom('mentions').select((eb) => [
    'mentions.id',
    'mentions.name',
    'mentions.code',
    'mentions.description',
    eb
      .selectFrom('specializations as s')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('s.mention_id', '=', 'mentions.id')
      .as('specializations_count'),
  ]);
}

export async function listMentions(db: Db, q: ListQuery) {
  let query = base(db);
  if (q.search) {
    const like = likePattern(q.search);
    query = query.where((eb) => eb.or([eb('mentions.name', 'ilike', like), eb('mentions.code', 'ilike', like)]));
  }
  const [col, dir] = orderFrom(q.sort, SORTS, ['name', 'asc']);
  const { rows, total } = await paginate(query.orderBy(`mentions.${col}` as 'mentions.name', dir).orderBy('mentions.id'), q.page, q.per_page);
  return { rows: rows as Mention[], total };
}

export async function findMention(db: Db, id: number) {
  return (await base(db).where('mentions.id', '=', id).executeTakeFirst()) as Mention | undefined;
}

export async function findMentionByCode(db: Db, code: string, exceptId?: number) {
  let q = db.selectFrom('mentions').select('id').where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertMention(db: Db, input: MentionInput) {
  return db
    .insertInto('mentions')
    .values({ name: input.name, code: input.code, description: input.description || null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateMention(db: Db, id: number, input: MentionInput) {
  await db
    .updateTable('mentions')
    .set({ name: input.name, code: input.code, description: input.description || null })
    .where('id', '=', id)
    .execute();
}

export async function deleteMention(db: Db, id: number) {
  await db.deleteFrom('mentions').where('id', '=', id).execute();
}
