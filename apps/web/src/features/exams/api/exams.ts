// Exam endpoints (docs/api.md: staff resources, exams): list, show, create, update, duplicate, delete, update-status.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exam, ExamInput, ExamListItem, ExamStatus } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { examsTexts } from '../texts';

export const examKeys = {
  all: ['exams'] as const,
  list: (q: Query) => ['exams', 'list', q] as const,
  one: (id: number) => ['exams', 'one', id] as const,
};

export const useExamsList = (q: Query) =>
  useQuery({ queryKey: examKeys.list(q), queryFn: () => api.page<ExamListItem>('/admin/exams', q), placeholderData: keepPreviousData });

export const useExam = (id: number) =>
  useQuery({ queryKey: examKeys.one(id), queryFn: () => api.get<Exam>(`/admin/exams/${id}/show`, undefined, { silent: true }), retry: false, enabled: Number.isInteger(id) && id > 0 });

export function useSaveExam(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExamInput) =>
      id
        ? api.put<Exam>(`/admin/exams/${id}/update`, body, { successTitle: examsTexts.toast.update })
        : api.post<Exam>('/admin/exams/create', body, { successTitle: examsTexts.toast.create }),
    onSuccess: (exam) => {
      qc.setQueryData(examKeys.one(exam.id), exam);
      return qc.invalidateQueries({ queryKey: ['exams', 'list'] });
    },
  });
}

export function useExamStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ExamStatus }) =>
      api.put<Exam>(`/admin/exams/${id}/update-status/${status}`, undefined, { successTitle: examsTexts.toast.status }),
    onSuccess: (exam) => {
      qc.setQueryData(examKeys.one(exam.id), exam);
      return qc.invalidateQueries({ queryKey: ['exams', 'list'] });
    },
  });
}

export function useDuplicateExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Exam>(`/admin/exams/${id}/duplicate`, undefined, { successTitle: examsTexts.toast.duplicate }),
    onSuccess: (exam) => {
      qc.setQueryData(examKeys.one(exam.id), exam);
      return qc.invalidateQueries({ queryKey: ['exams', 'list'] });
    },
  });
}

export function useDeleteExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/exams/${id}/delete`, { successTitle: examsTexts.toast.delete }),
    onSuccess: () => qc.invalidateQueries({ queryKey: examKeys.all }),
  });
}
