// Students list at scale: one folded search column (lower case, accents and typographic apostrophes
// removed, computed by the database) instead of four ILIKE per row, and an index for the default sort.
import { sql, type Kysely } from 'kysely';

// Upper- and lower-case accented letters both, since lower() under the C locale only folds ASCII.
export const FOLD_FROM = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸŒÆàáâãäåçèéêëìíîïñòóôõöùúûüýÿœæ’‘`';
export const FOLD_TO = "aaaaaaceeeeiiiinooooouuuuyyoaaaaaaaceeeeiiiinooooouuuuyyoa'''";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column search_text text generated always as (
    lower(translate(last_name || ' ' || first_name || ' ' || email || ' ' || coalesce(student_number, ''), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)}))
  ) stored`.execute(db);
  await sql`create index users_role_name_idx on users (role, last_name, first_name, id)`.execute(db);
}
