// Years and parcours for the course form and filters (staff may read them).
import { useQuery } from '@tanstack/react-query';
import type { AcademicYear, Specialization } from '@exam/shared';
import { api } from '@/lib/api-client';

export function useYears() {
  return useQuery({
    queryKey: ['courses', 'ref', 'years'],
    queryFn: async () => (await api.page<AcademicYear>('/admin/academic-years', { per_page: 100, sort: '-start_date' })).data,
    staleTime: 60_000,
  });
}

export function useSpecializations() {
  return useQuery({
    queryKey: ['courses', 'ref', 'specializations'],
    queryFn: async () => (await api.page<Specialization>('/admin/specializations', { per_page: 100 })).data,
    staleTime: 60_000,
  });
}
