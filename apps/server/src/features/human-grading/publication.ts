// The exam-level acts of grading by people (docs/correction-humaine.md): the double-marking setup (rule and markers,
// fixed once marking began), the disagreements to settle and the agreement report, the publication of the marks to
// the students (once, for good: later marks are visible as they are saved) and the lifting of anonymity (once every
// copy has its final mark). Each is a manager's act (staff named nowhere in the exam's marking), journaled in every
// copy concerned.
import type { FastifyBaseLogger } from 'fastify';
import {
  DOUBLE_MARKING_TEXTS as D,
  HUMAN_GRADING_TEXTS as T,
  round2,
  criterionMax,
  type AgreementCriterion,
  type AgreementReport,
  type Disagreements,
  type MarkingSetupInput,
  type MarkingState,
  type Rubric,
  markingSetupInputSchema,
} from '@exam/shared';
import type { Db } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { SessionUser } from '../../lib/session-user';
import { withTransaction } from '../../lib/transaction';
import { appendEvents, journalBestEffort } from '../exam-journal';
import { serverKind } from '../question-kinds';
import { attemptIdsOf, examHead, examQuestions, lastAnswers, type ExamQuestionHead } from './repository';
import {
  anyMarkerMark,
  copiesOver,
  finalMarksOfExam,
  gradingOf,
  lockGrading,
  markerMarksOfExam,
  markersOf,
  replaceMarkers,
  type MarkerMarkRow,
  setLifted,
  setPublished,
  setRule,
  staffUsers,
  studentNames,
} from './markers-repository';
import { disagree, isManager, nameOf, requireManager, roleIn, scopeOf, type Scope } from './markers';
import { levelsOf, rubricState } from './rubric';
import { copyNumbers, textOf } from './service';

const humanQuestions = async (ctx: AppContext, examId: number) => (await examQuestions(ctx.db, examId)).filter((q) => serverKind(q.type).humanGraded === true);

async function examOr404(ctx: AppContext, examId: number) {
  const exam = await examHead(ctx.db, examId);
  if (!exam) throw notFound(T.notFound);
  return exam;
}

/** Copies (per question graded by a person) without a final mark, and how many of them wait for a settlement. */
async function pendingOf(ctx: AppContext, examId: number, qs: ExamQuestionHead[], db: Db = ctx.db) {
  const ids = qs.map((q) => q.question_id);
  const [copies, finals, marks, g, markers] = await Promise.all([copiesOver(db, examId, ids), finalMarksOfExam(db, examId, ids), markerMarksOfExam(db, examId, ids), gradingOf(db, examId), markersOf(db, examId)]);
  const done = new Set(finals.map((f) => `${f.attempt_id}:${f.question_id}`));
  const open = copies.filter((c) => !done.has(`${c.attempt_id}:${c.question_id}`));
  const disagreements = open.filter((c) => {
    if (!scopeOf(markers, c.question_id)) return false;
    const two = marks.filter((m) => m.attempt_id === c.attempt_id && m.question_id === c.question_id && m.slot !== 3);
    return two.length === 2 && disagree(g, two[0]!.points, two[1]!.points);
  });
  return { copies, open, disagreements, finals, marks, g, markers };
}

