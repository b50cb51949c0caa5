// A student's data: their page, their deletion request; the staff's list of requests and decisions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionDecisionInput, DeletionRequest } from '@exam/shared';
import { api } from '@/lib/api-client';
import { personalDataTexts as t } from '../texts';

export const personalDataKeys = {
  all: ['personal-data'] as const,
  mine: ['personal-data', 'mine'] as const,
  requests: (pending: boolean) => ['personal-data', 'requests', pending] as const,
};

export const useMyData = () => useQuery({ queryKey: personalDataKeys.mine, queryFn: () => api.get<{ requests: DeletionRequest[] }>('/student/my-data') });
export const useDeletionRequests = (pending: boolean) =>
  useQuery({ queryKey: personalDataKeys.requests(pending), queryFn: () => api.get<DeletionRequest[]>('/admin/personal-data/deletion-requests', { status: pending ? 'PENDING' : 'ALL' }) });

export function useRequestDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<DeletionRequest>('/student/my-data/deletion-request', { message }, { successTitle: t.mine.toast }),
    onSuccess: () => qc.invalidateQueries({ queryKey: personalDataKeys.all }),
  });
}

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DeletionDecisionInput }) => api.put<DeletionRequest>(`/admin/personal-data/deletion-requests/${id}/decide`, input, { successTitle: t.staff.toast }),
    onSuccess: () => qc.invalidateQueries({ queryKey: personalDataKeys.all }),
  });
}
