// LTI: platforms, registration links, key rotation, grades sent back, class lists (/api/admin/lti/*), and the
// exchange of a launch's hand-off code for a session (/api/lti/session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ltiContextSchema, type LtiClassListImport, type LtiClassListResult, type LtiGrade, type LtiPlatform, type LtiPlatformInput, type LtiToolUrls, type LoginResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { ltiTexts } from '../texts';

export type LtiContext = z.infer<typeof ltiContextSchema>;

const keys = {
  platforms: ['lti', 'platforms'] as const,
  contexts: ['lti', 'contexts'] as const,
  grades: (examId: number) => ['lti', 'grades', examId] as const,
};
const successTitle = ltiTexts.toast.title;

export const exchangeCode = (code: string) => api.post<{ user: LoginResult; target: string }>('/lti/session', { code }, { silent: true });

export const usePlatforms = (enabled: boolean) =>
  useQuery({ queryKey: keys.platforms, queryFn: () => api.get<{ platforms: LtiPlatform[]; tool: LtiToolUrls }>('/admin/lti/platforms'), enabled });

export function useSavePlatform() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LtiPlatformInput) => api.post<LtiPlatform>('/admin/lti/platforms', input, { successTitle }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.platforms }),
  });
}

export function useDeletePlatform() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/lti/platforms/${id}`, { successTitle }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.platforms }),
  });
}

export const useRegistrationLink = () =>
  useMutation({ mutationFn: (name: string) => api.post<{ url: string; expires_at: string }>('/admin/lti/registration-links', { name }, { successTitle }) });

export const useRotateKeys = () => useMutation({ mutationFn: () => api.post<{ kid: string; published: string[] }>('/admin/lti/keys/rotate', undefined, { successTitle }) });

export const useContexts = () => useQuery({ queryKey: keys.contexts, queryFn: () => api.get<LtiContext[]>('/admin/lti/contexts') });

export const useImportClassList = () =>
  useMutation({ mutationFn: ({ id, input }: { id: number; input: LtiClassListImport }) => api.post<LtiClassListResult>(`/admin/lti/contexts/${id}/class-list`, input, { successTitle }) });

export const useGrades = (examId: number | null) =>
  useQuery({ queryKey: keys.grades(examId ?? 0), queryFn: () => api.get<LtiGrade[]>('/admin/lti/grades', { exam_id: examId! }), enabled: examId !== null });

export function useRetryGrade(examId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/admin/lti/grades/${id}/retry`, undefined, { successTitle }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.grades(examId ?? 0) }),
  });
}

export const useExamOptions = () =>
  useQuery({ queryKey: ['exams', 'lti-options'], queryFn: () => api.page<{ id: number; title: string }>('/admin/exams', { page: 1, per_page: 100 }), staleTime: 60_000 });