export async function markingState(ctx: AppContext, examId: number, user: SessionUser): Promise<MarkingState> {
  await examOr404(ctx, examId);
  const qs = await humanQuestions(ctx, examId);
  const { open, disagreements, g, markers, copies } = await pendingOf(ctx, examId, qs);
  const manager = isManager(markers, user.id);
  const scopes = [null, ...qs.map((q) => q.question_id)].flatMap((qid) => {
    const rows = markers.filter((m) => m.question_id === qid);
    const at = (slot: number) => rows.find((m) => m.slot === slot);
    const first = at(1);
    const second = at(2);
    const third = at(3);
    return first && second ? [{ question_id: qid, first: { id: first.user_id, name: first.name }, second: { id: second.user_id, name: second.name }, third: third ? { id: third.user_id, name: third.name } : null }] : [];
  });
  let names: MarkingState['names'] = [];
  if (g.anonymity_lifted_at) {
    const numbers = copyNumbers(examId, await attemptIdsOf(ctx.db, examId));
    const ids = [...new Set(copies.map((c) => c.attempt_id))];
    const byId = await studentNames(ctx.db, ids);
    names = ids.map((id) => ({ copy: numbers.get(id) ?? 0, name: byId.get(id) ?? '' })).sort((a, b) => a.copy - b.copy);
  }
  return {
    rule: g.rule,
    threshold: g.threshold,
    settle_by: g.settle_by,
    scopes,
    staff: manager ? await staffUsers(ctx.db) : [],
    locked: await anyMarkerMark(ctx.db, examId),
    manager,
    roles: qs.map((q) => ({ question_id: q.question_id, role: roleIn(scopeOf(markers, q.question_id), markers, user.id).role })),
    pending: open.length,
    disagreements: disagreements.length,
    published: g.published_at ? { at: g.published_at.toISOString(), by: g.published_by_name } : null,
    anonymity_lifted: g.anonymity_lifted_at ? { at: g.anonymity_lifted_at.toISOString(), by: g.anonymity_lifted_by_name } : null,
    names,
  };
}

export async function setupMarking(ctx: AppContext, examId: number, body: MarkingSetupInput, user: SessionUser): Promise<MarkingState> {
  await examOr404(ctx, examId);
  const input = markingSetupInputSchema.parse(body);
  await requireManager(ctx, examId, user);
  const qs = await humanQuestions(ctx, examId);
  if (input.question_id !== null && !qs.some((q) => q.question_id === input.question_id)) throw unprocessable({ question_id: [D.noQuestion] }, D.noQuestion);
  const staff = new Set((await staffUsers(ctx.db)).map((s) => s.id));
  const named = [...input.markers, ...(input.third !== null ? [input.third] : [])];
  if (named.some((id) => !staff.has(id))) throw unprocessable({ markers: [D.notStaff] }, D.notStaff);
  await withTransaction(ctx.db, async (trx) => {
    await lockGrading(trx, examId);
    // The rule is chosen beforehand: once a marker has marked, neither it nor the markers change.
    if (await anyMarkerMark(trx, examId)) throw conflict(D.locked);
    await setRule(trx, examId, { rule: input.rule, threshold: input.rule === 'SETTLE' ? input.threshold : null, settle_by: input.settle_by });
    const slots = input.markers.length === 2 ? [{ slot: 1, user_id: input.markers[0]! }, { slot: 2, user_id: input.markers[1]! }, ...(input.third !== null ? [{ slot: 3, user_id: input.third }] : [])] : [];
    await replaceMarkers(trx, examId, input.question_id, slots);
  });
  return markingState(ctx, examId, user);
}

