// Exam rules (docs/examens.md): references must exist; an edit carrying a stale version is another teacher's
// concurrent edit; once a student has started, the questions, their points and order, the year and the parcours
// already aimed at are frozen while dates, title and description may still move; the lifecycle is
// DRAFT → PUBLISHED → CLOSED → ARCHIVED with PUBLISHED → DRAFT only before any start.
import { EXAM_LIMITS, EXAM_SORTS, EXAM_STATUS_LABELS, EXAM_TRANSITIONS, VARIANTS_PER_QUESTION, type Exam, type ExamData, type ExamExtraTime, type ExamStatus } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { orderFrom } from '../../lib/list';
import { missingIds } from '../../lib/rows';
import { withTransaction, type Trx } from '../../lib/transaction';
import { prepareVariants, publicationPins, type QuestionCaller } from '../questions';
import {
  answersGradedLaterOf,
  countAttempts,
  deleteExam,
  examExtraTimes,
  examSections,
  examQuestions,
  findExamListItem,
  insertExam,
  isStudentOfExam,
  lockExam,
  refreshDeadline,
  setExamStatus,
  setQuestionVersions,
  storedQuestions,
  storedTryRules,
  finishOpenAttempts,
  storedSpecializationIds,
  updateExam,
  upsertExtraTime,
  userExists,
  type ExamOrderColumn,
} from './repository';

const NOT_FOUND = 'Cet examen est introuvable.';

const SORT_COLUMNS: Record<(typeof EXAM_SORTS)[number], ExamOrderColumn> = {
  title: 'e.title',
  start_at: 'e.start_at',
  end_at: 'e.end_at',
  status: 'e.status',
  created_at: 'e.created_at',
  updated_at: 'e.updated_at',
};

/** Latest opening first unless the list asks otherwise. */
export const examOrder = (sort: string | undefined) => orderFrom(sort, SORT_COLUMNS, ['e.start_at', 'desc']);

const label = (s: ExamStatus) => `« ${EXAM_STATUS_LABELS[s]} »`;

/** "1 étudiant a déjà commencé" / "3 étudiants ont déjà commencé". */
export function startedPhrase(n: number): string {
  return n === 1 ? '1 étudiant a déjà commencé cet examen' : `${n} étudiants ont déjà commencé cet examen`;
}

async function checkReferences(db: Db, data: ExamData): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await missingIds(db, 'academic_years', [data.academic_year_id])).length) errors.academic_year_id = ["Cette année universitaire n’existe pas."];
  const specs = await missingIds(db, 'specializations', data.specialization_ids);
  if (specs.length) errors.specialization_ids = [`Parcours introuvable : ${specs.join(', ')}.`];
  const questions = await missingIds(
    db,
    'questions',
    data.questions.map((q) => q.question_id),
  );
  if (questions.length) errors.questions = [`${questions.length === 1 ? 'Question introuvable' : 'Questions introuvables'} : ${questions.join(', ')}.`];
  if (Object.keys(errors).length) throw unprocessable(errors, Object.values(errors)[0][0]);
}

export async function loadExam(db: Db, id: number): Promise<Exam> {
  const item = await findExamListItem(db, id);
  if (!item) throw notFound(NOT_FOUND);
  const [sections, questions, extra_times] = await Promise.all([examSections(db, id), examQuestions(db, id), examExtraTimes(db, id)]);
  return { ...item, sections, questions, extra_times };
}

export async function createExam(ctx: AppContext, data: ExamData, authorId: number): Promise<Exam> {
  const id = await withTransaction(ctx.db, (trx) => createExamIn(trx, data, authorId));
  return loadExam(ctx.db, id);
}

/** A new exam written in the caller's transaction, its references checked as the route does; its id. */
export async function createExamIn(trx: Trx, data: ExamData, authorId: number): Promise<number> {
  await checkReferences(trx, data);
  return insertExam(trx, data, authorId);
}

