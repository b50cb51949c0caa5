// What every feature may use, decorated on the Fastify instance as `app.ctx`.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { KvStore } from './kv';
import type { SessionUser } from './session-user';
import type { CodeRunner } from '@exam/runner';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  kv: KvStore;
  /** The code runner; absent when RUNNER_MODE=off. */
  runner?: CodeRunner;
}

/** Who may call a route. Defaults come from the path prefix (see features/auth/plugin.ts). */
export type Access = 'public' | 'user' | 'staff' | 'admin' | 'student';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    tokenHash: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A student call of one exam (`/api/student/exams/:id/…`): `start`, any other `call` that reads or writes the
     * attempt, the `result` page, or `outside` the room (what may be read before entering it). Every such route
     * declares it: the room's rules guard the first three (features/exam-taking/access.ts), a test fails otherwise.
     */
    examRoom?: 'start' | 'call' | 'result' | 'outside';
    /**
     * A staff route that opens a student's copy, journal, appeal file or data archive: `what` it reads, and the names
     * of the route's params holding the student's id and (for an attempt) the exam's id. Each success is logged
     * (features/access-log), whoever the handler; a declared param missing from the path stops the server at start.
     */
    studentRead?: { what: 'COPY' | 'JOURNAL' | 'APPEAL_PDF' | 'ARCHIVE'; student: string; exam?: string };
  }
}
