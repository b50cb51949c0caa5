// How many SQL statements each call of a student writing an exam costs: at the synchronised start of an exam, 500
// students on one API process spend most of its time sending statements to PostgreSQL, so each call is held to a
// budget. A call over its budget fails here, naming the statements it ran.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import type { Db } from '../../db/schema';

let t: TestApp;
let plain: Db;
const seen: string[] = [];

/** Counts the statements run through the context's database, those inside a transaction too (not its begin and commit). */
class CountStatements implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    seen.push(plain.getExecutor().compileQuery(args.node, args.queryId).sql.replace(/\s+/g, ' ').slice(0, 160));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let token = '';
let examId = 0;
let qcm = 0;
let choice = 0;

beforeAll(async () => {
  // The app's periodic work (drafts, grades sent back, comparisons, retention: started by setInterval) never ticks
  // here, so a statement it runs cannot fall inside a measured call; timeouts and everything else stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
  plain = t.ctx.db;
  const s = await seedStructure(t.ctx);
  const q = await t.ctx.db.insertInto('questions').values({ type: 'QCM', statement: '<p>2 + 2 ?</p>', points: 1 }).returning('id').executeTakeFirstOrThrow();
  qcm = q.id;
  choice = (await t.ctx.db.insertInto('possible_solutions').values({ question_id: q.id, position: 0, content: 'Quatre', is_correct: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  const e = await t.ctx.db
    .insertInto('exams')
    .values({ title: 'Partiel', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3600_000), duration_minutes: 60, status: 'PUBLISHED', show_solutions_after_close: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  examId = e.id;
  await t.ctx.db.insertInto('exam_specializations').values({ exam_id: examId, specialization_id: s.specializationId }).execute();
  await t.ctx.db.insertInto('exam_questions').values({ exam_id: examId, question_id: qcm, position: 0, points: 2 }).execute();
  const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  token = await loginAs(t.app, u);
  t.ctx.db = plain.withPlugin(new CountStatements());
}, 60_000);
afterAll(async () => {
  if (t) t.ctx.db = plain;
  await t?.close();
  vi.useRealTimers();
});

async function statementsOf(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<string[]> {
  seen.length = 0;
  const res = await t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  expect(res.statusCode, res.body).toBe(200);
  return [...seen];
}

/** The call runs at most `budget` statements; the message lists them when it runs more. */
async function withinBudget(budget: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<void> {
  const statements = await statementsOf(method, url, payload);
  expect(statements.length, `${method} ${url} :\n${statements.join('\n')}`).toBeLessThanOrEqual(budget);
}

const exam = (path: string) => `/api/student/exams/${examId}/${path}`;

describe('statements per student call of an exam', () => {
  it('keeps the calls of a student writing within their budget', async () => {
    await withinBudget(13, 'POST', exam('start'), {});
    // The session, then the exam with its rules and the attempt with its draw: then what the call itself does.
    await withinBudget(6, 'GET', exam('questions'));
    await withinBudget(3, 'GET', exam('attempt'));
    // A draft: the draft and the sign of presence in one statement (its first one of the minute is journaled).
    await withinBudget(4, 'PUT', exam('draft'), { question_id: qcm, answer: [choice] });
    await withinBudget(3, 'PUT', exam('draft'), { question_id: qcm, answer: [] });
    // An answer: what was stored so far, then one transaction (lock, tries, insert, score), then the journal.
    await withinBudget(9, 'POST', exam('solutions'), { answers: [{ question_id: qcm, answer: [choice], submission_id: crypto.randomUUID() }] });
    await withinBudget(10, 'POST', exam('finish'));
  });

});