/**
 * Publishes an exam in the caller's transaction, with the checks and pins of a publication, for questions whose
 * variants are already made (none has a generator, or they were prepared): it runs no sandbox (the demo data).
 */
export async function publishExamIn(trx: Trx, id: number): Promise<void> {
  const row = await lockExam(trx, id);
  if (!row) throw notFound(NOT_FOUND);
  await checkTransition(trx, id, row.status, 'PUBLISHED');
  await setExamStatus(trx, id, 'PUBLISHED');
  await pinVersions(trx, id);
}

/** The title of a copy: « … (copie) », cut so that it stays within the title's limit. */
export function copyTitle(title: string): string {
  const suffix = ' (copie)';
  return `${title.slice(0, EXAM_LIMITS.titleMax - suffix.length).trimEnd()}${suffix}`;
}

/**
 * A new DRAFT exam with the same description, year, parcours, dates, duration, setting and questions (same
 * order and points); no attempt, no extra time (those belong to the students of the original).
 */
export async function duplicateExam(ctx: AppContext, id: number, authorId: number): Promise<Exam> {
  const newId = await withTransaction(ctx.db, async (trx) => {
    // Locked while copied, so that a concurrent edit cannot leave a half-old, half-new copy.
    if (!(await lockExam(trx, id))) throw notFound(NOT_FOUND);
    const source = await loadExam(trx, id);
    const data: ExamData = {
      title: copyTitle(source.title),
      description: source.description,
      academic_year_id: source.academic_year_id,
      specialization_ids: source.specialization_ids,
      start_at: source.start_at,
      end_at: source.end_at,
      duration_minutes: source.duration_minutes,
      show_solutions_after_close: source.show_solutions_after_close,
      show_provisional_score: source.show_provisional_score,
      max_submissions: source.max_submissions,
      wrong_try_penalty: source.wrong_try_penalty,
      questions: source.questions.map((q) => ({
        question_id: q.question_id,
        points: q.points,
        max_submissions: q.max_submissions,
        wrong_try_penalty: q.wrong_try_penalty,
        section: q.section,
      })),
      sections: source.sections.map((x) => ({ title: x.title, pick: x.pick, shuffle: x.shuffle })),
    };
    return insertExam(trx, data, authorId);
  });
  return loadExam(ctx.db, newId);
}

const sameQuestions = (a: ExamData['questions'], b: ExamData['questions']) =>
  a.length === b.length &&
  a.every(
    (q, i) =>
      q.question_id === b[i].question_id &&
      Math.round(q.points * 100) === Math.round(b[i].points * 100) &&
      q.max_submissions === b[i].max_submissions &&
      q.wrong_try_penalty === b[i].wrong_try_penalty &&
      q.section === b[i].section,
  );

const sameSections = (a: ExamData['sections'], b: ExamData['sections']) =>
  a.length === b.length && a.every((x, i) => x.title === b[i].title && x.pick === b[i].pick && x.shuffle === b[i].shuffle);

/** The questions as stored: by section, then position (the order the editor shows and sends back). */
const bySection = (qs: ExamData['questions']) => qs.map((q, i) => ({ q, i })).sort((x, y) => x.q.section - y.q.section || x.i - y.i).map((x) => x.q);

