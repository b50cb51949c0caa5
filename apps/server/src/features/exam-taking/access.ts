// The exam room's rules (docs/examens.md « Règles d'accès »), checked on start and on every student call of an exam
// while the attempt runs: allowed networks (the request's address, as TRUST_PROXY lets the server see it), Safe Exam
// Browser (the config-key hash SEB sends with each request, never the user agent), one session per attempt, and
// the access code at start. Each refusal is a 403 naming the rule and what to do. Verdicts hidden until the attempt
// is over are taken out of the answers here, after the service computed them.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import {
  EXAM_ACCESS_LIMITS,
  EXAM_ACCESS_TEXTS as A,
  EXAM_DEVICE_HEADER,
  EXAM_GRACE_SECONDS,
  inCidr,
  parseCidr,
  SEB_CONFIG_KEY_HEADER,
  SEB_REQUEST_HASH_HEADER,
  type ExamGradeResult,
  type ExamQuestionsResult,
  type QuestionState,
  type StudentExamAccess,
  type StudentExamListItem,
} from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { conflict, HttpError, notFound, tooManyRequests } from '../../lib/errors';
import { findAccessRules, findAccessRulesOf, findExamForStudent, sebConfigKey, type StoredAccessRules } from '../exams';
import { examCallOf } from './call';
import { bindSession, boundSession, unbindSession } from './access-repository';
import { attemptOver } from './drafts';
import { findAttempt } from './repository';

const CODE_WINDOW_SECONDS = 15 * 60;

const refuse = (message: string, errors?: Record<string, string[]>) => new HttpError(403, message, errors);
const sha256 = (s: string) => createHash('sha256').update(s).digest();

const hasRoomRules = (r: StoredAccessRules) => r.access_code !== null || r.allowed_networks.length > 0 || r.single_session === 1 || r.seb_required === 1;

/** `ip` is missing when the socket gave none (a Unix socket, a connection already closed): refused, never thrown. */
function checkNetwork(rules: StoredAccessRules, ip: string | undefined): void {
  if (rules.allowed_networks.length === 0) return;
  if (!ip) throw refuse(A.networkUnknown);
  const ok = rules.allowed_networks.some((cidr) => {
    const range = parseCidr(cidr);
    return range !== null && inCidr(ip, range);
  });
  if (!ok) throw refuse(A.network(ip));
}

/** Whether `sent` (a header) is SHA-256(url + one of `keys`) in hex, compared in constant time. */
function hashOfOneOf(sent: string | string[] | undefined, url: string, keys: string[]): boolean {
  const given = typeof sent === 'string' && /^[0-9a-fA-F]{64}$/.test(sent) ? Buffer.from(sent, 'hex') : null;
  if (!given) return false;
  return keys.map((k) => timingSafeEqual(given, sha256(`${url}${k}`))).some(Boolean);
}

/**
 * SEB sends, for each request, SHA-256(absolute URL + Config Key) and SHA-256(absolute URL + Browser Exam Key), in
 * hex; both recomputed here. The Config Key proves the client holds the exam's settings (anyone who can read the
 * .seb file can compute it); the Browser Exam Key, when staff listed some, proves an allowed build of SEB with those
 * settings (docs/examens.md says what each proves and what it does not).
 */
function checkSeb(rules: StoredAccessRules, req: FastifyRequest): void {
  if (!rules.seb_required) return;
  const origin = `${req.protocol}://${req.host}`;
  const url = `${origin}${req.url}`;
  if (!hashOfOneOf(req.headers[SEB_CONFIG_KEY_HEADER], url, [sebConfigKey(rules, origin)])) throw refuse(A.seb);
  if (rules.seb_browser_exam_keys.length > 0 && !hashOfOneOf(req.headers[SEB_REQUEST_HASH_HEADER], url, rules.seb_browser_exam_keys)) throw refuse(A.sebVersion);
}

const originOf = (req: FastifyRequest) => ({ ip: req.ip ? req.ip.slice(0, 64) : null, user_agent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 500) : null });

/** The browser's own id (kept by the web app across sign-ins), when it sent a well-formed one. */
function deviceOf(req: FastifyRequest): string | null {
  const d = req.headers[EXAM_DEVICE_HEADER];
  return typeof d === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(d) ? d.toLowerCase() : null;
}

/**
 * One session per attempt: the attempt is tied to the browser it began in (the hash of its id), or to the sign-in
 * when no id came; signing in again in that browser keeps it, another browser is refused until staff unlock it.
 */
async function checkSession(ctx: AppContext, attemptId: number, req: FastifyRequest): Promise<void> {
  const token = req.tokenHash!;
  const device = deviceOf(req);
  const mine = device ? createHash('sha256').update(`device:${device}`).digest('hex') : token;
  const holder = (await boundSession(ctx.db, attemptId)) ?? (await bindSession(ctx.db, attemptId, mine, originOf(req)));
  if (holder !== mine && holder !== token) throw refuse(A.otherSession);
}

/** Codes are compared without case or surrounding spaces, in constant time; wrong ones are counted per student and exam. */
async function checkCode(ctx: AppContext, rules: StoredAccessRules, examId: number, userId: number, given: string | null | undefined): Promise<void> {
  if (rules.access_code === null) return;
  const key = `exam-code-fail:${examId}:${userId}`;
  if ((await ctx.kv.get(key)) >= EXAM_ACCESS_LIMITS.codeFailuresMax) throw tooManyRequests(A.codeTooManyFailures, CODE_WINDOW_SECONDS);
  if (!given) throw refuse(A.codeRequired, { access_code: [A.codeMissing] });
  const norm = (s: string) => sha256(s.trim().toLowerCase());
  if (!timingSafeEqual(norm(given), norm(rules.access_code))) {
    await ctx.kv.incr(key, CODE_WINDOW_SECONDS);
    throw refuse(A.codeWrong, { access_code: [A.codeWrong] });
  }
}

