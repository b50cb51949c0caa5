// Parameterised questions (docs/questions.md « Questions paramétrées »): a question's Python generator gives, for
// each seed, values that fill `{{nom}}` in its statement and answers. « Tester le générateur » answers a few variants
// of a draft; publishing an exam makes and checks VARIANTS_PER_QUESTION of each parameterised question's version.
import { z } from 'zod';
import { envelopeSchema, flag01 } from './common';
import { languageSchema, limitsSchema, questionKindSchema, QUESTION_GENERATOR_MAX, QUESTION_STATEMENT_MAX, toleranceSchema, variantValuesSchema } from './questions';
import { MAX_CODE_LENGTH, MAX_STDIN_LENGTH } from './runner';

/** Variants made (and checked) per parameterised question when an exam is published. */
export const VARIANTS_PER_QUESTION = 20;
/** Variants « Tester le générateur » shows. */
export const GENERATOR_TEST_VARIANTS = 3;

/** `{{nom}}` in a statement or an answer: a name as Python writes it, spaces allowed inside the braces. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

const draftSolutionSchema = z.object({
  content: z.string().max(MAX_STDIN_LENGTH).default(''),
  is_correct: flag01.default(0),
  stdin: z.string().max(MAX_STDIN_LENGTH).default(''),
  expected_output: z.string().max(MAX_STDIN_LENGTH).default(''),
  is_hidden: flag01.default(0),
  weight: z.coerce.number().positive().max(1000).default(1),
  test_code: z.string().max(MAX_CODE_LENGTH).default(''),
});

/** POST questions/generator/test: the generator, and the question as the editor holds it (unsaved, maybe unfinished). */
export const generatorTestSchema = z.object({
  generator: z
    .string({ error: 'Le générateur est obligatoire.' })
    .max(QUESTION_GENERATOR_MAX, { error: `Le générateur ne doit pas dépasser ${QUESTION_GENERATOR_MAX} caractères.` })
    .refine((s) => s.trim() !== '', { error: 'Le générateur est obligatoire.' }),
  question: z
    .object({
      type: questionKindSchema.default('EXACT'),
      statement: z.string().max(QUESTION_STATEMENT_MAX).default(''),
      language: languageSchema.nullish().transform((v) => v ?? null),
      reference_solution: z.string().max(MAX_CODE_LENGTH).nullish().transform((v) => (v == null || v.trim() === '' ? null : v)),
      tolerance: toleranceSchema.nullish().transform((v) => v ?? null),
      limits: limitsSchema.nullish().transform((v) => v ?? null),
      echo_input: flag01.default(0),
      possible_solutions: z.array(draftSolutionSchema).max(50, { error: 'Trop de solutions possibles.' }).default([]),
    })
    .optional(),
});
export type GeneratorTestInput = z.input<typeof generatorTestSchema>;
export type GeneratorTestData = z.infer<typeof generatorTestSchema>;

/** A possible solution as a variant renders it (staff only: accepted answers and expected outputs included). */
export const renderedSolutionSchema = z.object({
  content: z.string(),
  is_correct: z.union([z.literal(0), z.literal(1)]),
  stdin: z.string(),
  expected_output: z.string(),
  is_hidden: z.union([z.literal(0), z.literal(1)]),
  weight: z.number(),
});
export type RenderedSolution = z.infer<typeof renderedSolutionSchema>;

/** One variant of a question: its seed, the generator's values, the statement and possible solutions filled in. */
export const variantSchema = z.object({
  seed: z.number().int(),
  values: variantValuesSchema,
  statement: z.string(),
  possible_solutions: z.array(renderedSolutionSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const generatorTestEnvelopeSchema = envelopeSchema(z.object({ variants: z.array(variantSchema) }));
