// POST /api/users/login: the token is stored, then the page reloads on the role's landing route.
import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResult } from '@exam/shared';
import { api } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { landingFor } from '@/config/paths';

export const login = (input: LoginInput) => api.post<LoginResult>('/users/login', input);

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // A new session starts clean: no message left from a closed access window or a premium page.
      storage.clear();
      storage.setToken(user.token);
      // The specification reloads the page after login; start-up then loads the profile and helper data.
      window.location.assign(landingFor(user.role));
    },
  });
}
