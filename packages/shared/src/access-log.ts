// Who read which copy: every opening by staff of a student's copy, attempt journal, appeal file or personal-data
// archive is logged (who, when, what) by the server from the route's own declaration (docs/donnees-personnelles.md).
import { z } from 'zod';
import { envelopeSchema } from './common';

export const STUDENT_READ_KINDS = ['COPY', 'JOURNAL', 'APPEAL_PDF', 'ARCHIVE'] as const;
export type StudentReadKind = (typeof STUDENT_READ_KINDS)[number];
export const STUDENT_READ_LABELS: Record<StudentReadKind, string> = {
  COPY: 'Copie',
  JOURNAL: 'Journal de la composition',
  APPEAL_PDF: 'Dossier de réclamation (PDF)',
  ARCHIVE: 'Archive des données personnelles',
};

/** One reading of a student's data by a member of staff. */
export const studentAccessSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The reader's name when it read (kept if their account is removed later). */
  staff_name: z.string(),
  staff_id: z.number().int().nullable(),
  what: z.enum(STUDENT_READ_KINDS),
  exam_id: z.number().int().nullable(),
  exam_title: z.string().nullable(),
});
export type StudentAccess = z.infer<typeof studentAccessSchema>;

/** GET /api/admin/users/{id}/accesses: the most recent first. */
export const studentAccessesEnvelopeSchema = envelopeSchema(z.array(studentAccessSchema));
