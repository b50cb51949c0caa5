// Display helpers shared by the list and edit screens. Times are stored in UTC and shown in the university's
// time zone.
export const TIME_ZONE = 'Europe/Paris';

const dayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 'YYYY-MM-DD' → 'JJ/MM/AAAA'; a timestamp → its day in Europe/Paris. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const [y, m, d] = iso.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

const secondsFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A timestamp → 'JJ/MM/AAAA à HH:MM:SS' in Europe/Paris (when an answer was given: the second matters). */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : secondsFormat.format(date).replace(' ', ' à ');
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A timestamp → 'HH:MM:SS' in Europe/Paris (today's events on a live page). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** A timestamp → 'JJ/MM/AAAA HH:MM' in Europe/Paris. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date).replace(' ', ' à ');
}

export const fullName = (u: { last_name: string; first_name: string }) => `${u.last_name} ${u.first_name}`;

const numberFormats = new Map<number, Intl.NumberFormat>();
/** A number the French way, at most `digits` decimals ('12,5'); '' when null. */
export function formatNumber(n: number | null | undefined, digits = 2): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  let f = numberFormats.get(digits);
  if (!f) numberFormats.set(digits, (f = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits })));
  return f.format(n);
}

/** Points the French way: '1 pt', '1,5 pt', '2 pts' (below 2, the singular). */
export function formatPoints(n: number): string {
  return `${formatNumber(n)} ${Math.abs(n) < 2 ? 'pt' : 'pts'}`;
}

/** A score out of a total, in points: '0,5 / 1 pt', '3 / 4 pts' (the unit agrees with the total). */
export function formatScorePoints(score: number, total: number): string {
  return `${formatNumber(score)} / ${formatPoints(total)}`;
}

const percentFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
/** A fraction 0..1 as a French percentage ('45 %'); '' when null. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '';
  return percentFormat.format(fraction);
}
