// Every table of the migrated database is declared in the retention registry, every table that refers to a person (a
// user, or a student's attempt) is declared as personal data, and docs/donnees-personnelles.md names each of those:
// a new store that says nothing of how long it keeps people's data fails here.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../../../test/helper';
import type { DbHandle } from '../../db';
import { DATA_REGISTRY } from './registry';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb();
}, 60_000);
afterAll(async () => h?.close());

const INTERNAL = new Set(['kysely_migration', 'kysely_migration_lock']);

async function tables() {
  const r = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
  return r.rows.map((x) => x.name).filter((n) => !INTERNAL.has(n));
}

/** Tables with a foreign key to users, or to an attempt (directly or through another table). */
async function tablesAboutPeople(): Promise<Set<string>> {
  const r = await sql<{ tbl: string; ref: string }>`
    select cl.relname as tbl, rf.relname as ref
    from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_class rf on rf.oid = c.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(h.db);
  const people = new Set(r.rows.filter((x) => x.ref === 'users').map((x) => x.tbl));
  const attempts = new Set(['exam_attempts']);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { tbl, ref } of r.rows) {
      if (attempts.has(ref) && !attempts.has(tbl)) {
        attempts.add(tbl);
        grew = true;
      }
    }
  }
  for (const t of attempts) people.add(t);
  people.add('users');
  return people;
}

describe('retention registry', () => {
  it('declares every table of the database', async () => {
    const undeclared = (await tables()).filter((t) => !(t in DATA_REGISTRY));
    expect(undeclared, 'tables missing from features/retention/registry.ts (say what they keep, how long, and whether the archive carries it)').toEqual([]);
  });

  it('declares as personal data every table that refers to a user or to an attempt', async () => {
    const people = await tablesAboutPeople();
    expect(people.size).toBeGreaterThan(10);
    const wrong = [...people].filter((t) => DATA_REGISTRY[t] && !DATA_REGISTRY[t].personal);
    expect(wrong).toEqual([]);
  });

  it('names every personal table in docs/donnees-personnelles.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/donnees-personnelles.md'), 'utf8');
    const missing = Object.entries(DATA_REGISTRY)
      .filter(([, r]) => r.personal)
      .map(([t]) => t)
      .filter((t) => !doc.includes(`\`${t}\``));
    expect(missing).toEqual([]);
  });
});
