// Runs a question's generator (Python source defining `generate(seed)`) in the sandbox: one run for all the seeds
// asked, whose harness prints every seed's values (or its error, with the generator's line) as one JSON line. One run
// per seed would cost a sandbox start each.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Verdict } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { checkRate, onRunner, requireRunner } from './service';

export type VariantValues = Record<string, string | number>;

/** Why a generator gave no values, as the harness below reports it (French text: `generatorErrorText`). */
export type GeneratorError =
  | { kind: 'syntax' | 'exception'; type: string; message: string; line: number | null }
  | { kind: 'no_generate' }
  | { kind: 'not_dict'; got: string }
  | { kind: 'bad_name'; name: string }
  | { kind: 'bad_value'; name: string; got: string }
  | { kind: 'not_deterministic' }
  /** The generator's code disturbed its harness (wrote on its pipe, killed it): no values could be read. */
  | { kind: 'harness' }
  | { kind: 'run'; verdict: Verdict; stderr: string };

export type GeneratedVariant = { seed: number; values: VariantValues; error?: undefined } | { seed: number; error: GeneratorError; values?: undefined };

/** Either the generator failed as a whole (syntax, no `generate`, the run stopped), or one answer per seed. */
export type GeneratorOutcome = { error: GeneratorError; variants?: undefined } | { variants: GeneratedVariant[]; error?: undefined };

// The harness (generator_harness.py, read next to this module: build.mjs copies it beside the bundle) runs the
// teacher's code in a child process that holds neither the run's stdout nor the nonce of this run; only the harness
// can print the line that starts with it. Its JSON is checked again here: a value of the wrong shape is a failure of
// the generator, never a 500.
let harness: string | undefined;
const harnessSource = () => (harness ??= fs.readFileSync(path.join(import.meta.dirname, 'generator_harness.py'), 'utf8'));

const text = (max: number) => z.string().max(max);
const errorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['syntax', 'exception']), type: text(100), message: text(500), line: z.number().int().positive().nullable() }),
  z.object({ kind: z.literal('no_generate') }),
  z.object({ kind: z.literal('not_dict'), got: text(100) }),
  z.object({ kind: z.literal('bad_name'), name: text(100) }),
  z.object({ kind: z.literal('bad_value'), name: text(100), got: text(100) }),
  z.object({ kind: z.literal('not_deterministic') }),
  z.object({ kind: z.literal('harness') }),
]);
const valuesSchema = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.union([z.string(), z.number().finite()]));
const outcomeSchema = z.union([
  z.object({ error: errorSchema }).strict(),
  z.object({ variants: z.array(z.union([z.object({ seed: z.number().int(), values: valuesSchema }).strict(), z.object({ seed: z.number().int(), error: errorSchema }).strict()])) }).strict(),
]);

export interface GeneratorCaller {
  userId: number;
  requestId?: string;
  log?: import('fastify').FastifyBaseLogger;
  /** Count the run against the caller's per-minute limit (a teacher's test does; a publication does not). */
  limitRate?: boolean;
}

/** The generator's values for each seed, in one sandboxed run. */
export async function runGenerator(ctx: AppContext, caller: GeneratorCaller, source: string, seeds: number[]): Promise<GeneratorOutcome> {
  const runner = requireRunner(ctx);
  if (caller.limitRate !== false) await checkRate(ctx, caller.userId);
  const failed = (err: unknown) => caller.log?.error({ err, reqId: caller.requestId }, 'generator: runner failure');
  const nonce = randomBytes(16).toString('hex');
  const request = JSON.stringify({ source, seeds });
  const stdin = `${Buffer.byteLength(request)}\n${request}${nonce}\n`;
  const result = await onRunner(() => runner.run({ language: 'PYTHON', code: harnessSource(), stdin, owner: String(caller.userId) }), failed);
  const mark = `@@variants:${nonce}@@`;
  const line = result.stdout.split('\n').findLast((l) => l.startsWith(mark));
  if (result.verdict !== 'OK' || !line) return { error: { kind: 'run', verdict: result.verdict, stderr: result.stderr.slice(-1000) } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.slice(mark.length));
  } catch {
    parsed = undefined;
  }
  const outcome = outcomeSchema.safeParse(parsed);
  if (!outcome.success) return { error: { kind: 'harness' } };
  const data = outcome.data as GeneratorOutcome;
  if (data.variants && data.variants.map((v) => v.seed).join() !== seeds.join()) return { error: { kind: 'harness' } };
  return data;
}

