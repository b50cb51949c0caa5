// « Appliquer le barème modifié » (docs/api.md « Correction humaine »): the question's current rubric applied to the
// exam; the queue is then read again (the copies' new marks).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RubricApplyResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { gradingKeys } from './grading';

export function useApplyRubric(examId: number, questionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RubricApplyResult>(`/admin/exams/${examId}/grading/questions/${questionId}/rubric/apply`, undefined, { successTitle: 'Barème modifié appliqué' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gradingKeys.queue(examId, questionId) });
      void qc.invalidateQueries({ queryKey: gradingKeys.overview(examId) });
    },
  });
}
