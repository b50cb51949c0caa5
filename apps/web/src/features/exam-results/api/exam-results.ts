// Exam results endpoints (docs/api.md: staff resources, exam-results; shapes in packages/shared/src/exam-results.ts):
// list, one exam's rows, one student's submissions, statistics, averages of a year and parcours, regrade, export,
// the extra time of one student on one exam (exams/{id}/extra-time), and the room seen live with its reports.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExamAccessRules,
  ExamAccessRulesInput,
  ExamAverages,
  ExamJournal,
  ExamExtraTimeInput,
  ExamLive,
  ExamRegradeResult,
  ExamResultsListItem,
  ExamResultsShow,
  ExamStatistics,
  ExamStudentResult,
  LateAnswer,
  LateDecisionInput,
  Question,
} from '@exam/shared';
import { api, type Query } from '@/lib/api-client';
import { examResultsTexts } from '../texts';

export const resultKeys = {
  all: ['exam-results'] as const,
  list: (q: Query) => ['exam-results', 'list', q] as const,
  exam: (id: number) => ['exam-results', 'exam', id] as const,
  show: (id: number) => ['exam-results', 'exam', id, 'show'] as const,
  statistics: (id: number) => ['exam-results', 'exam', id, 'statistics'] as const,
  student: (id: number, userId: number) => ['exam-results', 'exam', id, 'student', userId] as const,
  late: (id: number) => ['exam-results', 'exam', id, 'late'] as const,
  live: (id: number) => ['exam-results', 'exam', id, 'live'] as const,
  journal: (id: number, userId: number) => ['exam-results', 'exam', id, 'journal', userId] as const,
  averages: (yearId: number, specializationId: number) => ['exam-results', 'averages', yearId, specializationId] as const,
};

const validId = (id: number) => Number.isInteger(id) && id > 0;

export const useExamResultsList = (q: Query) =>
  useQuery({ queryKey: resultKeys.list(q), queryFn: () => api.page<ExamResultsListItem>('/admin/exam-results', q), placeholderData: keepPreviousData });

export const useExamResults = (examId: number) =>
  useQuery({
    queryKey: resultKeys.show(examId),
    queryFn: () => api.get<ExamResultsShow>(`/admin/exam-results/${examId}/show`, undefined, { silent: true }),
    retry: false,
    enabled: validId(examId),
  });

export const useExamStatistics = (examId: number) =>
  useQuery({
    queryKey: resultKeys.statistics(examId),
    queryFn: () => api.get<ExamStatistics>(`/admin/exam-results/${examId}/statistics`),
    retry: false,
    enabled: validId(examId),
  });

export const useStudentResult = (examId: number, userId: number | null) =>
  useQuery({
    queryKey: resultKeys.student(examId, userId ?? 0),
    queryFn: () => api.get<ExamStudentResult>(`/admin/exam-results/${examId}/students/${userId}`),
    retry: false,
    enabled: validId(examId) && userId !== null && validId(userId),
  });

/** A question of the bank (to name the choices a QCM answer ticked). */
export const useBankQuestion = (questionId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['questions', 'one', questionId],
    queryFn: () => api.get<Question>(`/admin/questions/${questionId}/show`, undefined, { silent: true }),
    retry: false,
    enabled: enabled && validId(questionId),
    staleTime: 60_000,
  });

export const useExamAverages = (yearId: number | null, specializationId: number | null) =>
  useQuery({
    queryKey: resultKeys.averages(yearId ?? 0, specializationId ?? 0),
    queryFn: () => api.get<ExamAverages>('/admin/exam-results/averages', { academic_year_id: yearId, specialization_id: specializationId }),
    enabled: yearId !== null && specializationId !== null,
    retry: false,
  });

/** The xlsx of a year and parcours: fetched with the token, saved under the server's file name. */
export const exportPath = (yearId: number, specializationId: number) => `/admin/exam-results/${yearId}/${specializationId}/export`;

export function useRegrade(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) =>
      api.post<ExamRegradeResult>(`/admin/exam-results/${examId}/regrade`, { dry_run: dryRun }, dryRun ? {} : { successTitle: examResultsTexts.toast.regrade }),
    onSuccess: (result) => (result.applied ? qc.invalidateQueries({ queryKey: resultKeys.all }) : undefined),
  });
}

