// Grading-by-people endpoints (docs/api.md « Correction humaine »; shapes in packages/shared/src/human-grading.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradingOverview, GradingQueue, MarkInput, MarkResult } from '@exam/shared';
import { api } from '@/lib/api-client';

export const gradingKeys = {
  overview: (examId: number) => ['grading', examId] as const,
  queue: (examId: number, questionId: number) => ['grading', examId, 'queue', questionId] as const,
};

export const useGradingOverview = (examId: number) =>
  useQuery({ queryKey: gradingKeys.overview(examId), queryFn: () => api.get<GradingOverview>(`/admin/exams/${examId}/grading`), retry: false });

export const useGradingQueue = (examId: number, questionId: number | null) =>
  useQuery({
    queryKey: gradingKeys.queue(examId, questionId ?? 0),
    queryFn: () => api.get<GradingQueue>(`/admin/exams/${examId}/grading/questions/${questionId}`),
    enabled: questionId !== null,
    // The queue is the grader's own: it is refreshed on a conflict, never behind their back while they type.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

/** Saves a mark; the queue in the cache takes it at once (no reload), and a conflict (409) reloads the queue. */
export function useSaveMark(examId: number, questionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ copy, body }: { copy: number; body: MarkInput }) => api.put<MarkResult>(`/admin/exams/${examId}/grading/questions/${questionId}/copies/${copy}`, body),
    onSuccess: (r) => {
      qc.setQueryData<GradingQueue>(gradingKeys.queue(examId, questionId), (q) =>
        q ? { ...q, counts: r.counts, copies: q.copies.map((c) => (c.copy === r.copy ? { ...c, mark: r.mark } : c)) } : q,
      );
      void qc.invalidateQueries({ queryKey: gradingKeys.overview(examId) });
    },
    onError: () => qc.invalidateQueries({ queryKey: gradingKeys.queue(examId, questionId) }),
  });
}
