// The credentials file handed out once after an import: CSV, semicolon-separated, UTF-8 with BOM so that
// Excel opens it with accents intact.
import type { ImportedCredential } from '@exam/shared';
import { peopleTexts } from '../texts';

function cell(v: string | number): string {
  const s = String(v);
  // A leading = + - @ would be read as a formula by spreadsheet software.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[;"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function credentialsCsv(rows: ImportedCredential[]): string {
  const lines = [
    peopleTexts.import.credentialsHeader.join(';'),
    ...rows.map((r) => [r.line, r.last_name, r.first_name, r.email, r.student_number, r.password].map(cell).join(';')),
  ];
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}
