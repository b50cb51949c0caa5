// Reference data offered in selects and filters (years, mentions, parcours, courses): EVERY row, page after page,
// never only the first 100. One module, one query key per list, so that every screen shares the same cache; the
// keys sit under each resource's own key ('academic-years', 'mentions', …), so a feature's mutation invalidating
// its resource refreshes the options too.
import { useQuery } from '@tanstack/react-query';
import type { AcademicYear, Course, Mention, Specialization } from '@exam/shared';
import { api } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';

export const optionKeys = {
  years: ['academic-years', 'options'] as const,
  mentions: ['mentions', 'options'] as const,
  specializations: ['specializations', 'options'] as const,
  courses: ['courses', 'options'] as const,
};

const all = <T>(path: string, sort: string) => fetchAllPages((page) => api.page<T>(path, { page, per_page: 100, sort }));

/** Every academic year, most recent first. */
export const useYearOptions = () => useQuery({ queryKey: optionKeys.years, queryFn: () => all<AcademicYear>('/admin/academic-years', '-label'), staleTime: 60_000 });

/** Every mention, by name. */
export const useMentionOptions = () => useQuery({ queryKey: optionKeys.mentions, queryFn: () => all<Mention>('/admin/mentions', 'name'), staleTime: 60_000 });

/** Every parcours, by name. */
export const useSpecializationOptions = () =>
  useQuery({ queryKey: optionKeys.specializations, queryFn: () => all<Specialization>('/admin/specializations', 'name'), staleTime: 60_000 });

/** Every course, by title. */
export const useCourseOptions = () => useQuery({ queryKey: optionKeys.courses, queryFn: () => all<Course>('/admin/courses', 'title'), staleTime: 60_000 });

/** The select entry of a year (value = id as text). */
export const yearOption = (y: AcademicYear) => ({ value: String(y.id), label: y.label });
/** The select entry of a parcours: "Name (CODE)", the one way a parcours is named in every select. */
export const specializationOption = (s: Specialization) => ({ value: String(s.id), label: `${s.name} (${s.code})` });
