// Student practice calls (docs/api.md: student routes, practices/exercises, practices/question, practices/evaluate-solution).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PracticeEvaluateResult, PracticeExercisesResult, PracticeFilter, PracticeQuestionResult } from '@exam/shared';
import { api } from '@/lib/api-client';

export const studentRunUrl = '/student/practices/run';
export const studentCompareUrl = '/student/practices/compare-math-expression';

export interface QuestionParams {
  course_id: number;
  question_id?: number;
  after?: number;
}

const keys = {
  exercises: ['student', 'practice', 'exercises'] as const,
  questions: ['student', 'practice', 'question'] as const,
  question: (params: QuestionParams) => ['student', 'practice', 'question', params] as const,
};

export function useExercises(params: { course_id?: number; type?: PracticeFilter }) {
  return useQuery({
    queryKey: [...keys.exercises, params],
    queryFn: () => api.get<PracticeExercisesResult>('/student/practices/exercises', params),
  });
}

/** Keeps an answer under its exercise's id too, so that the screen asking for that id shows it without a new call. */
function keepByIdentity(qc: QueryClient, courseId: number, result: PracticeQuestionResult) {
  if (result.question) qc.setQueryData(keys.question({ course_id: courseId, question_id: result.question.id }), result);
}

/**
 * One exercise: the one asked by id, or else the next one not validated. The latter changes with every try, so it
 * is never served from the cache; its answer is kept under the exercise's id (the screen then asks by id).
 */
export function usePracticeQuestion(params: QuestionParams) {
  const qc = useQueryClient();
  const byId = params.question_id != null;
  return useQuery({
    queryKey: keys.question(params),
    queryFn: async () => {
      const result = await api.get<PracticeQuestionResult>('/student/practices/question', { ...params }, { silent: true });
      if (!byId) keepByIdentity(qc, params.course_id, result);
      return result;
    },
    enabled: Number.isInteger(params.course_id) && params.course_id > 0,
    retry: false,
    ...(byId ? {} : { staleTime: 0, gcTime: 0 }),
  });
}

/** « Exercice suivant »: asks the server for the next one not validated after `after`, always fresh. */
export function useNextExercise() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (params: { course_id: number; after: number }) => api.get<PracticeQuestionResult>('/student/practices/question', { ...params }),
    onSuccess: (result, params) => keepByIdentity(qc, params.course_id, result),
  });
}

export function useEvaluate(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { question_id: number; answer: unknown }) => api.post<PracticeEvaluateResult>('/student/practices/evaluate-solution', body),
    onSuccess: (r) => {
      // At once: the exercise's state and the course's progress in every exercise of the course kept in the cache
      // (the one shown, and those « Exercice suivant » or the back button return to)…
      qc.setQueriesData<PracticeQuestionResult>({ queryKey: keys.questions }, (old) => {
        if (!old?.question || old.question.course.id !== courseId) return old;
        const question = old.question.id === r.question_id ? { ...old.question, done: r.done, attempts: old.question.attempts + 1 } : old.question;
        return { ...old, question, progress: r.progress, all_done: r.progress.validated === r.progress.total };
      });
      // …then read again from the server, as are the lists and progress (here and on the course page). The one
      // shown is asked by id, so it stays the same exercise.
      void qc.invalidateQueries({ queryKey: keys.questions });
      void qc.invalidateQueries({ queryKey: keys.exercises });
    },
  });
}
