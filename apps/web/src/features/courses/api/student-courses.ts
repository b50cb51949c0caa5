// Student endpoints: the published courses of the student's parcours, and one with its chapters.
import { useQuery } from '@tanstack/react-query';
import type { PracticeExercisesResult, StudentCourse, StudentCourseDetail } from '@exam/shared';
import { api } from '@/lib/api-client';

export function useStudentCourses(search: string) {
  return useQuery({
    queryKey: ['student', 'courses', search],
    queryFn: () => api.get<StudentCourse[]>('/student/courses', { search }),
  });
}

export function useStudentCourse(id: number) {
  return useQuery({
    queryKey: ['student', 'courses', 'detail', id],
    // The screen shows the refusal itself ("pas proposé à votre parcours", not found): no toast on top of it.
    queryFn: () => api.get<StudentCourseDetail>(`/student/courses/${id}/show`, undefined, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** The student's practice progress in one course (exercises validated / total). */
export function useCoursePractice(id: number) {
  return useQuery({
    queryKey: ['student', 'practice', 'exercises', { course_id: id }],
    queryFn: () => api.get<PracticeExercisesResult>('/student/practices/exercises', { course_id: id }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
