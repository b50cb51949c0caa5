import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatPoints, formatScorePoints, fullName } from './format';

describe('format', () => {
  it('shows a plain date as JJ/MM/AAAA without moving it', () => {
    expect(formatDate('2026-09-01')).toBe('01/09/2026');
    expect(formatDate(null)).toBe('');
  });

  it('shows a UTC timestamp on its day and time in Europe/Paris', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time, UTC+2).
    expect(formatDate('2026-03-31T23:30:00.000Z')).toBe('01/04/2026');
    expect(formatDateTime('2026-01-15T08:05:00.000Z')).toBe('15/01/2026 à 09:05');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names a person last name first', () => {
    expect(fullName({ last_name: 'Diallo', first_name: 'Awa' })).toBe('Diallo Awa');
  });

  it('writes numbers and rates the French way', () => {
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(13.456)).toBe('13,46');
    expect(formatNumber(null)).toBe('');
    expect(formatPercent(0.456).replace(/\s/g, ' ')).toBe('46 %');
    expect(formatPercent(null)).toBe('');
  });

  it('writes points the French way: singular below 2, the unit agreeing with the total', () => {
    expect([0, 1, 1.5, 2, 12.25].map(formatPoints)).toEqual(['0 pt', '1 pt', '1,5 pt', '2 pts', '12,25 pts']);
    expect(formatScorePoints(0.5, 1)).toBe('0,5 / 1 pt');
    expect(formatScorePoints(3, 4)).toBe('3 / 4 pts');
  });
});
