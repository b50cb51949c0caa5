// Academic years: list, show, create, update, delete (/api/admin/academic-years).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcademicYear, AcademicYearInput } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { yearsTexts } from '../texts';

export const yearKeys = {
  all: ['academic-years'] as const,
  list: (q: Query) => ['academic-years', 'list', q] as const,
  one: (id: number) => ['academic-years', 'one', id] as const,
};

export const useYearsList = (q: Query) =>
  useQuery({ queryKey: yearKeys.list(q), queryFn: () => api.page<AcademicYear>('/admin/academic-years', q), placeholderData: keepPreviousData });

export const useYear = (id: number) => useQuery({ queryKey: yearKeys.one(id), queryFn: () => api.get<AcademicYear>(`/admin/academic-years/${id}/show`, undefined, { silent: true }), retry: false });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: yearKeys.all });
}

export function useSaveYear(id?: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AcademicYearInput) =>
      id
        ? api.put<AcademicYear>(`/admin/academic-years/${id}/update`, input, { successTitle: yearsTexts.toast.update })
        : api.post<AcademicYear>('/admin/academic-years/create', input, { successTitle: yearsTexts.toast.create }),
    onSuccess: invalidate,
  });
}

export function useDeleteYear() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/academic-years/${id}/delete`, { successTitle: yearsTexts.toast.delete }),
    onSuccess: invalidate,
  });
}
