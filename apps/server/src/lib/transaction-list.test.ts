// The transaction helper (after-commit work only once committed) and the list helper (pages and totals),
// on the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/helper';
import type { DbHandle } from '../db';
import { likePattern, orderFrom, paginate, searchTerms } from './list';
import { withTransaction } from './transaction';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb();
  await h.db
    .insertInto('mentions')
    .values(Array.from({ length: 7 }, (_, i) => ({ name: `Mention ${i + 1}`, code: `TL${i + 1}` })))
    .execute();
});
afterAll(async () => {
  await h?.close();
});

describe('withTransaction', () => {
  it('runs after-commit work once the rows are committed, in order', async () => {
    const seen: string[] = [];
    const id = await withTransaction(h.db, async (trx, afterCommit) => {
      const row = await trx.insertInto('mentions').values({ name: 'Validée', code: 'TX1' }).returning('id').executeTakeFirstOrThrow();
      afterCommit(async () => {
        // Visible from outside the transaction: it has committed.
        const found = await h.db.selectFrom('mentions').select('code').where('id', '=', row.id).executeTakeFirst();
        seen.push(`a:${found?.code}`);
      });
      afterCommit(() => seen.push('b'));
      seen.push('in');
      return row.id;
    });
    expect(id).toBeGreaterThan(0);
    expect(seen).toEqual(['in', 'a:TX1', 'b']);
  });

  it('never runs after-commit work of a rolled back transaction, and writes nothing', async () => {
    let ran = false;
    await expect(
      withTransaction(h.db, async (trx, afterCommit) => {
        await trx.insertInto('mentions').values({ name: 'Annulée', code: 'TX2' }).execute();
        afterCommit(() => {
          ran = true;
        });
        throw new Error('refus');
      }),
    ).rejects.toThrow('refus');
    expect(ran).toBe(false);
    expect(await h.db.selectFrom('mentions').select('id').where('code', '=', 'TX2').execute()).toEqual([]);
  });

  it('runs every task even when one fails, then reports the failure', async () => {
    const seen: string[] = [];
    await expect(
      withTransaction(h.db, async (_trx, afterCommit) => {
        afterCommit(() => {
          throw new Error('disque');
        });
        afterCommit(() => seen.push('suivante'));
      }),
    ).rejects.toThrow('disque');
    expect(seen).toEqual(['suivante']);
  });
});

describe('list helpers', () => {
  const q = () => h.db.selectFrom('mentions').select(['id', 'code']).where('code', 'like', 'TL%').orderBy('code').orderBy('id');

  it('pages with the total: full page, short last page, page past the end', async () => {
    expect(await paginate(q(), 1, 3).then((p) => [p.rows.map((r) => r.code), p.total])).toEqual([['TL1', 'TL2', 'TL3'], 7]);
    expect(await paginate(q(), 3, 3).then((p) => [p.rows.map((r) => r.code), p.total])).toEqual([['TL7'], 7]);
    expect(await paginate(q(), 5, 3).then((p) => [p.rows, p.total])).toEqual([[], 7]);
    expect(await paginate(q(), 1, 10).then((p) => p.total)).toBe(7);
  });

  it('escapes LIKE wildcards and checks the sort against the allowed map', async () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    const found = await h.db.selectFrom('mentions').select('id').where('code', 'like', likePattern('%')).execute();
    expect(found).toEqual([]);
    expect(orderFrom('-name', { name: 'm.name' }, ['m.name', 'asc'])).toEqual(['m.name', 'desc']);
    expect(() => orderFrom('password', { name: 'm.name' }, ['m.name', 'asc'])).toThrow(/n’est pas disponible/);
    expect(searchTerms('  Élève  Çà ')).toEqual(['eleve', 'ca']);
  });
});
