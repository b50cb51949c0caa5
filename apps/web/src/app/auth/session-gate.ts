// Route guard of the signed-in groups: profile → helper data → show the group or redirect (start-up behaviour).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isApiError, isOutage, sessionEndedTo } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { landingFor, paths } from '@/config/paths';
import { groupOf, outageRetryMs, useHelper, useProfile, type Group } from '@/session';

export type GateState =
  | { state: 'loading' }
  /** The server is out of service for a moment (a 503 that is not the access window): told, and tried again. */
  | { state: 'unavailable'; message: string; retryInSeconds: number }
  | { state: 'ready' }
  /** `mustChangePassword`: a screen was refused because the first password must be replaced first. */
  | { state: 'redirect'; to: string; mustChangePassword?: boolean };

export function useSessionGate(group: Group): GateState {
  const hasToken = Boolean(storage.getToken());
  const location = useLocation();
  const profile = useProfile();
  const helper = useHelper(profile.isSuccess);
  const failed = profile.isError && !(isApiError(profile.error) && profile.error.status === 503);

  useEffect(() => {
    // Any failure other than 503 (which the API client sends to not-access-date) ends the session.
    if (failed) storage.clear();
  }, [failed]);

  // Storage is cleared when the server ends the session; if it did so with a 503 (access window closed), the user
  // goes where the API client sent them (not-access-date, with the message), not to login.
  if (!hasToken) return { state: 'redirect', to: sessionEndedTo() ?? paths.authLogin.path };
  if (failed) return { state: 'redirect', to: paths.authLogin.path };
  // While an outage lasts the profile query keeps trying (pending, with the last failure as its reason).
  const outage = profile.isPending ? profile.failureReason : null;
  if (isOutage(outage)) return { state: 'unavailable', message: outage.message, retryInSeconds: outageRetryMs(outage) / 1000 };
  if (profile.isPending || profile.isError) return { state: 'loading' };
  if (helper.isPlaceholderData && helper.isFetching) return { state: 'loading' };
  if (groupOf(profile.data.role) !== group) return { state: 'redirect', to: landingFor(profile.data.role) };
  // A generated first password must be replaced before anything else (the API refuses other calls too).
  const profilePath = group === 'student' ? paths.studentProfile.path : paths.profile.path;
  if (profile.data.must_change_password === 1 && location.pathname !== profilePath) return { state: 'redirect', to: profilePath, mustChangePassword: true };
  return { state: 'ready' };
}
