// Session state: profile, then helper data (specification "Start-up behaviour"), the signed-in user, the entry pages'
// redirection. Any screen may read it; it knows no feature and no app shell (logout, which sends a student's waiting
// answers first, lives in app/auth/logout.ts).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HELPER_DATA, isStudent, type HelperData, type User } from '@exam/shared';
import { api, isApiError, isOutage, notifyError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { landingFor } from '@/config/paths';

export const sessionKeys = {
  profile: ['session', 'profile'] as const,
  helper: ['session', 'helper'] as const,
};

/** Seconds between two tries of the profile during an outage when the server does not say (Retry-After). */
export const OUTAGE_RETRY_SECONDS = 5;

/** The profile; a 503 is told on the page (an outage, tried again; or the access window's own page), not in a toast. */
export const fetchProfile = () =>
  api.get<User>('/admin/users/profile', undefined, { silent: true }).catch((e: unknown) => {
    if (isApiError(e) && e.status !== 503) notifyError(e.message);
    throw e;
  });
export const fetchHelper = () => api.get<HelperData>('/helper');

/** Wait before the next try of an outage: the server's Retry-After, kept between 1 s and 1 min. */
export const outageRetryMs = (e: unknown) => Math.min(60, Math.max(1, (isApiError(e) ? e.retryAfter : null) ?? OUTAGE_RETRY_SECONDS)) * 1000;

/**
 * The signed-in user's profile; disabled without a token. Reloaded after a profile update by invalidating the key.
 * During an outage (a 503 that ends no session) it is tried again after Retry-After, for as long as it lasts.
 */
export function useProfile() {
  const hasToken = Boolean(storage.getToken());
  return useQuery({
    queryKey: sessionKeys.profile,
    queryFn: fetchProfile,
    enabled: hasToken,
    staleTime: Infinity,
    retry: (_count, error) => isOutage(error),
    retryDelay: (_count, error) => outageRetryMs(error),
  });
}

/** Reference lists (roles, languages, question types); loaded only once the profile is there. */
export function useHelper(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.helper,
    queryFn: fetchHelper,
    enabled,
    staleTime: Infinity,
    retry: false,
    placeholderData: HELPER_DATA,
  });
}

export type Group = 'staff' | 'student';

export const groupOf = (role: string | undefined): Group => (isStudent(role) ? 'student' : 'staff');

/** Current user (for screens inside the layouts, where the profile is known to be loaded). */
export function useCurrentUser(): User {
  const { data } = useProfile();
  if (!data) throw new Error('useCurrentUser outside a signed-in layout');
  return data;
}

export const isAdmin = (user: Pick<User, 'role'> | undefined) => user?.role === 'ADMIN';

/** Initials of the avatar: the first two letters of the last name (letters only: N'Diaye → ND). */
export const initialsOf = (user: Pick<User, 'last_name' | 'first_name'> | undefined) => {
  const letters = (name: string | undefined) => (name ?? '').replace(/[^\p{L}]/gu, '');
  return (letters(user?.last_name) || letters(user?.first_name)).slice(0, 2).toLocaleUpperCase('fr');
};

/**
 * Public entry pages (landing, login) with a stored token: start-up loads the profile, then the helper data,
 * then sends the user to their landing route (staff → home, students → student-courses).
 */
export function useRedirectSignedIn() {
  const navigate = useNavigate();
  const hasToken = Boolean(storage.getToken());
  const profile = useProfile();
  const helper = useHelper(hasToken && profile.isSuccess);
  const ready = hasToken && profile.isSuccess && !(helper.isPlaceholderData && helper.isFetching);
  const role = profile.data?.role;
  useEffect(() => {
    if (ready) navigate(landingFor(role), { replace: true });
  }, [ready, role, navigate]);
}
