// Randomised CodeRunner questions (template parameters expanded by Twig, or by a Python program) turned into a
// question generator (docs/questions.md « Questions paramétrées »): `{% set x = … %}` and the JSON of the parameters
// become Python assignments in `generate(seed)`; `{{ nom }}` in the question's texts stays a placeholder, and any other
// Twig expression there (`{{ 17 + i }}`) becomes a value the generator computes. What does not translate (loops,
// conditions, unknown filters) is said in French, so that the question is skipped rather than shown with its braces.

/** A generator and the texts rewritten with our placeholders, or the French reason it cannot be done. */
export type TwigMapping = { generator: string; texts: string[] } | { reason: string };

class Unsupported extends Error {}
const fail = (why: string): never => {
  throw new Unsupported(why);
};

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const shortText = (s: string, max = 60) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
};

// --- Expressions --------------------------------------------------------------------------------

type Token = { t: 'num'; v: string } | { t: 'str'; v: string } | { t: 'name'; v: string } | { t: 'op'; v: string };

const OPERATORS = ['..', '//', '**', '==', '!=', '<=', '>=', '(', ')', '[', ']', '{', '}', ',', ':', '.', '|', '~', '+', '-', '*', '/', '%', '<', '>', '?'];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // « 1..5 » is a range: a number's decimal part needs a digit after its dot.
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          s += src[j + 1];
          j += 2;
        } else s += src[j++];
      }
      if (j >= src.length) fail('une chaîne jamais fermée');
      if (c === '"' && s.includes('#{')) fail('une chaîne avec interpolation #{…}');
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) fail(`le caractère « ${c} »`);
    out.push({ t: 'op', v: op! });
    i += op!.length;
  }
  return out;
}

/** How names are read: a variable of the parameters' program, or (in the question's texts) a parameter. */
interface Scope {
  /** Python expression for a Twig name, or null when the name is unknown. */
  name(n: string): string | null;
}

// Binary operators by Twig's precedence (lowest first), with the Python each becomes.
const BINARY: Array<Record<string, (a: string, b: string) => string>> = [
  { or: (a, b) => `(${a} or ${b})` },
  { and: (a, b) => `(${a} and ${b})` },
  {
    '==': (a, b) => `(${a} == ${b})`,
    '!=': (a, b) => `(${a} != ${b})`,
    '<': (a, b) => `(_num(${a}) < _num(${b}))`,
    '>': (a, b) => `(_num(${a}) > _num(${b}))`,
    '<=': (a, b) => `(_num(${a}) <= _num(${b}))`,
    '>=': (a, b) => `(_num(${a}) >= _num(${b}))`,
  },
  { '..': (a, b) => `_range(${a}, ${b})` },
  { '+': (a, b) => `(_num(${a}) + _num(${b}))`, '-': (a, b) => `(_num(${a}) - _num(${b}))` },
  { '~': (a, b) => `(_str(${a}) + _str(${b}))` },
  {
    '*': (a, b) => `(_num(${a}) * _num(${b}))`,
    '/': (a, b) => `_div(${a}, ${b})`,
    '//': (a, b) => `(_num(${a}) // _num(${b}))`,
    '%': (a, b) => `_mod(${a}, ${b})`,
  },
];

const FILTERS: Record<string, (a: string, args: string[]) => string> = {
  length: (a) => `len(${a})`,
  count: (a) => `len(${a})`,
  upper: (a) => `_str(${a}).upper()`,
  lower: (a) => `_str(${a}).lower()`,
  capitalize: (a) => `_str(${a}).capitalize()`,
  title: (a) => `_str(${a}).title()`,
  trim: (a) => `_str(${a}).strip()`,
  abs: (a) => `abs(_num(${a}))`,
  round: (a, args) => `_round(${a}, ${args[0] ?? '0'})`,
  join: (a, args) => `${args[0] ?? "''"}.join(_str(x) for x in ${a})`,
  first: (a) => `${a}[0]`,
  last: (a) => `${a}[-1]`,
  reverse: (a) => `${a}[::-1]`,
  sort: (a) => `sorted(${a})`,
  keys: (a) => `list(${a}.keys())`,
  merge: (a, args) => `_merge(${a}, ${args[0] ?? '[]'})`,
  slice: (a, args) => `_slice(${a}, ${args[0] ?? '0'}, ${args[1] ?? 'None'})`,
  json_encode: (a) => `_json.dumps(${a}, separators=(',', ':'))`,
  default: (a, args) => `(${a} if ${a} not in (None, '') else ${args[0] ?? "''"})`,
  raw: (a) => a,
};

