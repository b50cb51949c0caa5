// Staff course endpoints: list, show, create, update, delete (docs/api.md: staff resources).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseInput, PracticeCourseStats } from '@exam/shared';
import { api } from '@/lib/api-client';
import { coursesTexts } from '../texts';

export interface CourseListParams {
  page: number;
  per_page: number;
  search?: string;
  academic_year_id?: string | null;
  specialization_id?: string | null;
  is_published?: string | null;
  is_premium?: string | null;
  sort?: string;
}

export const courseKeys = {
  all: ['courses'] as const,
  list: (p: CourseListParams) => ['courses', 'list', p] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
};

export const fetchCourses = (p: CourseListParams) => api.page<Course>('/admin/courses', { ...p });

export function useCourses(p: CourseListParams) {
  return useQuery({ queryKey: courseKeys.list(p), queryFn: () => fetchCourses(p), placeholderData: keepPreviousData });
}

export function useCourse(id: number) {
  return useQuery({ queryKey: courseKeys.detail(id), queryFn: () => api.get<Course>(`/admin/courses/${id}/show`), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseInput) => api.post<Course>('/admin/courses/create', body, { successTitle: coursesTexts.form.createdTitle }),
    onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

export function useUpdateCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseInput) => api.put<Course>(`/admin/courses/${id}/update`, body, { successTitle: coursesTexts.form.updatedTitle }),
    onSuccess: (course) => {
      qc.setQueryData(courseKeys.detail(id), course);
      return qc.invalidateQueries({ queryKey: ['courses', 'list'] });
    },
  });
}

export function useDeleteCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ chapters_deleted: number }>(`/admin/courses/${id}/delete`, { successTitle: coursesTexts.list.deleteTitle }),
    onSuccess: () => qc.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** Staff: the course's practice (students × exercises validated, most-failed exercises). */
export function useCoursePracticeStats(id: number) {
  return useQuery({
    queryKey: ['courses', 'practice', id],
    queryFn: () => api.get<PracticeCourseStats>(`/admin/practices/courses/${id}/progress`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
