// Several API processes starting at once on one empty PostgreSQL database: migrations run once, the first
// admin is created once, and no start fails (the startup lock makes the others wait, then find it done).
import { randomBytes } from 'node:crypto';
import { onPostgres } from '../../test/helper';
import { afterAll, describe, expect, it } from 'vitest';
import { latestMigration, migrate, migrationLevel, openDb, withStartupLock, type DbHandle } from '.';
import { ensureFirstAdmin } from '../features/users';

const url = process.env.DATABASE_URL;

describe.runIf(!!url)('startup of several processes on one PostgreSQL database', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handles: DbHandle[] = [];

  afterAll(async () => {
    for (const h of handles) await h.close();
    await onPostgres(url!, `drop schema if exists ${schema} cascade`);
  });

  it('migrates once and creates one first admin when four processes start together', async () => {
    await onPostgres(url!, `create schema ${schema}`);
    // Four pools, as four processes would have (each its own connections).
    for (let i = 0; i < 4; i++) handles.push(await openDb({ databaseUrl: url, schema, poolSize: 3 }));
    const order: string[] = [];
    const created = await Promise.all(
      handles.map((h, i) =>
        withStartupLock(h, async () => {
          order.push(`start ${i}`);
          await migrate(h.db);
          const made = await ensureFirstAdmin(h.db, 'premier@univ.example', 'MotDePasse1!');
          order.push(`end ${i}`);
          return made;
        }),
      ),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    // The work never overlapped: every start is followed by its own end.
    for (let k = 0; k < order.length; k += 2) expect(order[k + 1]).toBe(order[k].replace('start', 'end'));
    const admins = await handles[0].db.selectFrom('users').select('email').where('role', '=', 'ADMIN').execute();
    expect(admins).toEqual([{ email: 'premier@univ.example' }]);
    expect(await migrationLevel(handles[0].db)).toBe(latestMigration());
  });
});