const FUNCTIONS: Record<string, (args: string[]) => string> = {
  random: (args) => `_random(_rng, ${args.join(', ')})`,
  range: (args) => `_range(${args.join(', ')})`,
  max: (args) => `max(${args.length === 1 ? args[0] : `[${args.join(', ')}]`})`,
  min: (args) => `min(${args.length === 1 ? args[0] : `[${args.join(', ')}]`})`,
};

/** A Twig expression as Python, names read through `scope`; unsupported forms throw `Unsupported`. */
function toPython(src: string, scope: Scope): string {
  const tokens = tokenize(src);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v;
  const isWord = (v: string) => peek()?.t === 'name' && peek()!.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) fail(`« ${v} » attendu`);
    i++;
  };
  const list = (close: string): string[] => {
    const items: string[] = [];
    while (!isOp(close)) {
      items.push(binary(0));
      if (isOp(',')) i++;
      else break;
    }
    expect(close);
    return items;
  };
  const primary = (): string => {
    const tk = tokens[i++];
    if (!tk) fail('une expression incomplète');
    if (tk!.t === 'num') return tk!.v;
    if (tk!.t === 'str') return JSON.stringify(tk!.v);
    if (tk!.t === 'op') {
      if (tk!.v === '(') {
        const inner = binary(0);
        expect(')');
        return `(${inner})`;
      }
      if (tk!.v === '[') return `[${list(']').join(', ')}]`;
      if (tk!.v === '{') {
        const pairs: string[] = [];
        while (!isOp('}')) {
          const key = tokens[i++];
          if (!key || (key.t !== 'str' && key.t !== 'name' && key.t !== 'num')) fail('une clé de dictionnaire');
          expect(':');
          pairs.push(`${JSON.stringify(key!.v)}: ${binary(0)}`);
          if (isOp(',')) i++;
          else break;
        }
        expect('}');
        return `{${pairs.join(', ')}}`;
      }
      if (tk!.v === '-') return `(-_num(${postfix(primary())}))`;
      if (tk!.v === '+') return `_num(${postfix(primary())})`;
      return fail(`« ${tk!.v} » mal placé`);
    }
    const word = tk!.v;
    if (word === 'true') return 'True';
    if (word === 'false') return 'False';
    if (word === 'null' || word === 'none') return 'None';
    if (word === 'not') return `(not ${binary(3)})`;
    if (isOp('(')) {
      i++;
      const fn = FUNCTIONS[word];
      if (!fn) fail(`la fonction Twig « ${word}() »`);
      return fn!(list(')'));
    }
    // QUESTION.parameters.x: a parameter as written when parameters are not hoisted.
    if (word === 'QUESTION' && isOp('.') && tokens[i + 1]?.v === 'parameters' && isOp('.')) {
      i += 2;
      expect('.');
      const p = tokens[i++];
      if (!p || p.t !== 'name') fail('un nom de paramètre après QUESTION.parameters');
      const known = scope.name(p!.v);
      return known ?? fail(`« ${p!.v} », qui n’est pas un paramètre`);
    }
    return scope.name(word) ?? fail(`« ${word} », qui n’est pas un paramètre`);
  };
  const postfix = (base: string): string => {
    let e = base;
    for (;;) {
      if (isOp('.') && tokens[i + 1]?.t !== 'op') {
        i++;
        e = `_item(${e}, ${JSON.stringify(tokens[i++]!.v)})`;
      } else if (isOp('[')) {
        i++;
        const key = binary(0);
        expect(']');
        e = `_item(${e}, ${key})`;
      } else if (isOp('|')) {
        i++;
        const f = tokens[i++];
        if (!f || f.t !== 'name') fail('un filtre après « | »');
        const filter = FILTERS[f!.v];
        if (!filter) fail(`le filtre Twig « ${f!.v} »`);
        let args: string[] = [];
        if (isOp('(')) {
          i++;
          args = list(')');
        }
        e = filter!(e, args);
      } else return e;
    }
  };
  const power = (): string => {
    const base = postfix(primary());
    if (isOp('**')) {
      i++;
      return `(_num(${base}) ** _num(${power()}))`;
    }
    return base;
  };
  const binary = (level: number): string => {
    if (level >= BINARY.length) return power();
    let left = binary(level + 1);
    for (;;) {
      const tk = peek();
      const table = BINARY[level]!;
      const op = tk && (tk.t === 'op' || tk.t === 'name') && Object.hasOwn(table, tk.v) ? tk.v : null;
      if (!op) return left;
      i++;
      left = table[op]!(left, binary(level + 1));
    }
  };
  if (!tokens.length) fail('une expression vide');
  const out = binary(0);
  if (isOp('?')) fail('l’opérateur conditionnel « ? : »');
  if (isWord('is') || isWord('in')) fail(`l’opérateur « ${peek()!.v} »`);
  if (i < tokens.length) fail(`« ${tokens[i]!.v} » en trop`);
  return out;
}

