// Logout, from the app shell: it knows the exam feature (a student's answers still waiting go first).
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/components/confirm-dialog';
import { sendPendingAnswers } from '@/features/student-exams/state/pending-answers';
import { useProfile } from '@/session';
import { texts } from '@/texts';

/**
 * Logout: a student's answers still waiting are sent first; those that cannot leave (no network) are kept for their
 * next sign-in here, and the student is asked before going. Then tells the server (token revoked), clears storage
 * and cached data, goes to login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  return async () => {
    const user = profile.data;
    const pending = user?.role === 'STUDENT' ? await sendPendingAnswers(user.id) : { unsent: 0, refused: [] };
    if (pending.unsent > 0 || pending.refused.length > 0) {
      const t = texts.unsentOnLogout;
      const go = await confirmDialog({
        title: pending.unsent > 0 ? t.title : t.refusedTitle,
        message: [pending.refused.length ? t.refused(pending.refused) : '', pending.unsent > 0 ? t.message(pending.unsent) : ''].filter(Boolean).join(' '),
        confirmLabel: pending.unsent > 0 ? t.confirm : texts.menu.logout,
        cancelLabel: t.cancel,
      });
      if (!go) return;
    }
    try {
      await request('/admin/users/logout', { method: 'POST', silent: true });
    } catch {
      // The session ends on this side whatever the server answered.
    }
    // Answers still waiting stay (storage.clear keeps them) for this student's next sign-in here.
    storage.clear();
    queryClient.clear();
    window.location.assign(paths.authLogin.path);
  };
}
