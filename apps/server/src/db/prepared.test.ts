// Statements prepared once per PostgreSQL connection (db/prepared.ts), on the real server: from a statement's second
// run it is a named prepared statement of that connection; off, none is; a table altered under a prepared statement
// does not fail the call.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './index';

const url = process.env.DATABASE_URL;
const schema = `prep_${randomBytes(4).toString('hex')}`;

describe.runIf(!!url)('prepared statements on PostgreSQL', () => {
  beforeAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.query(`create table ${schema}.notes (id int primary key, body text)`);
    await c.query(`insert into ${schema}.notes values (1, 'un'), (2, 'deux')`);
    await c.end();
  });
  afterAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  });

  // One connection: what it holds is what the next statements on it see.
  const open = (prepare?: boolean) => openDb({ databaseUrl: url, schema, poolSize: 1, prepare });
  const held = async (db: Awaited<ReturnType<typeof open>>['db']) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);
  const body = (db: Awaited<ReturnType<typeof open>>['db'], id: number) => db.selectFrom('notes' as never).selectAll().where('id' as never, '=', id as never).execute();

  it('prepares a statement from its second run, once per connection', async () => {
    const h = await open();
    try {
      expect(await body(h.db, 1)).toEqual([{ id: 1, body: 'un' }]);
      expect(await held(h.db)).toEqual([]);
      expect(await body(h.db, 2)).toEqual([{ id: 2, body: 'deux' }]);
      expect(await body(h.db, 1)).toEqual([{ id: 1, body: 'un' }]);
      expect(await held(h.db)).toEqual([expect.stringContaining('select * from "notes" where "id" = $1')]);
    } finally {
      await h.close();
    }
  });

  it('prepares nothing when turned off', async () => {
    const h = await open(false);
    try {
      for (const id of [1, 2, 1]) await body(h.db, id);
      expect(await held(h.db)).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('answers when the table changed under a prepared statement, and drops that connection', async () => {
    const h = await open();
    try {
      await body(h.db, 1);
      await body(h.db, 1);
      await sql`alter table notes add column tag text`.execute(h.db);
      expect(await body(h.db, 2)).toEqual([{ id: 2, body: 'deux', tag: null }]);
      // The connection given back was dropped: the next one holds nothing prepared yet.
      expect(await held(h.db)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
