// One possible solution at a time (a QCM choice, an EXACT accepted answer, an ALGORITHM test case, the MATH
// expression): each change keeps the question's rules (a QCM keeps a correct choice and 2 to 10 choices, an
// ALGORITHM keeps a case and its reference solution passing), through the question bank's checks.
import type { PossibleSolution, PossibleSolutionData, Question, QuestionSolutionData } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { notFound, unprocessable } from '../../lib/errors';
import { findQuestion, replaceQuestionSolutions, QUESTION_MISSING, type QuestionCaller } from '../questions';

const SOLUTION_MISSING = 'Cette solution est introuvable.';

const asInput = (p: PossibleSolution): QuestionSolutionData => ({
  id: p.id,
  content: p.content,
  is_correct: p.is_correct,
  stdin: p.stdin,
  expected_output: p.expected_output,
  is_hidden: p.is_hidden,
  weight: p.weight,
  test_code: p.test_code,
  display: p.display,
});

const fields = (d: Partial<PossibleSolutionData>): QuestionSolutionData => ({
  content: d.content ?? '',
  is_correct: d.is_correct ?? 0,
  stdin: d.stdin ?? '',
  expected_output: d.expected_output ?? '',
  is_hidden: d.is_hidden ?? 0,
  weight: d.weight ?? 1,
  test_code: d.test_code ?? '',
  display: d.display ?? null,
});

async function questionOf(ctx: AppContext, id: number, field = 'question_id'): Promise<Question> {
  const q = await findQuestion(ctx.db, id);
  if (!q) throw unprocessable({ [field]: [QUESTION_MISSING] }, QUESTION_MISSING);
  return q;
}

async function solutionAndQuestion(ctx: AppContext, id: number): Promise<{ solution: PossibleSolution; question: Question }> {
  // The owning question is found through the solution; a solution of no question does not exist.
  const row = await ctx.db.selectFrom('possible_solutions').select('question_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SOLUTION_MISSING);
  const question = await findQuestion(ctx.db, row.question_id);
  const solution = question?.possible_solutions.find((p) => p.id === id);
  if (!question || !solution) throw notFound(SOLUTION_MISSING);
  return { solution, question };
}

export async function showSolution(ctx: AppContext, id: number): Promise<PossibleSolution> {
  return (await solutionAndQuestion(ctx, id)).solution;
}

export async function listSolutions(ctx: AppContext, questionId: number): Promise<PossibleSolution[]> {
  const q = await findQuestion(ctx.db, questionId);
  if (!q) throw notFound(QUESTION_MISSING);
  return q.possible_solutions;
}

/** Adds a solution at the end of the question's list. */
export async function createSolution(ctx: AppContext, caller: QuestionCaller, data: PossibleSolutionData): Promise<PossibleSolution> {
  const question = await questionOf(ctx, data.question_id);
  const before = new Set(question.possible_solutions.map((p) => p.id));
  const saved = await replaceQuestionSolutions(ctx, caller, question, [...question.possible_solutions.map(asInput), fields(data)]);
  return saved.possible_solutions.find((p) => !before.has(p.id))!;
}

export async function updateSolution(ctx: AppContext, caller: QuestionCaller, id: number, data: Partial<PossibleSolutionData>): Promise<PossibleSolution> {
  const { question } = await solutionAndQuestion(ctx, id);
  if (data.question_id !== undefined && data.question_id !== question.id) {
    throw unprocessable({ question_id: ['Une solution ne peut pas changer de question.'] }, 'Une solution ne peut pas changer de question.');
  }
  const next = question.possible_solutions.map((p) => (p.id === id ? { ...fields(data), id } : asInput(p)));
  const saved = await replaceQuestionSolutions(ctx, caller, question, next);
  return saved.possible_solutions.find((p) => p.id === id)!;
}

export async function deleteSolution(ctx: AppContext, caller: QuestionCaller, id: number): Promise<{ id: number; question_id: number }> {
  const { question } = await solutionAndQuestion(ctx, id);
  await replaceQuestionSolutions(ctx, caller, question, question.possible_solutions.filter((p) => p.id !== id).map(asInput));
  return { id, question_id: question.id };
}
