// Student practice calls (API.md "Student": practices/exercises, practices/question, practices/evaluate-solution).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeEvaluateResult, PracticeExercisesResult, PracticeFilter, PracticeQuestionResult } from '@exam/shared';
import { api } from '@/lib/api-client';

export const studentRunUrl = '/student/practices/run';
export const studentCompareUrl = '/student/practices/compare-math-expression';

export function useExercises(params: { course_id?: number; type?: PracticeFilter }) {
  return useQuery({
    queryKey: ['student', 'practice', 'exercises', params],
    queryFn: () => api.get<PracticeExercisesResult>('/student/practices/exercises', params),
  });
}

export interface QuestionParams {
  course_id: number;
  question_id?: number;
  after?: number;
}

export function usePracticeQuestion(params: QuestionParams) {
  return useQuery({
    queryKey: ['student', 'practice', 'question', params],
    queryFn: () => api.get<PracticeQuestionResult>('/student/practices/question', { ...params }, { silent: true }),
    enabled: Number.isInteger(params.course_id) && params.course_id > 0,
    retry: false,
  });
}

export function useEvaluate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { question_id: number; answer: unknown }) => api.post<PracticeEvaluateResult>('/student/practices/evaluate-solution', body),
    // Lists and progress (here and on the course page) are read again; the shown question stays.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['student', 'practice', 'exercises'] }),
  });
}
