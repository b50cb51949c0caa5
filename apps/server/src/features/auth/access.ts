// The access-window rule: a student whose year is outside its access dates is answered 503, with the header
// `X-Access-Window: closed` that tells the web app this 503 from an outage (database, runner), which ends no session.
import { HttpError } from '../../lib/errors';

const accessClosed = (message: string) => new HttpError(503, message, undefined, undefined, { 'x-access-window': 'closed' });
import type { SessionUser } from './repository';

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function formatFr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export function assertAccessWindow(user: SessionUser, now = new Date()): void {
  if (user.role !== 'STUDENT' || !user.access_start || !user.access_end) return;
  const today = todayUtc(now);
  if (today < user.access_start) {
    throw accessClosed(
      `L’accès à la plateforme pour votre année universitaire ouvre le ${formatFr(user.access_start)}. Revenez à partir de cette date.`,
    );
  }
  if (today > user.access_end) {
    throw accessClosed(
      `L’accès à la plateforme pour votre année universitaire est fermé depuis le ${formatFr(user.access_end)}. Contactez votre scolarité.`,
    );
  }
}
