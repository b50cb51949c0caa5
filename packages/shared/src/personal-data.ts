// A student's personal data (RGPD articles 15, 17 and 20): their archive and their requests for erasure.
import { z } from 'zod';
import { envelopeSchema } from './common';
import { multilineText, requiredText } from './zod-fr';

export const DELETION_STATUSES = ['PENDING', 'GRANTED', 'REFUSED'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];
export const DELETION_STATUS_LABELS: Record<DeletionStatus, string> = { PENDING: 'En attente', GRANTED: 'Accordée', REFUSED: 'Refusée' };

export const deletionRequestInputSchema = z.object({ message: multilineText('Le message', 1000).default('') });
export const deletionDecisionSchema = z.object({
  decision: z.enum(['GRANTED', 'REFUSED'], { error: 'La décision doit être d’accorder ou de refuser la demande.' }),
  reason: requiredText('La raison de la décision', 1000),
});
export type DeletionDecisionInput = z.infer<typeof deletionDecisionSchema>;

export const deletionRequestSchema = z.object({
  id: z.number().int(),
  /** Null once granted: the account is gone. */
  user_id: z.number().int().nullable(),
  student: z.string().nullable(),
  student_number: z.string().nullable(),
  message: z.string(),
  status: z.enum(DELETION_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** Whether a hold keeps this student's data now (the request cannot be granted while it stands). */
  on_hold: z.boolean(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestEnvelopeSchema = envelopeSchema(deletionRequestSchema);
export const deletionRequestListEnvelopeSchema = envelopeSchema(z.array(deletionRequestSchema));
export const deletionRequestListQuerySchema = z.object({ status: z.enum(['PENDING', 'ALL']).default('PENDING') });

/** The student's own page « Mes données »: their requests, newest first. */
export const myDataSchema = z.object({ requests: z.array(deletionRequestSchema) });
export const myDataEnvelopeSchema = envelopeSchema(myDataSchema);