export async function disagreementsOf(ctx: AppContext, examId: number, user: SessionUser): Promise<Disagreements> {
  await examOr404(ctx, examId);
  await requireManager(ctx, examId, user);
  const qs = await humanQuestions(ctx, examId);
  const { disagreements, marks, g } = await pendingOf(ctx, examId, qs);
  const numbers = copyNumbers(examId, await attemptIdsOf(ctx.db, examId));
  const out = (m: (typeof marks)[number]) => ({ points: m.points, comment: m.comment, by: m.graded_by_name, at: m.graded_at.toISOString(), levels: levelsOf(m.rubric_levels) });
  // The rubric in effect for each question with a disagreement: the settlement may choose its levels.
  const rubrics = new Map<number, Rubric | null>();
  // And the copy's text (an essay's), which the settling person may annotate.
  const texts = new Map<string, string>();
  for (const qid of new Set(disagreements.map((c) => c.question_id))) {
    const q = qs.find((x) => x.question_id === qid)!;
    rubrics.set(qid, (await rubricState(ctx.db, examId, qid, q)).rubric);
    if (q.type !== 'FILE') for (const a of await lastAnswers(ctx.db, examId, qid)) texts.set(`${a.attempt_id}:${qid}`, textOf(a.answer));
  }
  const items = disagreements.map((c) => {
    const q = qs.find((x) => x.question_id === c.question_id)!;
    const of = (slot: number) => marks.find((m) => m.attempt_id === c.attempt_id && m.question_id === c.question_id && m.slot === slot)!;
    return {
      question_id: q.question_id,
      position: q.position,
      points: q.points,
      copy: numbers.get(c.attempt_id) ?? 0,
      first: out(of(1)),
      second: out(of(2)),
      difference: round2(Math.abs(of(1).points - of(2).points)),
      version: 0,
      rubric: rubrics.get(q.question_id) ?? null,
      text: texts.get(`${c.attempt_id}:${q.question_id}`) ?? '',
    };
  });
  items.sort((a, b) => a.position - b.position || a.copy - b.copy);
  return { threshold: g.threshold, items };
}

const mean = (xs: number[]) => (xs.length === 0 ? null : round2(xs.reduce((s, x) => s + x, 0) / xs.length));

/**
 * Per criterion of the question's rubric in effect: over the copies both markers marked with it (each gave the
 * criterion a level or points), each marker's mean points for the criterion and the mean absolute difference.
 */
async function criteriaAgreement(ctx: AppContext, examId: number, q: ExamQuestionHead, marks: MarkerMarkRow[], scope: Scope): Promise<AgreementCriterion[]> {
  const { rubric } = await rubricState(ctx.db, examId, q.question_id, q);
  if (!rubric) return [];
  const levels = (slot: number) => new Map(marks.filter((m) => m.slot === slot).map((m) => [m.attempt_id, levelsOf(m.rubric_levels)]));
  const a = levels(1);
  const b = levels(2);
  return rubric.criteria.map((k) => {
    const pairs = [...a].flatMap(([id, la]) => {
      const x = la.find((l) => l.criterion_id === k.id);
      const y = b.get(id)?.find((l) => l.criterion_id === k.id);
      return x && y ? [{ x: x.points, y: y.points }] : [];
    });
    return {
      criterion_id: k.id,
      criterion: k.title,
      max: criterionMax(k),
      pairs: pairs.length,
      means: [
        { name: scope.first.name, mean_points: mean(pairs.map((p) => p.x)) },
        { name: scope.second.name, mean_points: mean(pairs.map((p) => p.y)) },
      ],
      mean_difference: mean(pairs.map((p) => Math.abs(p.x - p.y))),
    };
  });
}

export async function agreementReport(ctx: AppContext, examId: number, user: SessionUser): Promise<AgreementReport> {
  await examOr404(ctx, examId);
  await requireManager(ctx, examId, user);
  const qs = await humanQuestions(ctx, examId);
  const { marks, g, markers, finals } = await pendingOf(ctx, examId, qs);
  const report: AgreementReport = { rule: g.rule, threshold: g.threshold, questions: [], markers: [] };
  for (const q of qs) {
    const scope = scopeOf(markers, q.question_id);
    if (!scope) continue;
    const mine = marks.filter((m) => m.question_id === q.question_id);
    const bySlot = (slot: number) => new Map(mine.filter((m) => m.slot === slot).map((m) => [m.attempt_id, m.points]));
    const a = bySlot(1);
    const b = bySlot(2);
    const third = bySlot(3);
    const pairs = [...a].filter(([id]) => b.has(id)).map(([id, pa]) => ({ id, pa, pb: b.get(id)! }));
    const diffs = pairs.map((p) => Math.abs(p.pa - p.pb));
    const disagreed = pairs.filter((p) => disagree(g, p.pa, p.pb));
    const finalIds = new Set(finals.filter((f) => f.question_id === q.question_id).map((f) => f.attempt_id));
    report.questions.push({
      question_id: q.question_id,
      position: q.position,
      points: q.points,
      pairs: pairs.length,
      mean_difference: mean(diffs),
      max_difference: diffs.length ? round2(Math.max(...diffs)) : null,
      agreed: pairs.length - disagreed.length,
      disagreements: disagreed.length,
      settled: disagreed.filter((p) => finalIds.has(p.id) || third.has(p.id)).length,
      criteria: await criteriaAgreement(ctx, examId, q, mine, scope),
    });
    for (const [marker, own, other] of [
      [scope.first, a, b],
      [scope.second, b, a],
    ] as const) {
      const paired = [...own].filter(([id]) => other.has(id));
      report.markers.push({
        name: marker.name,
        question_id: q.question_id,
        position: q.position,
        graded: own.size,
        mean_points: mean([...own.values()]),
        mean_difference: mean(paired.map(([id, p]) => p - other.get(id)!)),
      });
    }
  }
  return report;
}

