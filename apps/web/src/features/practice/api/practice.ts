// Calls of the practice screens: run a program, compare two maths expressions.
import { useMutation } from '@tanstack/react-query';
import type { CompareMathResult, ExecResult, Language } from '@exam/shared';
import { api } from '@/lib/api-client';

/** Where each screen sends its work; staff use the code helpers, a student screen may pass its own. */
export interface PracticeEndpoints {
  run: Record<Language, string>;
  compareMath: string;
}

export const staffEndpoints: PracticeEndpoints = {
  run: { PYTHON: '/admin/python/exec-python-code', R: '/admin/python/exec-r-code' },
  compareMath: '/admin/python/compare-math-expression',
};

export function useRunCode(url: string) {
  return useMutation({
    mutationFn: (body: { code: string; stdin: string }) => api.post<ExecResult>(url, body),
  });
}

export function useCompareMath(url: string) {
  return useMutation({
    // Unreadable expressions come back as 422 with per-field messages, shown under the fields.
    mutationFn: (body: { expression: string; expected: string }) => api.post<CompareMathResult>(url, body, { silent: true }),
  });
}
