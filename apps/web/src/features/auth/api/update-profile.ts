// PUT /api/admin/users/update-profil, then the profile is reloaded.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput, User } from '@exam/shared';
import { api } from '@/lib/api-client';
import { sessionKeys } from '@/session';
import { authTexts } from '../texts';

export const updateProfile = (input: UpdateProfileInput) =>
  api.put<User>('/admin/users/update-profil', input, { successTitle: authTexts.profile.successTitle });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.profile }),
  });
}