// --- Templates ----------------------------------------------------------------------------------

type Piece = { kind: 'text'; text: string } | { kind: 'print'; expr: string; raw: string } | { kind: 'tag'; body: string; raw: string };

/** A Twig template in pieces: text, `{{ … }}` and `{% … %}` (comments `{# … #}` dropped). */
function piecesOf(src: string, trimAllowed: boolean): Piece[] {
  const out: Piece[] = [];
  const re = /\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}|\{#[\s\S]*?#\}/g;
  let last = 0;
  for (const m of src.matchAll(re)) {
    if (m.index > last) out.push({ kind: 'text', text: src.slice(last, m.index) });
    if (m[1] !== undefined) {
      const trimmed = m[1].startsWith('-') || m[1].endsWith('-');
      // Whitespace control changes a text's spacing, which our placeholders cannot; in the parameters' JSON it is moot.
      if (trimmed && !trimAllowed) fail(`le contrôle des espaces de Twig (« ${shortText(m[0])} »)`);
      out.push({ kind: 'print', expr: m[1].replace(/^-|-$/g, ''), raw: m[0] });
    } else if (m[2] !== undefined) out.push({ kind: 'tag', body: m[2].replace(/^-|-$/g, '').trim(), raw: m[0] });
    last = m.index + m[0].length;
  }
  if (last < src.length) out.push({ kind: 'text', text: src.slice(last) });
  return out;
}

