// Similar-programs endpoints (docs/api.md « Programmes similaires »; shapes in packages/shared/src/similarity.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimilarityCase, SimilarityCaseInput, SimilarityCaseStepInput, SimilarityComparison, SimilarityQuestion, SimilarityResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { similarityTexts } from '../texts';

export const similarityKeys = {
  exam: (examId: number) => ['similarity', examId] as const,
  questions: (examId: number) => ['similarity', examId, 'questions'] as const,
  result: (examId: number, questionId: number, threshold: number) => ['similarity', examId, 'result', questionId, threshold] as const,
  pair: (examId: number, questionId: number, left: number, right: number) => ['similarity', examId, 'pair', questionId, left, right] as const,
  cases: (examId: number) => ['similarity', examId, 'cases'] as const,
};

const running = (q: SimilarityQuestion) => q.analysis?.status === 'QUEUED' || q.analysis?.status === 'RUNNING';

/** The exam's program questions; asked again every 1.5 s while a comparison is queued or running (its progress). */
export const useSimilarityQuestions = (examId: number) =>
  useQuery({
    queryKey: similarityKeys.questions(examId),
    queryFn: () => api.get<SimilarityQuestion[]>(`/admin/exam-results/${examId}/similarity`, undefined, { silent: true }),
    retry: false,
    refetchInterval: (q) => (q.state.data?.some(running) ? 1500 : false),
  });

export const useSimilarityResult = (examId: number, questionId: number | null, threshold: number, doneAt: string | null) =>
  useQuery({
    queryKey: [...similarityKeys.result(examId, questionId ?? 0, threshold), doneAt],
    queryFn: () => api.get<SimilarityResult>(`/admin/exam-results/${examId}/similarity/${questionId}`, { threshold }),
    enabled: questionId !== null,
    placeholderData: keepPreviousData,
  });

export const useSimilarityPair = (examId: number, questionId: number, pair: { left: number; right: number } | null, doneAt: string | null) =>
  useQuery({
    queryKey: [...similarityKeys.pair(examId, questionId, pair?.left ?? 0, pair?.right ?? 0), doneAt],
    queryFn: () => api.get<SimilarityComparison>(`/admin/exam-results/${examId}/similarity/${questionId}/pairs/${pair!.left}/${pair!.right}`),
    enabled: pair !== null,
    retry: false,
  });

export function useRunSimilarity(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) => api.post(`/admin/exam-results/${examId}/similarity/${questionId}/run`, undefined, { successTitle: similarityTexts.toast.run }),
    onSettled: () => qc.invalidateQueries({ queryKey: similarityKeys.questions(examId) }),
  });
}

export const useSimilarityCases = (examId: number) =>
  useQuery({ queryKey: similarityKeys.cases(examId), queryFn: () => api.get<SimilarityCase[]>(`/admin/exam-results/${examId}/similarity-cases`) });

export function useCreateCase(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SimilarityCaseInput) => api.post<SimilarityCase>(`/admin/exam-results/${examId}/similarity-cases`, body, { successTitle: similarityTexts.toast.case }),
    onSuccess: () => qc.invalidateQueries({ queryKey: similarityKeys.cases(examId) }),
  });
}

export function useAddCaseStep(examId: number, caseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SimilarityCaseStepInput) => api.post<SimilarityCase>(`/admin/exam-results/${examId}/similarity-cases/${caseId}/steps`, body, { successTitle: similarityTexts.toast.case }),
    onSuccess: () => qc.invalidateQueries({ queryKey: similarityKeys.cases(examId) }),
  });
}