export async function editExam(ctx: AppContext, id: number, data: ExamData, caller?: QuestionCaller): Promise<Exam> {
  // A published exam's questions are pinned again when they change (before any start): their variants are made
  // first, outside the transaction (those already made are kept).
  const before = await findExamListItem(ctx.db, id);
  if (before && before.status !== 'DRAFT' && before.status !== 'ARCHIVED' && before.started_count === 0 && !sameQuestions(await storedQuestions(ctx.db, id), bySection(data.questions))) {
    await checkReferences(ctx.db, data);
    await prepareVariants(ctx, caller ?? { userId: 0 }, data.questions.map((q) => q.question_id));
  }
  await withTransaction(ctx.db, async (trx) => {
    const row = await lockExam(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    if (data.version !== undefined && data.version !== row.version) {
      throw conflict(
        "Cet examen a été modifié par quelqu'un d’autre depuis que vous l’avez ouvert. Rechargez-le pour voir ces changements avant d’enregistrer les vôtres.",
        { version: [`Version envoyée : ${data.version} ; version actuelle : ${row.version}.`] },
      );
    }
    if (row.status === 'ARCHIVED') throw conflict('Un examen archivé ne peut plus être modifié.');
    await checkReferences(trx, data);
    if (row.status !== 'DRAFT' && data.questions.length === 0) {
      const msg = `Un examen ${EXAM_STATUS_LABELS[row.status].toLowerCase()} doit garder au moins une question.`;
      throw unprocessable({ questions: [msg] }, msg);
    }
    const changed = !sameQuestions(await storedQuestions(trx, id), bySection(data.questions)) || !sameSections(await examSections(trx, id), data.sections);
    const started = await countAttempts(trx, id);
    if (started > 0) {
      const rules = await storedTryRules(trx, id);
      const rulesChanged = rules.max_submissions !== data.max_submissions || rules.wrong_try_penalty !== data.wrong_try_penalty;
      frozenChecks(started, changed, row.academic_year_id !== data.academic_year_id, await storedSpecializationIds(trx, id), data.specialization_ids, rulesChanged);
    }
    await updateExam(trx, id, data, { questions: changed });
    if (changed && row.status !== 'DRAFT') await pinVersions(trx, id);
  });
  return loadExam(ctx.db, id);
}

function frozenChecks(started: number, questionsChanged: boolean, yearChanged: boolean, before: number[], after: number[], rulesChanged: boolean): void {
  const why = startedPhrase(started);
  if (rulesChanged) {
    const msg = `Le nombre d’essais et la pénalité ne peuvent plus changer : ${why}.`;
    throw conflict(msg, { max_submissions: [msg] });
  }
  if (questionsChanged) {
    const msg = `Les questions, les sections, leur ordre et leurs points ne peuvent plus changer : ${why}. Les dates, le titre et la description restent modifiables.`;
    throw conflict(msg, { questions: [msg] });
  }
  if (yearChanged) {
    const msg = `L’année universitaire ne peut plus changer : ${why}.`;
    throw conflict(msg, { academic_year_id: [msg] });
  }
  if (before.some((s) => !after.includes(s))) {
    const msg = `Un parcours ne peut plus être retiré : ${why}. Vous pouvez encore en ajouter.`;
    throw conflict(msg, { specialization_ids: [msg] });
  }
}

/** Pins each question of the exam to its current version, whose variants must all be made. */
async function pinVersions(trx: Trx, examId: number): Promise<void> {
  const questionIds = (await storedQuestions(trx, examId)).map((q) => q.question_id);
  const { pins, unready } = await publicationPins(trx, questionIds, VARIANTS_PER_QUESTION);
  if (unready.length) {
    const m = `${unready.length > 1 ? 'Des questions ont été modifiées' : 'Une question a été modifiée'} pendant la publication (n° ${unready.join(', ')}) : publiez de nouveau pour fabriquer leurs variantes.`;
    throw conflict(m, { questions: [m] });
  }
  await setQuestionVersions(trx, examId, pins);
}

export async function changeStatus(ctx: AppContext, id: number, target: ExamStatus, caller?: QuestionCaller): Promise<Exam> {
  if (target === 'PUBLISHED') {
    // The checks that need no sandbox first: an exam that cannot be published makes no variant.
    const row = await findExamListItem(ctx.db, id);
    if (!row) throw notFound(NOT_FOUND);
    await checkTransition(ctx.db, id, row.status, target);
    // Variants are made in the sandbox outside any transaction; they are kept per version, so a refused or repeated
    // publication makes none twice.
    await prepareVariants(ctx, caller ?? { userId: 0 }, (await storedQuestions(ctx.db, id)).map((q) => q.question_id));
  }
  await withTransaction(ctx.db, async (trx) => {
    const row = await lockExam(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    await checkTransition(trx, id, row.status, target);
    await setExamStatus(trx, id, target);
    // From now on an edit of a question changes nothing for this exam's students.
    if (target === 'PUBLISHED') await pinVersions(trx, id);
    // Closing closes: no attempt goes on after it (their drafts are then graded by exam taking).
    if (target === 'CLOSED') await finishOpenAttempts(trx, id);
  });
  return loadExam(ctx.db, id);
}

async function checkTransition(trx: Db, id: number, from: ExamStatus, to: ExamStatus): Promise<void> {
  if (from === to) throw conflict(`L’examen est déjà ${label(to)}.`);
  const move = `Impossible de passer l’examen de ${label(from)} à ${label(to)}`;
  const allowed = EXAM_TRANSITIONS[from];
  if (!allowed.includes(to)) {
    const next = allowed.length === 0 ? 'un examen archivé ne change plus de statut' : `depuis ${label(from)}, seul ${allowed.map(label).join(' ou ')} est possible`;
    throw conflict(`${move} : ${next}.`);
  }
  if (to === 'ARCHIVED') {
    // An archived exam's results are final: answers still waiting for the runner are graded first (closing keeps them).
    const waiting = await answersGradedLaterOf(trx, id);
    if (waiting > 0) throw conflict(`${move} : ${waiting === 1 ? 'une réponse attend encore sa correction' : `${waiting} réponses attendent encore leur correction`} (serveur d’exécution saturé) ; réessayez dans quelques minutes.`);
  }
  if (from === 'PUBLISHED' && to === 'DRAFT') {
    const started = await countAttempts(trx, id);
    if (started > 0) throw conflict(`${move} : ${startedPhrase(started)}.`);
  }
  if (to === 'PUBLISHED') {
    const exam = (await findExamListItem(trx, id))!;
    if (exam.question_count === 0) throw conflict(`${move} : il n’a aucune question.`);
    if (Date.parse(exam.end_at) <= Date.parse(exam.start_at)) throw conflict(`${move} : la date de fermeture doit être postérieure à la date d’ouverture.`);
    if (Date.parse(exam.end_at) <= Date.now()) throw conflict(`${move} : sa date de fermeture est déjà passée ; reportez-la d’abord.`);
  }
}

export async function removeExam(ctx: AppContext, id: number): Promise<void> {
  await withTransaction(ctx.db, async (trx) => {
    const row = await lockExam(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'DRAFT') throw conflict(`Seul un examen en brouillon peut être supprimé ; celui-ci est ${label(row.status)}.`);
    const started = await countAttempts(trx, id);
    if (started > 0) throw conflict(`Cet examen ne peut pas être supprimé : ${startedPhrase(started)}.`);
    await deleteExam(trx, id);
  });
}

/**
 * One student's extra minutes on one exam (upsert; 0 removes them). The student must be of the exam's year and
 * parcours. An attempt already started (not finished) gets its deadline computed again from its start.
 */
export async function setExtraTime(ctx: AppContext, examId: number, userId: number, minutes: number): Promise<{ extra_times: ExamExtraTime[]; attempt: { deadline: Date; recomputed: boolean } | null }> {
  return withTransaction(ctx.db, async (trx) => {
    if (!(await lockExam(trx, examId))) throw notFound(NOT_FOUND);
    if (!(await isStudentOfExam(trx, examId, userId))) {
      const msg = (await userExists(trx, userId))
        ? "Cet utilisateur n’est pas un étudiant inscrit dans l’année et l’un des parcours de cet examen."
        : "Cet étudiant n’existe pas.";
      throw unprocessable({ user_id: [msg] }, msg);
    }
    await upsertExtraTime(trx, examId, userId, minutes);
    const attempt = await refreshDeadline(trx, examId, userId, minutes);
    return { extra_times: await examExtraTimes(trx, examId), attempt };
  });
}