// The HTML of a statement may carry entities inside an expression (an editor writes " as &quot;).
const ENTITIES: Record<string, string> = { '&quot;': '"', '&#34;': '"', '&#39;': "'", '&apos;': "'", '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };
const unescapeHtml = (s: string) => s.replace(/&(quot|#34|#39|apos|amp|lt|gt|nbsp);/g, (e) => ENTITIES[e] ?? e);

/** The Python helpers the generator's code calls: Twig's random() and its arithmetic on texts that hold numbers. */
const HELPERS = `def _num(v):
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str):
        try:
            return int(v)
        except ValueError:
            return float(v)
    raise TypeError("nombre attendu")


def _str(v):
    if isinstance(v, bool):
        return "1" if v else ""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, (list, dict)):
        raise TypeError("une liste ou un dictionnaire ne s’affiche pas")
    return str(v)


def _range(a, b, step=1):
    a, b, step = _num(a), _num(b), abs(_num(step)) or 1
    return list(range(a, b + 1, step)) if a <= b else list(range(a, b - 1, -step))


def _random(rng, values=None, maximum=None):
    if values is None:
        return rng.randint(0, 2147483647)
    if maximum is not None:
        return rng.randint(_num(values), _num(maximum))
    if isinstance(values, (int, float)) and not isinstance(values, bool):
        return rng.randint(min(0, int(values)), max(0, int(values)))
    if isinstance(values, dict):
        values = list(values.values())
    if isinstance(values, str):
        return rng.choice(values) if values else ""
    return rng.choice(list(values))


def _item(v, key):
    if isinstance(v, dict):
        return v[key]
    return v[int(_num(key))]


def _div(a, b):
    q = _num(a) / _num(b)
    return int(q) if q.is_integer() else q


def _mod(a, b):
    a, b = _num(a), _num(b)
    return int(_math.fmod(a, b)) if isinstance(a, int) and isinstance(b, int) else _math.fmod(a, b)


def _round(v, precision=0):
    q = round(_num(v), int(precision))
    return int(q) if int(precision) <= 0 else q


def _merge(a, b):
    return {**a, **b} if isinstance(a, dict) else list(a) + list(b)


def _slice(v, start, length=None):
    start = int(_num(start))
    end = None if length is None else start + int(_num(length))
    return v[start:end]


def _value(v):
    if isinstance(v, (list, dict)):
        raise TypeError("une liste ou un dictionnaire ne peut pas remplir un texte")
    return v if isinstance(v, (int, float, str)) and not isinstance(v, bool) else _str(v)
`;

/** Each helper by its name. */
const HELPER_FUNCTIONS = new Map(HELPERS.split(/\n\n\n(?=def )/).map((f) => [/^def (\w+)/.exec(f)![1]!, f.trim()]));

/** The helpers `code` calls, and those they call in turn, in the order written above; and the modules they need. */
function helpersFor(code: string): string {
  const used = new Set<string>();
  let text = code;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of HELPER_FUNCTIONS) {
      if (!used.has(name) && new RegExp(`\\b${name}\\(`).test(text)) {
        used.add(name);
        text += `\n${body}`;
        grew = true;
      }
    }
  }
  const functions = [...HELPER_FUNCTIONS].filter(([name]) => used.has(name)).map(([, body]) => body);
  const modules = [['_json', 'import json as _json'], ['_math', 'import math as _math']].filter(([m]) => text.includes(`${m}.`)).map(([, line]) => line);
  return [...modules, 'import random as _random_module', ...functions].join('\n\n\n');
}

const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join('\n');

/** Where a parameter's value comes from, as a Python expression inside generate(seed). */
interface Params {
  /** Statements computing the parameters (Python, one per line). */
  body: string[];
  /** Parameter name → Python expression of its value. */
  values: Map<string, string>;
}

/** Twig template parameters: `{% set %}` lines, then JSON whose values may be `{{ … }}`. */
function twigParams(src: string): Params {
  const body: string[] = [];
  const vars = new Set<string>();
  const scope: Scope = { name: (n) => (vars.has(n) ? `v_${n}` : null) };
  const holes: string[] = [];
  let json = '';
  let inString = false;
  for (const piece of piecesOf(src, true)) {
    if (piece.kind === 'tag') {
      const set = /^set\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([\s\S]+)$/.exec(piece.body);
      if (!set) fail(`l’instruction Twig « ${shortText(piece.raw)} » (seules les affectations {% set … %} sont reprises)`);
      const py = toPython(set![2]!, scope);
      vars.add(set![1]!);
      body.push(`v_${set![1]} = ${py}`);
      continue;
    }
    if (piece.kind === 'print') {
      holes.push(toPython(piece.expr, scope));
      const marker = `@@twig${holes.length - 1}@@`;
      json += inString ? marker : `"${marker}"`;
      continue;
    }
    // Where a hole lands (inside a JSON string or as a value) decides how it is read.
    for (let k = 0; k < piece.text.length; k++) {
      const ch = piece.text[k]!;
      if (ch === '\\' && inString) {
        json += ch + (piece.text[k + 1] ?? '');
        k++;
        continue;
      }
      if (ch === '"') inString = !inString;
      json += ch;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return fail('des paramètres qui ne forment pas un objet JSON une fois les {{ … }} remplis');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) fail('des paramètres qui ne forment pas un objet JSON');
  const values = new Map<string, string>();
  const literal = (v: unknown): string => {
    if (typeof v === 'string') {
      const parts = v.split(/@@twig(\d+)@@/);
      // A string that is one hole alone keeps the hole's value (a number stays a number).
      if (parts.length === 3 && parts[0] === '' && parts[2] === '') return holes[Number(parts[1])]!;
      const py = parts.map((p, idx) => (idx % 2 ? `_str(${holes[Number(p)]})` : JSON.stringify(p))).filter((p) => p !== '""');
      return py.length ? py.join(' + ') : '""';
    }
    if (typeof v === 'number') return JSON.stringify(v);
    if (typeof v === 'boolean') return v ? 'True' : 'False';
    if (v === null) return 'None';
    if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}: ${literal(x)}`)
      .join(', ')}}`;
  };
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) values.set(k, literal(v));
  return { body, values };
}

/** Parameters computed by a Python program (CodeRunner's python3 preprocessor): run with `seed=N` as its argument,
 *  its printed JSON read back. */