/** Every attempt of the exam holding an answer to a question graded by a person (the copies an act concerns). */
async function concernedAttempts(ctx: AppContext, examId: number): Promise<number[]> {
  const qs = await humanQuestions(ctx, examId);
  return [...new Set((await copiesOver(ctx.db, examId, qs.map((q) => q.question_id))).map((c) => c.attempt_id))].sort((a, b) => a - b);
}

export async function publishMarks(ctx: AppContext, examId: number, user: SessionUser, log: FastifyBaseLogger, requestId?: string) {
  await examOr404(ctx, examId);
  await requireManager(ctx, examId, user);
  const qs = await humanQuestions(ctx, examId);
  const at = new Date();
  await withTransaction(ctx.db, async (trx) => {
    const g = await lockGrading(trx, examId);
    if (g.published_at) throw conflict(D.alreadyPublished);
    await setPublished(trx, examId, { id: user.id, name: nameOf(user) }, at);
  });
  const { open } = await pendingOf(ctx, examId, qs);
  const attempts = await concernedAttempts(ctx, examId);
  const pendingBy = new Map<number, number>();
  for (const c of open) pendingBy.set(c.attempt_id, (pendingBy.get(c.attempt_id) ?? 0) + 1);
  for (const id of attempts)
    await journalBestEffort(log, requestId, () => appendEvents(ctx, id, [{ type: 'MARKS_PUBLISHED', data: { by: user.id, by_name: nameOf(user), pending: pendingBy.get(id) ?? 0 } }]));
  return { published_at: at.toISOString(), pending: open.length, copies: attempts.length };
}

export async function liftAnonymity(ctx: AppContext, examId: number, user: SessionUser, log: FastifyBaseLogger, requestId?: string) {
  await examOr404(ctx, examId);
  await requireManager(ctx, examId, user);
  const qs = await humanQuestions(ctx, examId);
  const at = new Date();
  await withTransaction(ctx.db, async (trx) => {
    const g = await lockGrading(trx, examId);
    if (g.anonymity_lifted_at) throw conflict(D.alreadyLifted);
    // After grading only: names never beside a copy still to mark or to settle.
    const { open } = await pendingOf(ctx, examId, qs, trx);
    if (open.length > 0) throw conflict(D.liftPending(open.length));
    await setLifted(trx, examId, { id: user.id, name: nameOf(user) }, at);
  });
  const attempts = await concernedAttempts(ctx, examId);
  const numbers = copyNumbers(examId, await attemptIdsOf(ctx.db, examId));
  for (const id of attempts)
    await journalBestEffort(log, requestId, () => appendEvents(ctx, id, [{ type: 'ANONYMITY_LIFTED', data: { by: user.id, by_name: nameOf(user), copy: numbers.get(id) ?? null } }]));
  return { lifted_at: at.toISOString(), copies: attempts.length };
}
