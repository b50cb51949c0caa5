// Similar programs in practice (docs/api.md « Programmes similaires »): a practice exercise's comparison, asked by a
// teacher, read with the exam's shapes (a side is the student's last try).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimilarityComparison, SimilarityResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { similarityTexts } from '../texts';

const base = (questionId: number) => `/admin/practices/questions/${questionId}/similarity`;

export const practiceSimilarityKeys = {
  all: (questionId: number) => ['practice-similarity', questionId] as const,
  pair: (questionId: number, left: number, right: number) => ['practice-similarity', questionId, 'pair', left, right] as const,
};

const running = (r: SimilarityResult | undefined) => r?.question.analysis?.status === 'QUEUED' || r?.question.analysis?.status === 'RUNNING';

/** The exercise's comparison at a threshold; asked again every 1.5 s while it is queued or running (its progress). */
export const usePracticeSimilarity = (questionId: number, threshold: number) =>
  useQuery({
    queryKey: [...practiceSimilarityKeys.all(questionId), threshold],
    queryFn: () => api.get<SimilarityResult>(base(questionId), { threshold }, { silent: true }),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });

export const usePracticePair = (questionId: number, pair: { left: number; right: number } | null, doneAt: string | null) =>
  useQuery({
    queryKey: [...practiceSimilarityKeys.pair(questionId, pair?.left ?? 0, pair?.right ?? 0), doneAt],
    queryFn: () => api.get<SimilarityComparison>(`${base(questionId)}/pairs/${pair!.left}/${pair!.right}`),
    enabled: pair !== null,
    retry: false,
  });

export function useRunPracticeSimilarity(questionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${base(questionId)}/run`, undefined, { successTitle: similarityTexts.toast.run }),
    onSettled: () => qc.invalidateQueries({ queryKey: practiceSimilarityKeys.all(questionId) }),
  });
}
