// POST /api/admin/users/logout-all: every token of the user is revoked (this one too); then storage is cleared and
// the user goes to login.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';

export const logoutAll = () => api.post('/admin/users/logout-all');

export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      storage.clear();
      queryClient.clear();
      window.location.assign(paths.authLogin.path);
    },
  });
}
