// Runs a question's generator (Python source defining `generate(seed)`) in the sandbox: one run for all the seeds
// asked, which prints every seed's values (or its error, with the generator's line) as one JSON line. One run per
// seed would cost a sandbox start each.
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
  | { kind: 'run'; verdict: Verdict; stderr: string };

export type GeneratedVariant = { seed: number; values: VariantValues; error?: undefined } | { seed: number; error: GeneratorError; values?: undefined };

/** Either the generator failed as a whole (syntax, no `generate`, the run stopped), or one answer per seed. */
export type GeneratorOutcome = { error: GeneratorError; variants?: undefined } | { variants: GeneratedVariant[]; error?: undefined };

const MARK = '@@variants@@';

// The generator is compiled under its own file name so that the line of an error is the line the teacher wrote;
// what it prints is captured, so that only the harness's line reaches stdout. Each seed is asked twice: a
// generator drawing from the unseeded global `random` would give every student a different, unchecked variant.
const HARNESS = String.raw`
import io, json, math, re, sys, traceback
_req = json.loads(sys.stdin.read())
_FILE = '<generator>'
_NAME = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')

class _Bad(Exception):
    def __init__(self, info):
        self.info = info

def _err(e):
    if isinstance(e, SyntaxError) and e.filename == _FILE:
        return {'kind': 'syntax', 'type': type(e).__name__, 'message': str(e.msg), 'line': e.lineno}
    line = None
    for frame in traceback.extract_tb(e.__traceback__):
        if frame.filename == _FILE:
            line = frame.lineno
    return {'kind': 'exception', 'type': type(e).__name__, 'message': str(e)[:500], 'line': line}

def _check(values):
    if not isinstance(values, dict):
        raise _Bad({'kind': 'not_dict', 'got': type(values).__name__})
    out = {}
    for k, v in values.items():
        if not isinstance(k, str) or not _NAME.match(k):
            raise _Bad({'kind': 'bad_name', 'name': str(k)[:100]})
        if isinstance(v, bool) or not isinstance(v, (str, int, float)) or (isinstance(v, float) and not math.isfinite(v)) or (isinstance(v, int) and abs(v) > 2 ** 53):
            raise _Bad({'kind': 'bad_value', 'name': k, 'got': type(v).__name__ if not isinstance(v, (int, float)) else repr(v)[:50]})
        out[k] = v
    return out

_real = sys.stdout
sys.stdout = io.StringIO()
_ns = {'__name__': '__generator__'}
try:
    exec(compile(_req['source'], _FILE, 'exec'), _ns)
except BaseException as e:
    _result = {'error': _err(e)}
else:
    _gen = _ns.get('generate')
    if not callable(_gen):
        _result = {'error': {'kind': 'no_generate'}}
    else:
        _variants = []
        for _seed in _req['seeds']:
            try:
                _values = _check(_gen(_seed))
                if _check(_gen(_seed)) != _values:
                    raise _Bad({'kind': 'not_deterministic'})
                _variants.append({'seed': _seed, 'values': _values})
            except _Bad as b:
                _variants.append({'seed': _seed, 'error': b.info})
            except BaseException as e:
                _variants.append({'seed': _seed, 'error': _err(e)})
        _result = {'variants': _variants}
sys.stdout = _real
print()
print('${MARK}' + json.dumps(_result))
`;

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
  const result = await onRunner(() => runner.run({ language: 'PYTHON', code: HARNESS, stdin: JSON.stringify({ source, seeds }), owner: String(caller.userId) }), failed);
  const line = result.stdout.split('\n').findLast((l) => l.startsWith(MARK));
  if (result.verdict !== 'OK' || !line) return { error: { kind: 'run', verdict: result.verdict, stderr: result.stderr.slice(-1000) } };
  return JSON.parse(line.slice(MARK.length)) as GeneratorOutcome;
}

const VERDICT_REASONS: Partial<Record<Verdict, string>> = {
  TIME_LIMIT: 'le générateur a dépassé le temps limite',
  MEMORY_LIMIT: 'le générateur a dépassé la mémoire permise',
  OUTPUT_LIMIT: 'le générateur a écrit une sortie trop longue',
};

/** The French reason of a generator's failure, with its line when there is one. */
export function generatorErrorText(e: GeneratorError): string {
  switch (e.kind) {
    case 'syntax':
      return `erreur de syntaxe${e.line ? ` à la ligne ${e.line}` : ''} du générateur : ${e.message}`;
    case 'exception':
      return `${e.type}${e.line ? ` à la ligne ${e.line}` : ''} du générateur${e.message ? ` : ${e.message}` : ''}`;
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
    case 'run':
      return VERDICT_REASONS[e.verdict] ?? `le générateur s’est arrêté${e.stderr.trim() ? ` : ${e.stderr.trim().split('\n').slice(-1)[0]}` : ''}`;
  }
}

/** The generator's line an error points at, if any (the editor marks it). */
export const generatorErrorLine = (e: GeneratorError): number | null => ('line' in e ? e.line : null);
