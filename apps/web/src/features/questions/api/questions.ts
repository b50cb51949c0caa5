// Question bank endpoints (docs/api.md: staff resources, questions): list, show, create, update, delete, duplicate,
// preview (a student's verdict on a tried answer), tags; and the chapters of a course for the chapter select.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chapter, GeneratorTestInput, GradeDetails, Question, QuestionInput, QuestionListItem, QuestionTag, StudentQuestion, Variant, VariantValues } from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { questionsTexts } from '../texts';

export const questionKeys = {
  all: ['questions'] as const,
  list: (q: Query) => ['questions', 'list', q] as const,
  one: (id: number) => ['questions', 'one', id] as const,
  tags: ['questions', 'tags'] as const,
};

export const useQuestionsList = (q: Query) =>
  useQuery({ queryKey: questionKeys.list(q), queryFn: () => api.page<QuestionListItem>('/admin/questions', q), placeholderData: keepPreviousData });

export const useQuestion = (id: number) =>
  useQuery({ queryKey: questionKeys.one(id), queryFn: () => api.get<Question>(`/admin/questions/${id}/show`, undefined, { silent: true }), retry: false, enabled: Number.isInteger(id) && id > 0 });

/** Tags already used in the bank (suggestions of the tags input and the list filter). */
export const useQuestionTags = () =>
  useQuery({ queryKey: questionKeys.tags, queryFn: () => api.get<QuestionTag[]>('/admin/questions/tags'), staleTime: 60_000 });

/** Chapters of one course, for the optional chapter of a question. */
export const useCourseChapters = (courseId: number | null) =>
  useQuery({
    queryKey: ['courses', 'chapters', courseId],
    queryFn: () => api.get<Chapter[]>(`/admin/chapters/${courseId}/all`),
    enabled: courseId !== null,
    staleTime: 60_000,
  });

export function useSaveQuestion(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionInput) =>
      id
        ? api.put<Question>(`/admin/questions/${id}/update`, body, { successTitle: questionsTexts.toast.update })
        : api.post<Question>('/admin/questions/create', body, { successTitle: questionsTexts.toast.create }),
    onSuccess: (q) => {
      qc.setQueryData(questionKeys.one(q.id), q);
      return qc.invalidateQueries({ queryKey: ['questions', 'list'] }).then(() => qc.invalidateQueries({ queryKey: questionKeys.tags }));
    },
  });
}

export function useDeleteQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/questions/${id}/delete`, { successTitle: questionsTexts.toast.delete }),
    onSuccess: () => qc.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

export function useDuplicateQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Question>(`/admin/questions/${id}/duplicate`, undefined, { successTitle: questionsTexts.toast.duplicate }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['questions', 'list'] }),
  });
}

export interface PreviewOutcome {
  is_valid: boolean;
  details: GradeDetails;
}

interface PreviewAnswer {
  question: StudentQuestion;
  result: PreviewOutcome | null;
  variant: { seed: number; values: VariantValues } | null;
}

/** The question in its student shape, as the server sends it to a student (GET …/preview); a parameterised one as
 *  its variant `seed`. */
export const useStudentShape = (id: number, seed?: number) =>
  useQuery({
    queryKey: ['questions', 'preview', id, seed ?? null],
    queryFn: async () => {
      const r = await api.get<PreviewAnswer>(`/admin/questions/${id}/preview`, seed !== undefined ? { seed } : undefined);
      return { question: r.question, variant: r.variant };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** A tried answer: the verdict a student would get (the API client's toast is left out: the screen shows it). */
export const usePreviewQuestion = (id: number, seed?: number) =>
  useMutation({ mutationFn: async (answer: unknown) => (await api.post<PreviewAnswer>(`/admin/questions/${id}/preview`, { answer, ...(seed !== undefined ? { seed } : {}) })).result! });

/** « Tester le générateur »: a few variants of the editor's draft (the screen shows a refusal itself). */
export const useTestGenerator = () =>
  useMutation({ mutationFn: async (body: GeneratorTestInput) => (await api.post<{ variants: Variant[] }>('/admin/questions/generator/test', body, { silent: true })).variants });