/**
 * The guard of every student call of an exam (a preHandler of the exam-taking routes). An exam the student cannot
 * see is left to the route (its 404 says nothing of rules). Once the attempt is over, the result page is free of
 * the room's rules; before, it is refused while verdicts are hidden.
 */
export async function guardExamCall(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const room = req.routeOptions.config.examRoom;
  const user = req.user;
  const examId = (req.params as { id?: number } | undefined)?.id;
  if (!room || room === 'outside' || !user || typeof examId !== 'number') return;
  const call = await examCallOf(ctx, req);
  if (!call) return;
  const { rules, exam, attempt } = call;
  if (!hasRoomRules(rules) && !(room === 'result' && rules.hide_verdicts)) return;
  const over = attempt !== undefined && attemptOver(attempt, exam);
  if (room === 'result' && (over || !attempt)) return;
  checkNetwork(rules, req.ip);
  checkSeb(rules, req);
  if (rules.single_session && attempt) await checkSession(ctx, attempt.id, req);
  if (room === 'start' && !attempt) await checkCode(ctx, rules, examId, user.id, (req.body as { access_code?: string | null } | null | undefined)?.access_code);
  if (room === 'result' && rules.hide_verdicts) throw conflict(A.verdictsHidden);
}

const roomGuards = new WeakSet<object>();

/**
 * Puts the room's guard first among the preHandlers of a route that declares itself in the exam room (an onRoute
 * hook of exam taking): the guard follows the routes' own declarations, not a list of addresses.
 */
export function withRoomGuard(route: RouteOptions, guard: preHandlerAsyncHookHandler): void {
  const room = route.config?.examRoom;
  if (!room || room === 'outside') return;
  roomGuards.add(guard);
  const own = route.preHandler ? [route.preHandler].flat() : [];
  route.preHandler = [guard, ...own];
}

/** Whether this preHandler is the room's guard (a test checks every declared route has it). */
export const isRoomGuard = (hook: unknown) => typeof hook === 'function' && roomGuards.has(hook);

/** After a start that created the attempt: under the one-session rule, it is tied to this session at once. */
export async function tieAfterStart(ctx: AppContext, req: FastifyRequest, rules: StoredAccessRules, attemptId: number): Promise<void> {
  if (rules.single_session) await checkSession(ctx, attemptId, req);
}

/** What a student learns of the rules before starting (never the code nor the key). */
export async function studentAccess(ctx: AppContext, examId: number, user: NonNullable<FastifyRequest['user']>): Promise<StudentExamAccess> {
  if (!(await findExamForStudent(ctx.db, examId, user))) throw notFound('Cet examen est introuvable ou ne vous est pas proposé.');
  const r = await findAccessRules(ctx.db, examId);
  return {
    access_code_required: r.access_code !== null,
    networks_restricted: r.allowed_networks.length > 0,
    single_session: r.single_session === 1,
    seb_required: r.seb_required === 1,
    hide_verdicts: r.hide_verdicts === 1,
    time_bonus_percent: r.time_bonus_percent,
  };
}

// ---- Verdicts hidden until the attempt is over ------------------------------------------------------------------

/** Answers to `solutions`: recorded, without verdict (the attempt is open, or they would have been refused). */
export function withoutVerdicts(rules: StoredAccessRules, results: ExamGradeResult[]): ExamGradeResult[] {
  return results.map((r) =>
    rules.hide_verdicts ? { question_id: r.question_id, is_valid: null, details: null, tries: r.tries } : { question_id: r.question_id, is_valid: r.is_valid, details: r.details, tries: r.tries },
  );
}

/** The questions of a running attempt: an answered question is ANSWERED, without its verdict or details. */
export function questionsWithoutVerdicts(rules: StoredAccessRules, result: ExamQuestionsResult): ExamQuestionsResult {
  const over = result.attempt.finished_at !== null || Date.now() > Date.parse(result.attempt.deadline) + EXAM_GRACE_SECONDS * 1000;
  if (over || !rules.hide_verdicts) return { ...result, verdicts_hidden: false };
  return {
    ...result,
    verdicts_hidden: true,
    questions: result.questions.map((q) => ({ ...q, last_is_valid: null, details: null, state: (q.state === 'UNANSWERED' ? 'UNANSWERED' : 'ANSWERED') as QuestionState })),
  };
}

/** The list: no count of validated answers for a running attempt of an exam that hides verdicts. */
export async function listWithoutVerdicts(ctx: AppContext, items: StudentExamListItem[]): Promise<StudentExamListItem[]> {
  const rules = await findAccessRulesOf(ctx.db, items.map((i) => i.id));
  return items.map((i) =>
    rules.get(i.id)?.hide_verdicts && i.group !== 'TERMINE' ? { ...i, progress: { ...i.progress, validated: null } } : i,
  );
}

/** Staff unlock an attempt tied to one session: the next session of the student to call takes it. */
export async function unlockAttempt(ctx: AppContext, examId: number, userId: number): Promise<boolean> {
  const attempt = await findAttempt(ctx.db, examId, userId);
  if (!attempt) throw notFound(A.notStarted);
  return unbindSession(ctx.db, attempt.id);
}
