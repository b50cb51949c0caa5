// Calls of the student's exam screens (/api/student/exams): list, start, questions, draft, run-examples,
// solutions, finish, show. The screens handle refusals themselves where they show them in place (silent).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamAttemptInfo, ExamAttemptResult, ExamGradeResult, ExamQuestionsResult, ExamShowResult, ExamStartResult, GradeResult, StudentCase, StudentExamAccess, StudentExamListItem } from '@exam/shared';
import { api } from '@/lib/api-client';

const base = (examId: number) => `/student/exams/${examId}`;

export const studentExamKeys = {
  all: ['student', 'exams'] as const,
  list: () => ['student', 'exams', 'list'] as const,
  questions: (examId: number) => ['student', 'exams', examId, 'questions'] as const,
  show: (examId: number) => ['student', 'exams', examId, 'show'] as const,
  caseMessages: (examId: number) => ['student', 'exams', examId, 'case-messages'] as const,
};

export function useStudentExams() {
  return useQuery({
    queryKey: studentExamKeys.list(),
    queryFn: () => api.get<StudentExamListItem[]>('/student/exams'),
    // The groups move with the clock (an exam opens, a deadline passes).
    refetchInterval: 60_000,
  });
}

/** The questions with the server's clock, and when the answer arrived here (to correct the local clock). */
export interface QuestionsWithClock extends ExamQuestionsResult {
  /** server_time − local time on arrival, in ms (positive when this device runs late). */
  skew_ms: number;
}

export async function fetchQuestions(examId: number): Promise<QuestionsWithClock> {
  const sentAt = Date.now();
  const data = await api.get<ExamQuestionsResult>(`${base(examId)}/questions`, undefined, { silent: true });
  const receivedAt = Date.now();
  // The server read its clock somewhere during the round trip: its middle is the best guess.
  const skew = Date.parse(data.server_time) - (sentAt + receivedAt) / 2;
  return { ...data, skew_ms: Number.isFinite(skew) ? skew : 0 };
}

export function useExamQuestions(examId: number, enabled: boolean) {
  return useQuery({
    queryKey: studentExamKeys.questions(examId),
    queryFn: () => fetchQuestions(examId),
    enabled,
    retry: false,
    // The screen keeps its own answers: a background refetch must not replace what is being typed. Once the screen
    // is left, the copy goes (gcTime 0): coming back reads the server's states and drafts again.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Which access rules the exam applies (code asked at start, networks, one session, Safe Exam Browser…). */
export function useExamAccess(examId: number) {
  return useQuery({
    queryKey: ['student', 'exams', examId, 'access'] as const,
    queryFn: () => api.get<StudentExamAccess>(`${base(examId)}/access`, undefined, { silent: true }),
    retry: false,
  });
}

export const sebConfigPath = (examId: number) => `${base(examId)}/seb-config`;

export function useStartExam(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    // With an access code, the dialog shows the refusal in place (silent).
    mutationFn: (accessCode?: string) =>
      accessCode === undefined ? api.post<ExamStartResult>(`${base(examId)}/start`) : api.post<ExamStartResult>(`${base(examId)}/start`, { access_code: accessCode }, { silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studentExamKeys.list() });
    },
  });
}

export function useFinishExam(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ExamAttemptInfo>(`${base(examId)}/finish`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studentExamKeys.all });
    },
  });
}

export function useExamResult(examId: number) {
  return useQuery({
    queryKey: studentExamKeys.show(examId),
    queryFn: () => api.get<ExamShowResult>(`${base(examId)}/show`, undefined, { silent: true }),
    retry: false,
    // Answers sent in the last seconds (the grace period) change it: always read afresh.
    refetchOnMount: 'always',
  });
}

/** The attempt as it stands (its deadline moves when staff grant extra time): silent, asked every few seconds. */
export const fetchAttempt = (examId: number) => api.get<ExamAttemptResult>(`${base(examId)}/attempt`, undefined, { silent: true });

/** PUT draft: silent, the caller keeps the draft dirty and retries when it fails. */
export const saveDraft = (examId: number, questionId: number, answer: unknown) =>
  api.put<{ question_id: number; updated_at: string }>(`${base(examId)}/draft`, { question_id: questionId, answer }, { silent: true });

export const runExamples = (examId: number, questionId: number, answer: string) =>
  api.post<GradeResult>(`${base(examId)}/run-examples`, { question_id: questionId, answer }, { silent: true });

export const sendSolutions = (examId: number, answers: Array<{ question_id: number; answer: unknown; submission_id: string }>) =>
  api.post<ExamGradeResult[]>(`${base(examId)}/solutions`, { answers }, { silent: true });

/** Answers refused for arriving after the end, to be kept on the server for staff (silent: retried until kept). */
export const sendLateAnswers = (examId: number, answers: Array<{ question_id: number; answer: unknown; submission_id: string; given_at: string }>) =>
  api.post<{ kept: number }>(`${base(examId)}/late-answers`, { answers }, { silent: true });

/** Messages staff addressed to the student about this exam's copy (similar programs), and their replies. */
export function useCaseMessages(examId: number) {
  return useQuery({
    queryKey: studentExamKeys.caseMessages(examId),
    queryFn: () => api.get<StudentCase[]>('/student/case-messages', { exam_id: examId }, { silent: true }),
    retry: false,
  });
}

export function useReplyToCase(examId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, text }: { caseId: number; text: string }) => api.post<StudentCase>(`/student/case-messages/${caseId}/reply`, { text }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studentExamKeys.caseMessages(examId) });
    },
  });
}