export function useExtraTime(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExamExtraTimeInput) => api.post(`/admin/exams/${examId}/extra-time`, body, { successTitle: examResultsTexts.toast.extraTime }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: resultKeys.exam(examId) }), qc.invalidateQueries({ queryKey: ['exams', 'one', examId] })]),
  });
}

/** Answers that reached the server after the end, or came from an emergency copy, and the decisions taken. */
export const useLateAnswers = (examId: number) =>
  useQuery({ queryKey: resultKeys.late(examId), queryFn: () => api.get<LateAnswer[]>(`/admin/exams/${examId}/late-answers`), enabled: validId(examId) });

export function useDecideLate(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LateDecisionInput & { id: number }) =>
      api.put<LateAnswer>(`/admin/exams/${examId}/late-answers/${id}/decision`, body, { successTitle: examResultsTexts.toast.late }),
    // An attached answer may change the student's score.
    onSuccess: () => qc.invalidateQueries({ queryKey: resultKeys.exam(examId) }),
  });
}

export function useImportEmergencyCopy(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (copy: unknown) => api.post<{ kept: number }>(`/admin/exams/${examId}/late-answers/import`, copy, { successTitle: examResultsTexts.toast.lateImport }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resultKeys.late(examId) }),
  });
}

/** How often the live page asks for the room. */
export const LIVE_REFRESH_MS = 5000;

/** The exam room as it stands, asked again every few seconds. */
/** The exam's access rules, read for the time added for everyone (the live page changes only that). */
const accessRulesKey = (id: number) => ['exams', 'access-rules', id] as const;
export const useTimeForEveryone = (examId: number) =>
  useQuery({
    queryKey: accessRulesKey(examId),
    queryFn: () => api.get<ExamAccessRules>(`/admin/exams/${examId}/access-rules`, undefined, { silent: true }),
    enabled: validId(examId),
  });

/** Saves the rules as they are stored with another time for everyone; open attempts get their new deadline. */
export function useSaveTimeForEveryone(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, percent }: { rules: ExamAccessRules; percent: number }) => {
      const { exam_id: _id, updated_at: _at, ...stored } = rules;
      const body: ExamAccessRulesInput = { ...stored, time_bonus_percent: percent };
      return api.put<ExamAccessRules>(`/admin/exams/${examId}/access-rules`, body, { successTitle: examResultsTexts.toast.extraTime });
    },
    onSuccess: (rules) => {
      qc.setQueryData(accessRulesKey(examId), rules);
      return Promise.all([qc.invalidateQueries({ queryKey: resultKeys.exam(examId) }), qc.invalidateQueries({ queryKey: ['exams', 'one', examId] })]);
    },
  });
}

export const useExamLive = (examId: number) =>
  useQuery({
    queryKey: resultKeys.live(examId),
    queryFn: () => api.get<ExamLive>(`/admin/exam-results/${examId}/live`, undefined, { silent: true }),
    retry: false,
    enabled: validId(examId),
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useMarkReportHandled(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) => api.put(`/admin/exam-results/${examId}/reports/${reportId}/handled`, undefined, { successTitle: examResultsTexts.toast.report }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resultKeys.live(examId) }),
  });
}

/** The hash-chained journal of one student's attempt (docs/examens.md « Journal d'une composition »). */
export const useAttemptJournal = (examId: number, userId: number) =>
  useQuery({ queryKey: resultKeys.journal(examId, userId), queryFn: () => api.get<ExamJournal>(`/admin/exams/${examId}/attempts/${userId}/journal`, undefined, { silent: true }), retry: false });

/** Frees an attempt tied to one session (one-session rule): its next session takes it. */
export function useUnlockAttempt(examId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ user_id: number; unlocked: boolean }>(`/admin/exams/${examId}/attempts/${userId}/unlock`, undefined, { successTitle: examResultsTexts.journal.unlockToast }),
    // The journal (an UNLOCK event), the student's panel and the live page (no longer tied) all change.
    onSuccess: () => qc.invalidateQueries({ queryKey: resultKeys.exam(examId) }),
  });
}
