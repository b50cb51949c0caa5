// Display helpers of the configuration and people screens.
/** 'YYYY-MM-DD' → 'JJ/MM/AAAA'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export const fullName = (u: { last_name: string; first_name: string }) => `${u.last_name} ${u.first_name}`;
