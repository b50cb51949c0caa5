// Code runner payloads: program runs, verdicts and maths comparisons (docs/api.md: code runs).
import { z } from 'zod';
import { envelopeSchema } from './common';

export const VERDICTS = ['OK', 'WRONG_ANSWER', 'RUNTIME_ERROR', 'TIME_LIMIT', 'MEMORY_LIMIT', 'OUTPUT_LIMIT'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, string> = {
  OK: 'Exécution réussie',
  WRONG_ANSWER: 'Réponse incorrecte',
  RUNTIME_ERROR: "Erreur à l’exécution",
  TIME_LIMIT: 'Temps limite dépassé',
  MEMORY_LIMIT: 'Mémoire limite dépassée',
  OUTPUT_LIMIT: 'Sortie trop longue',
};

export const MAX_CODE_LENGTH = 100_000;
export const MAX_STDIN_LENGTH = 1_000_000;

export const execCodeSchema = z.object({
  code: z
    .string({ error: 'Le code est obligatoire.' })
    .min(1, { error: 'Le code est obligatoire.' })
    .max(MAX_CODE_LENGTH, { error: `Le code ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.` }),
  stdin: z
    .string()
    .max(MAX_STDIN_LENGTH, { error: `L’entrée standard ne doit pas dépasser ${MAX_STDIN_LENGTH} caractères.` })
    .optional()
    .default(''),
  expected_output: z.string().max(MAX_STDIN_LENGTH).optional(),
});
export type ExecCodeInput = z.infer<typeof execCodeSchema>;

export const runLimitsInfoSchema = z.object({ cpu_seconds: z.number(), memory_mb: z.number(), output_kb: z.number() });
export type RunLimitsInfo = z.infer<typeof runLimitsInfoSchema>;

export const execResultSchema = z.object({
  verdict: z.enum(VERDICTS),
  stdout: z.string(),
  stderr: z.string(),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number(),
  /** The limits the run was held to (sent by the run routes, so a stopped program can say which one it hit). */
  limits: runLimitsInfoSchema.optional(),
});
export type ExecResult = z.infer<typeof execResultSchema>;

export const compareMathSchema = z.object({
  expression: z
    .string({ error: "L’expression est obligatoire." })
    .trim()
    .min(1, { error: "L’expression est obligatoire." })
    .max(2000, { error: "L’expression ne doit pas dépasser 2000 caractères." }),
  expected: z
    .string({ error: "L’expression attendue est obligatoire." })
    .trim()
    .min(1, { error: "L’expression attendue est obligatoire." })
    .max(2000, { error: "L’expression attendue ne doit pas dépasser 2000 caractères." }),
});
export type CompareMathInput = z.infer<typeof compareMathSchema>;

export const compareMathResultSchema = z.object({ equal: z.boolean() });
export type CompareMathResult = z.infer<typeof compareMathResultSchema>;

export const execResultEnvelopeSchema = envelopeSchema(execResultSchema);
export const compareMathEnvelopeSchema = envelopeSchema(compareMathResultSchema);
