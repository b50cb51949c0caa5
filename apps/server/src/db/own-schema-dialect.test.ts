// The migrator's introspection reads only the connection's own schema (db/own-schema-dialect.ts), on the real server:
// while another client creates and drops schemas without pause (test files closing theirs), the tables of a schema
// are listed, and a new schema is migrated, without « schema … does not exist » or any other error.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/helper';
import { migrate, openDb } from './index';

const url = process.env.DATABASE_URL;
const prefix = `churn_${randomBytes(3).toString('hex')}`;
const schema = `own_${randomBytes(4).toString('hex')}`;

/** Another client creating a schema with a table of several columns, then dropping it, again and again. */
function churn() {
  let stop = false;
  let drops = 0;
  const c = new pg.Client({ connectionString: url });
  const done = (async () => {
    await c.connect();
    for (let i = 0; !stop; i += 1) {
      const s = `${prefix}_${i}`;
      await c.query(`create schema ${s}; create table ${s}.t (id serial primary key, a int, b text, c int default 1)`);
      await c.query(`drop schema ${s} cascade`);
      drops += 1;
    }
    await c.end();
  })();
  return {
    drops: () => drops,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

describe.runIf(!!url)('introspection of its own schema on PostgreSQL', () => {
  afterAll(() => onPostgres(url!, `drop schema if exists ${schema} cascade`));

  it('migrates a new schema and lists its tables while others are dropped around it', async () => {
    await onPostgres(url!, `create schema ${schema}`);
    const h = await openDb({ databaseUrl: url, schema, poolSize: 2 });
    const others = churn();
    const errors: string[] = [];
    try {
      await migrate(h.db);
      // Listing goes on until many schemas were dropped during listings: the race is run, not hoped for.
      let listings = 0;
      let dropsDuring = 0;
      while (listings < 200 || dropsDuring < 100) {
        const before = others.drops();
        try {
          const tables = await h.db.introspection.getTables();
          expect(tables.every((t) => t.schema === schema)).toBe(true);
          expect(tables.find((t) => t.name === 'users')?.columns.map((col) => col.name)).toContain('email');
        } catch (err) {
          errors.push(String(err));
        }
        listings += 1;
        dropsDuring += others.drops() - before;
      }
    } finally {
      await others.stop();
      await h.close();
    }
    expect(errors).toEqual([]);
    expect(others.drops()).toBeGreaterThan(0);
  });
});
