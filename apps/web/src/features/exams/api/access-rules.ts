// An exam's access rules (docs/examens.md « Règles d'accès »): show and save; the .seb file is downloaded from its path.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamAccessRules, ExamAccessRulesInput } from '@exam/shared';
import { api } from '@/lib/api-client';
import { examsTexts } from '../texts';

export const accessRulesKey = (id: number) => ['exams', 'access-rules', id] as const;
export const sebConfigPath = (id: number) => `/admin/exams/${id}/seb-config`;

export const useAccessRules = (id: number) =>
  useQuery({ queryKey: accessRulesKey(id), queryFn: () => api.get<ExamAccessRules>(`/admin/exams/${id}/access-rules`, undefined, { silent: true }) });

export function useSaveAccessRules(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExamAccessRulesInput) => api.put<ExamAccessRules>(`/admin/exams/${id}/access-rules`, body, { successTitle: examsTexts.access.toast }),
    onSuccess: (rules) => qc.setQueryData(accessRulesKey(id), rules),
  });
}
