// Chapter endpoints of a course: all (in order), store, update, delete, reorder.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chapter, ChapterInput } from '@exam/shared';
import { api } from '@/lib/api-client';
import { coursesTexts } from '../texts';
import { courseKeys } from './courses';

export const chapterKeys = {
  ofCourse: (courseId: number) => ['courses', 'chapters', courseId] as const,
};

export function useChapters(courseId: number) {
  return useQuery({
    queryKey: chapterKeys.ofCourse(courseId),
    queryFn: () => api.get<Chapter[]>(`/admin/chapters/${courseId}/all`),
    enabled: courseId > 0,
  });
}

function useInvalidate(courseId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: chapterKeys.ofCourse(courseId) }),
      qc.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
      qc.invalidateQueries({ queryKey: ['courses', 'list'] }),
    ]);
}

export function useSaveChapter(courseId: number) {
  const invalidate = useInvalidate(courseId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ChapterInput }) =>
      id
        ? api.put<Chapter>(`/admin/chapters/${id}/update`, body, { successTitle: coursesTexts.chapters.updatedTitle })
        : api.post<Chapter>('/admin/chapters/store', body, { successTitle: coursesTexts.chapters.createdTitle }),
    onSuccess: invalidate,
  });
}

export function useDeleteChapter(courseId: number) {
  const invalidate = useInvalidate(courseId);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/chapters/${id}/delete`, { successTitle: coursesTexts.chapters.deletedTitle }),
    onSuccess: invalidate,
  });
}

export function useReorderChapters(courseId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(courseId);
  return useMutation({
    mutationFn: (ids: number[]) => api.put<Chapter[]>(`/admin/chapters/${courseId}/reorder`, { ids }, { successTitle: coursesTexts.chapters.reorderedTitle }),
    // Show the new order at once; the server's answer (or a reload after an error) settles it.
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: chapterKeys.ofCourse(courseId) });
      const before = qc.getQueryData<Chapter[]>(chapterKeys.ofCourse(courseId));
      if (before) {
        const byId = new Map(before.map((c) => [c.id, c]));
        qc.setQueryData(
          chapterKeys.ofCourse(courseId),
          ids.map((id, i) => ({ ...byId.get(id)!, position: i + 1 })),
        );
      }
      return { before };
    },
    onError: (_e, _ids, ctx) => {
      if (ctx?.before) qc.setQueryData(chapterKeys.ofCourse(courseId), ctx.before);
    },
    onSettled: invalidate,
  });
}
