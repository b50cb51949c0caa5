// Mentions: list, show, create, update, delete (/api/admin/mentions).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mention, MentionInput } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { mentionsTexts } from '../texts';

export const mentionKeys = {
  all: ['mentions'] as const,
  list: (q: Query) => ['mentions', 'list', q] as const,
  one: (id: number) => ['mentions', 'one', id] as const,
};

export const useMentionsList = (q: Query) =>
  useQuery({ queryKey: mentionKeys.list(q), queryFn: () => api.page<Mention>('/admin/mentions', q), placeholderData: keepPreviousData });

export const useMention = (id: number) => useQuery({ queryKey: mentionKeys.one(id), queryFn: () => api.get<Mention>(`/admin/mentions/${id}/show`, undefined, { silent: true }), retry: false });

export function useSaveMention(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MentionInput) =>
      id
        ? api.put<Mention>(`/admin/mentions/${id}/update`, input, { successTitle: mentionsTexts.toast.update })
        : api.post<Mention>('/admin/mentions/create', input, { successTitle: mentionsTexts.toast.create }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mentionKeys.all }),
  });
}

export function useDeleteMention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/mentions/${id}/delete`, { successTitle: mentionsTexts.toast.delete }),
    onSuccess: () => qc.invalidateQueries({ queryKey: mentionKeys.all }),
  });
}
