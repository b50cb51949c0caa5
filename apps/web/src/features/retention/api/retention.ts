// Retention: years' settings, preview and purge, elimination records, holds (/api/admin/retention).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Hold, HoldInput, PurgeRecord, RetentionPreview, RetentionSettingsInput, RetentionYear } from '@exam/shared';
import { api } from '@/lib/api-client';
import { retentionTexts as t } from '../texts';

export const retentionKeys = {
  all: ['retention'] as const,
  years: ['retention', 'years'] as const,
  preview: (id: number) => ['retention', 'preview', id] as const,
  records: ['retention', 'records'] as const,
  holds: (active: boolean) => ['retention', 'holds', active] as const,
};

export const useRetentionYears = () => useQuery({ queryKey: retentionKeys.years, queryFn: () => api.get<RetentionYear[]>('/admin/retention/years') });
export const usePurgeRecords = () => useQuery({ queryKey: retentionKeys.records, queryFn: () => api.get<PurgeRecord[]>('/admin/retention/records') });
export const usePurgePreview = (id: number | null) =>
  useQuery({ queryKey: retentionKeys.preview(id ?? 0), queryFn: () => api.get<RetentionPreview>(`/admin/retention/years/${id}/preview`), enabled: id !== null, gcTime: 0 });
export const useHolds = (active: boolean) => useQuery({ queryKey: retentionKeys.holds(active), queryFn: () => api.get<Hold[]>('/admin/retention/holds', { active: active ? '1' : '0' }) });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: retentionKeys.all });
}

export function useSaveSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RetentionSettingsInput }) => api.put<RetentionYear>(`/admin/retention/years/${id}/settings`, input, { successTitle: t.toast.settings }),
    onSuccess: invalidate,
  });
}

export function usePurge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) => api.post<PurgeRecord>(`/admin/retention/years/${id}/purge`, { confirm }, { successTitle: t.toast.purge }),
    onSuccess: invalidate,
  });
}

export function useCreateHold() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: HoldInput) => api.post<Hold>('/admin/retention/holds/create', input, { successTitle: t.toast.hold }), onSuccess: invalidate });
}

export function useReleaseHold() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.put<Hold>(`/admin/retention/holds/${id}/release`, { reason }, { successTitle: t.toast.hold }),
    onSuccess: invalidate,
  });
}