const VERDICT_REASONS: Partial<Record<Verdict, string>> = {
  TIME_LIMIT: 'le générateur a dépassé le temps limite',
  MEMORY_LIMIT: 'le générateur a dépassé la mémoire permise',
  OUTPUT_LIMIT: 'le générateur a écrit une sortie trop longue',
};

// What the commonest Python errors mean, in French; the error's own (English) text follows in brackets.
const PYTHON_ERRORS: Record<string, string> = {
  ZeroDivisionError: 'division par zéro',
  NameError: 'nom inconnu : variable ou fonction jamais définie, ou module non importé',
  UnboundLocalError: 'variable locale lue avant d’avoir reçu une valeur',
  TypeError: 'opération sur une valeur d’un type qui ne s’y prête pas',
  ValueError: 'valeur refusée par une fonction',
  IndexError: 'indice en dehors de la liste',
  KeyError: 'clé absente du dictionnaire',
  AttributeError: 'attribut ou méthode qui n’existe pas pour cette valeur',
  ModuleNotFoundError: 'module introuvable sur le serveur',
  ImportError: 'import impossible',
  RecursionError: 'récursion trop profonde',
  OverflowError: 'nombre trop grand',
  MemoryError: 'mémoire épuisée',
  AssertionError: 'assertion fausse',
  StopIteration: 'itérateur épuisé',
};
const SYNTAX_ERRORS: Record<string, string> = {
  SyntaxError: 'erreur de syntaxe',
  IndentationError: 'erreur d’indentation',
  TabError: 'indentation mêlant tabulations et espaces',
};
// Python's commonest syntax messages, in French (others are shown as Python gives them).
const SYNTAX_MESSAGES: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^invalid syntax/, () => 'syntaxe invalide'],
  [/^expected '(.+)'$/, (m) => `« ${m[1]} » attendu`],
  [/^expected an indented block/, () => 'bloc indenté attendu'],
  [/^unexpected indent$/, () => 'indentation inattendue'],
  [/^unindent does not match any outer indentation level$/, () => 'le retrait ne correspond à aucun niveau d’indentation'],
  [/^unterminated string literal/, () => 'chaîne de caractères non fermée'],
  [/^'(.+)' was never closed$/, (m) => `« ${m[1]} » jamais fermé`],
  [/^unmatched '(.+)'$/, (m) => `« ${m[1]} » sans ouverture correspondante`],
];

const atLine = (line: number | null) => (line ? ` à la ligne ${line}` : '');

/** The French reason of a generator's failure, with its line when there is one. */
export function generatorErrorText(e: GeneratorError): string {
  switch (e.kind) {
    case 'syntax': {
      const found = SYNTAX_MESSAGES.map(([re, say]) => [e.message.match(re), say] as const).find(([m]) => m);
      const said = found ? `${found[1](found[0]!)} (${e.message})` : e.message;
      return `${SYNTAX_ERRORS[e.type] ?? 'erreur de syntaxe'}${atLine(e.line)} du générateur : ${said}`;
    }
    case 'exception': {
      const meaning = PYTHON_ERRORS[e.type];
      const python = `${e.type}${e.message ? ` : ${e.message}` : ''}`;
      return meaning ? `${meaning}${atLine(e.line)} du générateur (${python})` : `erreur Python${atLine(e.line)} du générateur : ${python}`;
    }
    case 'no_generate':
      return 'le générateur doit définir une fonction generate(seed)';
    case 'not_dict':
      return `generate(seed) doit rendre un dictionnaire (nom → valeur), pas ${e.got}`;
    case 'bad_name':
      return `« ${e.name} » n’est pas un nom de paramètre valide (lettres sans accent, chiffres et _, sans commencer par un chiffre)`;
    case 'bad_value':
      return `la valeur de « ${e.name} » doit être un texte, un entier ou un nombre fini, pas ${e.got}`;
    case 'not_deterministic':
      return 'generate(seed) ne rend pas les mêmes valeurs pour la même graine : tirez les nombres avec random.Random(seed)';
    case 'harness':
      return 'le générateur a empêché la lecture de ses valeurs : il ne doit ni écrire sur les canaux de son exécution, ni arrêter le processus qui le lance';
    case 'run':
      return VERDICT_REASONS[e.verdict] ?? `le générateur s’est arrêté${e.stderr.trim() ? ` : ${e.stderr.trim().split('\n').slice(-1)[0]}` : ''}`;
  }
}

/** The generator's line an error points at, if any (the editor marks it). */
export const generatorErrorLine = (e: GeneratorError): number | null => ('line' in e ? e.line : null);
