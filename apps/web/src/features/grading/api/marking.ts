// Double marking, publication and anonymity endpoints (docs/api.md « Correction humaine »; shapes in
// packages/shared/src/double-marking.ts). Every change refreshes the exam's grading queries.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementReport, Disagreements, MarkInput, MarkingSetupInput, MarkingState, MarkResult } from '@exam/shared';
import { api } from '@/lib/api-client';

export const markingKeys = {
  state: (examId: number) => ['grading', examId, 'marking'] as const,
  disagreements: (examId: number) => ['grading', examId, 'disagreements'] as const,
  agreement: (examId: number) => ['grading', examId, 'agreement'] as const,
};

const base = (examId: number) => `/admin/exams/${examId}/grading`;

export const useMarkingState = (examId: number) =>
  useQuery({ queryKey: markingKeys.state(examId), queryFn: () => api.get<MarkingState>(`${base(examId)}/marking`), retry: false });

export const useDisagreements = (examId: number, enabled: boolean) =>
  useQuery({ queryKey: markingKeys.disagreements(examId), queryFn: () => api.get<Disagreements>(`${base(examId)}/disagreements`), enabled, retry: false });

export const useAgreement = (examId: number, enabled: boolean) =>
  useQuery({ queryKey: markingKeys.agreement(examId), queryFn: () => api.get<AgreementReport>(`${base(examId)}/agreement`), enabled, retry: false });

/** Everything of the exam's grading is read again (queues, overview, marking state). */
function useRefresh(examId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['grading', examId] });
}

export function useSetupMarking(examId: number) {
  const refresh = useRefresh(examId);
  return useMutation({ mutationFn: (body: MarkingSetupInput) => api.put<MarkingState>(`${base(examId)}/marking`, body, { successTitle: 'Double correction' }), onSuccess: refresh });
}

export function useSettle(examId: number) {
  const refresh = useRefresh(examId);
  return useMutation({
    mutationFn: ({ questionId, copy, body }: { questionId: number; copy: number; body: MarkInput }) => api.post<MarkResult>(`${base(examId)}/questions/${questionId}/copies/${copy}/settle`, body, { successTitle: 'Désaccord tranché' }),
    onSettled: refresh,
  });
}

export function usePublish(examId: number) {
  const refresh = useRefresh(examId);
  return useMutation({ mutationFn: () => api.post<{ published_at: string; pending: number; copies: number }>(`${base(examId)}/publish`, undefined, { successTitle: 'Publication' }), onSettled: refresh });
}

export function useLiftAnonymity(examId: number) {
  const refresh = useRefresh(examId);
  return useMutation({ mutationFn: () => api.post<{ lifted_at: string; copies: number }>(`${base(examId)}/lift-anonymity`, undefined, { successTitle: 'Anonymat' }), onSettled: refresh });
}

/** The student's name beside a copy number, once anonymity is lifted (null before). */
export function useCopyName(examId: number, copy: number): string | null {
  const state = useMarkingState(examId);
  return state.data?.names.find((n) => n.copy === copy)?.name ?? null;
}
