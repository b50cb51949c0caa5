// Users and students: lists, show, create, update, delete, premium toggle, import template and import.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentImportResult, UserCreated, UserInput, UserListItem } from '@exam/shared';
import { api, download, upload, type Query } from '@/lib/api-client';
import { peopleTexts } from '../texts';

export const userKeys = {
  all: ['users'] as const,
  users: (q: Query) => ['users', 'list', q] as const,
  students: (q: Query) => ['users', 'students', q] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

export const useUsersList = (q: Query) =>
  useQuery({ queryKey: userKeys.users(q), queryFn: () => api.page<UserListItem>('/admin/users', q), placeholderData: keepPreviousData });

export const useStudentsList = (q: Query) =>
  useQuery({ queryKey: userKeys.students(q), queryFn: () => api.page<UserListItem>('/admin/users/students', q), placeholderData: keepPreviousData });

export const useUser = (id: number) =>
  useQuery({ queryKey: userKeys.one(id), queryFn: () => api.get<UserListItem>(`/admin/users/${id}/show`, undefined, { silent: true }), retry: false });

const kind = (input: { role: string }) => input.role === 'STUDENT';

export function useSaveUser(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) => {
      const t = peopleTexts.titles;
      return id
        ? api.put<UserListItem>(`/admin/users/${id}/update`, input, { successTitle: kind(input) ? t.updateStudent : t.updateUser })
        : api.post<UserCreated>('/admin/users/create', input, { successTitle: kind(input) ? t.createStudent : t.createUser });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user: { id: number; role: string }) =>
      api.delete(`/admin/users/${user.id}/delete`, { successTitle: kind(user) ? peopleTexts.titles.deleteStudent : peopleTexts.titles.deleteUser }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT with no body; the server flips the flag and answers the French message shown in the toast. */
export function useTogglePremium() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ id: number; is_premium: 0 | 1 }>(`/admin/users/${id}/premium/update`, undefined, { successTitle: peopleTexts.titles.premium }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const downloadImportTemplate = () => download('/admin/users/template-import-student', 'template-import-etudiant.xlsx');

export function useImportStudents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload<StudentImportResult>('/admin/users/import-student', file, { successTitle: peopleTexts.titles.import }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: userKeys.all });
      qc.invalidateQueries({ queryKey: ['academic-years'] });
      qc.invalidateQueries({ queryKey: ['specializations'] });
    },
  });
}