function pythonParams(src: string): Params {
  const body = [
    '_out = _io.StringIO()',
    '_argv = _sys.argv',
    "_sys.argv = ['templateparams.py', 'seed=%d' % seed]",
    'try:',
    '    with _contextlib.redirect_stdout(_out):',
    `        exec(compile(${JSON.stringify(src)}, 'templateparams', 'exec'), {'__name__': '__main__'})`,
    'finally:',
    '    _sys.argv = _argv',
    'v__params = _json.loads(_out.getvalue())',
  ];
  return { body, values: new Map([['*', 'v__params']]) };
}

/**
 * The generator of a randomised CodeRunner question, and its texts with placeholders: `lang` is CodeRunner's
 * preprocessor (`templateparamslang`: twig, python3, none), `texts` the fields Twig expands (statement, tests,
 * reference solution). Parameters the texts never use are left out of the generator's values.
 */
export function mapTemplateParams(params: string, lang: string, texts: string[]): TwigMapping {
  try {
    const language = lang.trim().toLowerCase();
    let source: Params;
    // « none »: plain JSON, read the same way (it holds no Twig).
    if (language === '' || language === 'twig' || language === 'none') source = twigParams(params);
    else if (/^python3?$/.test(language)) source = pythonParams(params);
    else return { reason: `Question CodeRunner aléatoire dont les paramètres sont calculés en « ${lang} » : seuls Twig et Python se traduisent en générateur ici.` };
    const fromProgram = source.values.has('*');
    const paramNames = fromProgram ? null : new Set(source.values.keys());
    // In the texts, a name is a parameter (the program's JSON: read at run time).
    const scope: Scope = {
      name: (n) => (fromProgram ? `_item(v__params, ${JSON.stringify(n)})` : paramNames!.has(n) ? `p_${n}` : null),
    };
    const outputs = new Map<string, string>();
    const computed = new Map<string, string>();
    const rewritten = texts.map((text) =>
      piecesOf(text, false)
        .map((piece) => {
          if (piece.kind === 'text') return piece.text;
          if (piece.kind === 'tag') return fail(`l’instruction Twig « ${shortText(piece.raw)} » dans le texte de la question (boucles et conditions ne se traduisent pas)`);
          const expr = unescapeHtml(piece.expr).trim();
          const plainName = /^(?:QUESTION\.parameters\.)?([A-Za-z_][A-Za-z0-9_]*)$/.exec(expr)?.[1];
          if (plainName && (fromProgram || paramNames!.has(plainName))) {
            outputs.set(plainName, scope.name(plainName)!);
            return `{{${plainName}}}`;
          }
          const py = toPython(expr, scope);
          let name = computed.get(py);
          if (!name) {
            let n = computed.size + 1;
            while (paramNames?.has(`calcul${n}`) || outputs.has(`calcul${n}`)) n++;
            name = `calcul${n}`;
            computed.set(py, name);
            outputs.set(name, py);
          }
          return `{{${name}}}`;
        })
        .join(''),
    );
    if (!outputs.size) return { reason: 'Question CodeRunner aléatoire dont les textes n’utilisent aucun paramètre.' };
    for (const name of outputs.keys()) if (!IDENT.test(name)) fail(`le nom de paramètre « ${name} »`);
    const lines = [
      '_rng = _random_module.Random(seed)',
      ...source.body,
      ...(fromProgram ? [] : [...source.values].map(([k, py]) => `p_${k} = ${py}`)),
      'return {',
      ...[...outputs].map(([k, py]) => `    ${JSON.stringify(k)}: _value(${py}),`),
      '}',
    ];
    const imports = fromProgram ? 'import contextlib as _contextlib\nimport io as _io\nimport json as _json\nimport sys as _sys\n' : '';
    const body = `def generate(seed):\n${indent(lines)}\n`;
    const generator = `# Traduit des paramètres de modèle de CodeRunner (${language === '' ? 'twig' : language}) à l’import.\n${imports}${helpersFor(body)}\n\n\n${body}`;
    return { generator, texts: rewritten };
  } catch (e) {
    if (e instanceof Unsupported) return { reason: `Question CodeRunner aléatoire : ses paramètres ou ses textes utilisent ${e.message}, qui ne se traduit pas en générateur ici. Elle n’est pas reprise, pour qu’aucun étudiant ne voie de {{ … }}.` };
    throw e;
  }
}
