// The question bank as the exam editor's picker reads it (GET /api/admin/questions): search and type filter.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuestionListItem } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';

export const useBankQuestions = (q: Query, enabled: boolean) =>
  useQuery({
    queryKey: ['questions', 'list', 'picker', q],
    queryFn: () => api.page<QuestionListItem>('/admin/questions', q),
    placeholderData: keepPreviousData,
    enabled,
  });
