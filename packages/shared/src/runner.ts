// Code runner payloads: program runs, verdicts and maths comparisons (API.md code helpers).
import { z } from 'zod';

export const VERDICTS = ['OK', 'WRONG_ANSWER', 'RUNTIME_ERROR', 'TIME_LIMIT', 'MEMORY_LIMIT', 'OUTPUT_LIMIT'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, string> = {
  OK: 'Exécution réussie',
  WRONG_ANSWER: 'Réponse incorrecte',
  RUNTIME_ERROR: "Erreur à l'exécution",
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
    .max(MAX_STDIN_LENGTH, { error: `L'entrée standard ne doit pas dépasser ${MAX_STDIN_LENGTH} caractères.` })
    .optional()
    .default(''),
  expected_output: z.string().max(MAX_STDIN_LENGTH).optional(),
});
export type ExecCodeInput = z.infer<typeof execCodeSchema>;

export interface ExecResult {
  verdict: Verdict;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  duration_ms: number;
  /** The limits the run was held to (sent by the practice routes, so a stopped program can say which one it hit). */
  limits?: RunLimitsInfo;
}

export interface RunLimitsInfo {
  cpu_seconds: number;
  memory_mb: number;
  output_kb: number;
}

export const compareMathSchema = z.object({
  expression: z
    .string({ error: "L'expression est obligatoire." })
    .trim()
    .min(1, { error: "L'expression est obligatoire." })
    .max(2000, { error: "L'expression ne doit pas dépasser 2000 caractères." }),
  expected: z
    .string({ error: "L'expression attendue est obligatoire." })
    .trim()
    .min(1, { error: "L'expression attendue est obligatoire." })
    .max(2000, { error: "L'expression attendue ne doit pas dépasser 2000 caractères." }),
});
export type CompareMathInput = z.infer<typeof compareMathSchema>;

export interface CompareMathResult {
  equal: boolean;
}
