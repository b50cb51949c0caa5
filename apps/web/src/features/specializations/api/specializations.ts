// Parcours: list, show, create, update, delete (/api/admin/specializations).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Specialization, SpecializationInput } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { specializationsTexts } from '../texts';

export const specializationKeys = {
  all: ['specializations'] as const,
  list: (q: Query) => ['specializations', 'list', q] as const,
  one: (id: number) => ['specializations', 'one', id] as const,
};

export const useSpecializationsList = (q: Query) =>
  useQuery({ queryKey: specializationKeys.list(q), queryFn: () => api.page<Specialization>('/admin/specializations', q), placeholderData: keepPreviousData });

export const useSpecialization = (id: number) =>
  useQuery({ queryKey: specializationKeys.one(id), queryFn: () => api.get<Specialization>(`/admin/specializations/${id}/show`, undefined, { silent: true }), retry: false });

export function useSaveSpecialization(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SpecializationInput) =>
      id
        ? api.put<Specialization>(`/admin/specializations/${id}/update`, input, { successTitle: specializationsTexts.toast.update })
        : api.post<Specialization>('/admin/specializations/create', input, { successTitle: specializationsTexts.toast.create }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: specializationKeys.all });
      qc.invalidateQueries({ queryKey: ['mentions'] });
    },
  });
}

export function useDeleteSpecialization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/specializations/${id}/delete`, { successTitle: specializationsTexts.toast.delete }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: specializationKeys.all });
      qc.invalidateQueries({ queryKey: ['mentions'] });
    },
  });
}
