// The kinds added after matching join the questions' type check in one place: ORDERING (remise en ordre), CLOZE
// (texte à trous) and ESSAY (réponse rédigée ou fichiers, corrigée par une personne). Their own columns, if any,
// come in their own migrations.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questions drop constraint if exists questions_type_check`.execute(db);
  await sql`alter table questions add constraint questions_type_check check (type in ('QCM', 'EXACT', 'ALGORITHM', 'MATH', 'MATCHING', 'ORDERING', 'CLOZE', 'ESSAY'))`.execute(db);
}
