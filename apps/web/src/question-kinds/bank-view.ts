// A bank question read as an answer view reads a student's question (staff only: with its right answer).
import type { Question } from '@exam/shared';
import type { KnownSolution, ViewQuestion } from './types';

export const noSolution: KnownSolution = { choice_ids: [], accepted: [], expected: null, pairs: [] };

/** The question with nothing an answer names by id (kinds answered by a text). */
export const plainView = (q: Question): ViewQuestion => ({ type: q.type, language: q.language, choices: [], items: [] });
