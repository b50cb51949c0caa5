# The maths fork-server run inside the sandbox: sympy loaded once, one forked child (with its own CPU
# limit and deadline) per comparison. Expressions are parsed with a restricted vocabulary, never run as code.
# Read by math.ts at start and handed to the sandbox as /tmp/math_server.py.
import sys, os, json, select, signal, resource, time, random, math, re

import sympy
from sympy.parsing.sympy_parser import (
    parse_expr, auto_symbol, auto_number, factorial_notation, repeated_decimals,
    implicit_multiplication_application, convert_xor,
)

CHILD_CPU = int(os.environ.get('MATH_CPU', '3'))
CHILD_WALL = float(os.environ.get('MATH_WALL', '4'))

FUNCS = {
    'sin': sympy.sin, 'cos': sympy.cos, 'tan': sympy.tan, 'cot': sympy.cot, 'sec': sympy.sec, 'csc': sympy.csc,
    'asin': sympy.asin, 'acos': sympy.acos, 'atan': sympy.atan, 'arcsin': sympy.asin, 'arccos': sympy.acos,
    'arctan': sympy.atan, 'sinh': sympy.sinh, 'cosh': sympy.cosh, 'tanh': sympy.tanh, 'exp': sympy.exp,
    'log': sympy.log, 'ln': sympy.log, 'sqrt': sympy.sqrt, 'abs': sympy.Abs, 'Abs': sympy.Abs,
    'cbrt': sympy.cbrt, 'root': sympy.root, 'factorial': sympy.factorial,
}
CONSTS = {'pi': sympy.pi, 'e': sympy.E, 'E': sympy.E}
TRIG_INV = {'sin': 'asin', 'cos': 'acos', 'tan': 'atan'}
GREEK = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota',
         'kappa', 'lambda', 'mu', 'nu', 'xi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega']
GREEK_SAFE = {g: ('lamda' if g == 'lambda' else g.replace('var', '')) for g in GREEK}
LOCALS = dict(FUNCS)
LOCALS.update(CONSTS)
GLOBALS = {'__builtins__': {}, 'Symbol': sympy.Symbol, 'Integer': sympy.Integer, 'Float': sympy.Float,
           'Rational': sympy.Rational, 'factorial': sympy.factorial}
RESERVED = {'Symbol', 'Integer', 'Float', 'Rational', 'Add', 'Mul', 'Pow'}
# The expression as written (a required form): sympy's operations named, with nothing computed.
RAW_GLOBALS = dict(GLOBALS, Add=sympy.Add, Mul=sympy.Mul, Pow=sympy.Pow)
TRANSFORMS = (auto_symbol, repeated_decimals, auto_number, factorial_notation,
              implicit_multiplication_application, convert_xor)


class Unreadable(Exception):
    pass


# ---------------------------------------------------------------- LaTeX (MathLive) to plain text
LATEX_FUNCS = {'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh',
               'exp', 'ln', 'log'}
LATEX_SPACES = {',', ';', ':', '!', ' ', 'quad', 'qquad', 'thinspace', 'medspace', 'thickspace', 'displaystyle',
                'textstyle', 'limits'}
LATEX_TIMES = {'cdot', 'times', 'ast', 'cdotp'}


def latex_tokens(s):
    toks = []
    i = 0
    while i < len(s):
        c = s[i]
        if c == '\\':
            j = i + 1
            if j < len(s) and s[j].isalpha():
                while j < len(s) and s[j].isalpha():
                    j += 1
                toks.append(('cmd', s[i + 1:j]))
                i = j
            elif j < len(s):
                toks.append(('cmd', s[j]))
                i = j + 1
            else:
                raise Unreadable('une barre oblique inverse « \\ » termine l’expression')
        elif c.isspace():
            i += 1
        else:
            toks.append(('chr', c))
            i += 1
    return toks


class LatexReader:
    def __init__(self, s):
        self.t = latex_tokens(s.replace('{,}', '.'))
        self.i = 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def arg(self):
        tok = self.peek()
        if tok is None:
            raise Unreadable('un argument manque à la fin de l’expression')
        if tok == ('chr', '{'):
            self.take()
            inner = self.seq(stop='}')
            return '(' + inner + ')'
        return self.one()

    def seq(self, stop=None):
        out = []
        while True:
            tok = self.peek()
            if tok is None:
                if stop is not None:
                    raise Unreadable('une accolade « { » n’est pas fermée')
                return ''.join(out)
            if stop is not None and tok == ('chr', stop):
                self.take()
                return ''.join(out)
            if tok == ('chr', '}'):
                raise Unreadable('une accolade « } » est en trop')
            out.append(self.one())

    def one(self):
        kind, v = self.take()
        if kind == 'chr':
            if v == '{':
                return '(' + self.seq(stop='}') + ')'
            if v == '^':
                return '^' + self.arg()
            if v == '_':
                sub = re.sub(r'[^A-Za-z0-9]', '', self.arg())
                return '_' + sub if sub else ''
            if v in '[':
                return '('
            if v in ']':
                return ')'
            return v
        if v in ('frac', 'dfrac', 'tfrac', 'cfrac'):
            a = self.arg()
            b = self.arg()
            return '((' + a + ')/(' + b + '))'
        if v == 'sqrt':
            if self.peek() == ('chr', '['):
                self.take()
                n = []
                while self.peek() is not None and self.peek() != ('chr', ']'):
                    n.append(self.one())
                if self.take() is None:
                    raise Unreadable('un crochet « [ » n’est pas fermé')
                return 'root(' + self.arg() + ', ' + ' '.join(n) + ')'
            return 'sqrt(' + self.arg() + ')'
        if v in ('left', 'right', 'bigl', 'bigr', 'Bigl', 'Bigr', 'big', 'Big'):
            tok = self.take()
            if tok is None:
                raise Unreadable('un délimiteur manque après \\' + v)
            d = tok[1]
            if d in ('(', '[', '{', 'lbrace', 'lbrack', 'langle'):
                return '('
            if d in (')', ']', '}', 'rbrace', 'rbrack', 'rangle'):
                return ')'
            if d in ('|', 'vert', 'lvert', 'rvert', 'mid'):
                return ('abs(' if v in ('left', 'bigl', 'Bigl') else ')') if v != 'big' and v != 'Big' else '|'
            if d == '.':
                return ''
            raise Unreadable('délimiteur « ' + d + ' » non reconnu')
        if v in ('lvert', 'lVert'):
            return 'abs('
        if v in ('rvert', 'rVert'):
            return ')'
        if v in ('vert', 'mid'):
            return '|'
        if v in ('{', '}'):
            return '(' if v == '{' else ')'
        if v in LATEX_TIMES:
            return '*'
        if v == 'div':
            return '/'
        if v in LATEX_SPACES:
            return ' '
        if v in LATEX_FUNCS:
            return ' ' + v + ' '
        if v == 'operatorname' or v in ('mathrm', 'mathit', 'text', 'textrm', 'mathbf', 'boldsymbol'):
            inner = self.arg()
            name = inner.strip('()').strip()
            if v == 'operatorname' or re.fullmatch(r'[A-Za-z]+', name) and name in FUNCS:
                return ' ' + name + ' '
            return ' ' + inner + ' '
        if v in ('exponentialE',):
            return ' e '
        if v == 'pi':
            return ' pi '
        if v in GREEK_SAFE:
            return ' ' + GREEK_SAFE[v] + ' '
        if v in ('infty', 'infinity'):
            raise Unreadable('l’infini n’est pas accepté dans une expression')
        raise Unreadable('la commande LaTeX « \\' + v + ' » n’est pas reconnue')


def latex_to_text(s):
    return LatexReader(s).seq()


# ---------------------------------------------------------------- plain text
UNICODE = {'×': '*', '·': '*', '⋅': '*', '÷': '/', '−': '-', '–': '-', '²': '^2', '³': '^3', 'π': 'pi', '√': 'sqrt',
           '∗': '*', '\u00a0': ' '}
ALLOWED = re.compile(r"[0-9A-Za-z_\s.+\-*/^()!,|]*")
IDENT = re.compile(r'[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)?')
VARIABLE_CALL = re.compile(r'(?<![A-Za-z_])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)?)\s*\(')
FUNC_POW = re.compile(r'\b(sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|ln|log)\s*\^\s*')


def balanced(s, i):
    """Index just after the parenthesised group starting at s[i] == '('."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == '(':
            depth += 1
        elif s[j] == ')':
            depth -= 1
            if depth == 0:
                return j + 1
    raise Unreadable('une parenthèse « ( » n’est pas fermée')


def fix_function_powers(s):
    """sin^2(x) and sin^{2}x become (sin(x))^(2); sin^-1(x) becomes asin(x)."""
    while True:
        m = FUNC_POW.search(s)
        if not m:
            return s
        name = m.group(1)
        i = m.end()
        if i < len(s) and s[i] == '(':
            j = balanced(s, i)
        else:
            mm = re.match(r'-?\s*[0-9A-Za-z.]+', s[i:])
            if not mm:
                raise Unreadable('la puissance de « ' + name + ' » est incomplète')
            j = i + mm.end()
        power = s[i:j].strip()
        k = j
        while k < len(s) and s[k] == ' ':
            k += 1
        if k < len(s) and s[k] == '(':
            e = balanced(s, k)
            argument = s[k:e]
        else:
            mm = re.match(r'[0-9A-Za-z.]+', s[k:])
            if not mm:
                raise Unreadable('l’argument de « ' + name + ' » manque')
            e = k + mm.end()
            argument = '(' + mm.group(0) + ')'
        if power.replace(' ', '').strip('()') == '-1' and name in TRIG_INV:
            repl = ' ' + TRIG_INV[name] + argument + ' '
        else:
            repl = ' (' + name + argument + ')^(' + power + ') '
        s = s[:m.start()] + repl + s[e:]


PREFIXES = sorted((n for n in FUNCS if n[0].islower()), key=len, reverse=True)


def split_function_prefix(m):
    """sinx becomes sin x, coshx becomes cosh x; known names are kept."""
    word = m.group(0)
    if word in FUNCS or word in CONSTS or word in GREEK_SAFE.values():
        return word
    for name in PREFIXES:
        if word.startswith(name) and len(word) > len(name):
            return name + ' ' + word[len(name):]
    return word


def pipes_to_abs(s):
    out = []
    depth = 0
    prev = ''
    for c in s:
        if c == '|':
            opening = depth == 0 or prev in ('', '(', '+', '-', '*', '/', '^', ',')
            if opening:
                out.append('abs(')
                depth += 1
                prev = '('
            else:
                out.append(')')
                depth -= 1
                prev = ')'
            continue
        out.append(c)
        if not c.isspace():
            prev = c
    if depth != 0:
        raise Unreadable('une barre de valeur absolue « | » n’est pas fermée')
    return ''.join(out)


def plain_text(raw):
    """The expression as the parser reads it (LaTeX turned to text, notations fixed), or Unreadable."""
    s = raw.strip()
    if not s:
        raise Unreadable('l’expression est vide')
    for k, v in UNICODE.items():
        s = s.replace(k, v)
    if '=' in s or '<' in s or '>' in s:
        raise Unreadable('les signes =, < et > ne sont pas acceptés : saisissez une expression')
    if '\\' in s or '{' in s:
        s = latex_to_text(s)
    s = re.sub(r'(\d),(\d)', r'\1.\2', s)
    bad = [c for c in s if not ALLOWED.fullmatch(c)]
    if bad:
        raise Unreadable('le caractère « ' + bad[0] + ' » n’est pas reconnu')
    if '__' in s or re.search(r'(?<![0-9])\.(?![0-9])', s):
        raise Unreadable('l’écriture « . » n’est acceptée que dans un nombre décimal')
    s = re.sub(r'[A-Za-z][A-Za-z0-9]*', split_function_prefix, s)
    if re.search(r'[+\-*/^,]\s*$', s):
        raise Unreadable('l’expression se termine par un opérateur')
    s = pipes_to_abs(s)
    s = fix_function_powers(s)
    s = s.replace('**', '^')
    for name in IDENT.findall(s):
        if name in RESERVED:
            raise Unreadable('le nom « ' + name + ' » n’est pas accepté')
    # x(x+1) is a product (as MathLive writes x\left(x+1\right)), never a call: only known functions take arguments.
    s = VARIABLE_CALL.sub(lambda m: m.group(1) + '*(' if m.group(1) not in FUNCS else m.group(0), s)
    depth = 0
    for c in s:
        depth += 1 if c == '(' else -1 if c == ')' else 0
        if depth < 0:
            raise Unreadable('une parenthèse « ) » est en trop')
    if depth > 0:
        raise Unreadable('une parenthèse « ( » n’est pas fermée')
    return s


def to_sympy(raw):
    s = plain_text(raw)
    try:
        expr = parse_expr(s, local_dict=dict(LOCALS), global_dict=dict(GLOBALS), transformations=TRANSFORMS,
                          evaluate=True)
    except Unreadable:
        raise
    except Exception:
        raise Unreadable('l’écriture n’a pas pu être lue')
    if not isinstance(expr, sympy.Expr):
        raise Unreadable('ce n’est pas une expression mathématique')
    if expr.has(sympy.zoo, sympy.oo, -sympy.oo, sympy.nan):
        raise Unreadable('l’expression n’est pas définie (division par zéro ?)')
    return expr


def as_written(raw, evaluated):
    """The expression as written, nothing computed (2(x+1) stays a product, x+x a sum): what a form is judged on.
    An expression this reading cannot take is judged as computed."""
    try:
        expr = parse_expr(plain_text(raw), local_dict=dict(LOCALS), global_dict=dict(RAW_GLOBALS),
                          transformations=TRANSFORMS, evaluate=False)
    except Exception:
        return evaluated
    return expr if isinstance(expr, sympy.Expr) else evaluated


# ---------------------------------------------------------------- required forms (as STACK's answer tests)
# Each test takes the student's expression as written (`w`, nothing computed) and as computed (`v`); it is asked only
# of an expression equivalent to the expected one.

def computed(e):
    """An expression as written, computed (each node rebuilt with sympy's automatic rules)."""
    if not e.args:
        return e
    return e.func(*[computed(a) for a in e.args])


def is_sum(e):
    return e.is_Add and bool(e.free_symbols)


def is_expanded(w, v):
    """No product or whole power of a sum left (2(x+1), (x+1)^2, (x+1)/2), and expanding changes nothing."""
    for node in sympy.preorder_traversal(w):
        if node.is_Mul and any(is_sum(a) for a in node.args):
            return False
        if node.is_Pow and is_sum(node.base) and node.exp.is_Integer and node.exp > 1:
            return False
    return sympy.expand(v, power_exp=False, power_base=False, log=False) == v


def irreducible(e):
    """A factor: a polynomial sum that does not split over the rationals, with no common factor left (2x+2, x/2+1/2)."""
    if not is_sum(e):
        return True
    f = computed(e)
    syms = sorted(f.free_symbols, key=lambda s: s.name)
    if not syms or not f.is_polynomial(*syms):
        return True
    try:
        coeff, factors = sympy.factor_list(f)
    except Exception:
        return True
    if sum(m for _, m in factors) > 1:
        return False
    return abs(coeff) == 1


def is_factored(w):
    """A product of irreducible factors (powers of them allowed): no sum left that factors."""
    if w.is_Mul:
        return all(is_factored(a) for a in w.args)
    if w.is_Pow and w.exp.is_Integer:
        return is_factored(w.base)
    return irreducible(w)


def size(e):
    """How long an expression is: its operations, each occurrence of a variable (x+x is longer than 2x)."""
    return int(sympy.count_ops(e)) + sum(1 for n in sympy.preorder_traversal(e) if n.is_Symbol)


def numbers_computed(w):
    """Every part without a variable is written as its value: 21 rather than 3(2+5), 1/2 rather than 2/4."""
    for node in sympy.preorder_traversal(w):
        if node.is_Atom or node.free_symbols:
            continue
        value = computed(node)
        if not value.is_Rational:
            continue
        allowed = {abs(value.p), value.q, 1}
        written = {abs(int(n)) for n in sympy.preorder_traversal(node) if n.is_Integer}
        if not written <= allowed:
            return False
    return True


def is_simplified(w, expected_w):
    """As short as the expected expression as the teacher wrote it, numbers computed."""
    return numbers_computed(w) and size(w) <= size(expected_w)


FORMS = ('EXPANDED', 'FACTORED', 'SIMPLIFIED')


def in_form(form, a_raw, a, b_raw, b):
    w = as_written(a_raw, a)
    if form == 'EXPANDED':
        return is_expanded(w, a)
    if form == 'FACTORED':
        return is_factored(w)
    return is_simplified(w, as_written(b_raw, b))


# ---------------------------------------------------------------- equivalence
REL_TOL = 1e-9


def close(u, v):
    return abs(u - v) <= REL_TOL * max(1.0, abs(u), abs(v))


def as_real(value):
    if isinstance(value, complex):
        if abs(value.imag) > 1e-12 * max(1.0, abs(value.real)):
            return None
        value = value.real
    try:
        value = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    if math.isnan(value) or math.isinf(value):
        return None
    return value


def sample_points(n_syms, rng):
    ranges = [(-10, 10), (-2, 2), (0.05, 1), (1, 10), (-10, -0.5), (0.5, 30)]
    pts = []
    for k in range(48):
        lo, hi = ranges[k % len(ranges)]
        pts.append([rng.uniform(lo, hi) for _ in range(n_syms)])
    return pts


def equivalent(a, b):
    diff = a - b
    if diff == 0:
        return True
    syms = sorted(a.free_symbols | b.free_symbols, key=lambda s: s.name)
    if not syms:
        va = complex(sympy.N(a, 30))
        vb = complex(sympy.N(b, 30))
        return abs(va - vb) <= 1e-12 * max(1.0, abs(va), abs(vb))
    try:
        if sympy.expand(diff) == 0:
            return True
    except Exception:
        pass
    fa = sympy.lambdify(syms, a, modules=['math'])
    fb = sympy.lambdify(syms, b, modules=['math'])
    rng = random.Random(20240917)
    agree = 0
    for p in sample_points(len(syms), rng):
        try:
            va = as_real(fa(*p))
            vb = as_real(fb(*p))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            continue
        if va is None or vb is None:
            continue
        if not close(va, vb):
            return False
        agree += 1
    if agree >= 4:
        return True
    # Almost nowhere defined on the reals: let the CAS decide.
    try:
        return sympy.simplify(diff) == 0
    except Exception:
        return False


def handle(req):
    try:
        try:
            a = to_sympy(req['a'])
        except Unreadable as e:
            return {'ok': False, 'field': 'expression', 'message': 'Expression illisible : ' + str(e) + '.'}
        try:
            b = to_sympy(req['b'])
        except Unreadable as e:
            return {'ok': False, 'field': 'expected', 'message': 'Expression attendue illisible : ' + str(e) + '.'}
        equal = bool(equivalent(a, b))
        form = req.get('form')
        if form not in FORMS:
            return {'ok': True, 'equal': equal}
        # The form is judged only of an equivalent expression (a wrong value is wrong whatever its form).
        return {'ok': True, 'equal': equal, 'form': bool(equal and in_form(form, req['a'], a, req['b'], b))}
    except RecursionError:
        return {'ok': False, 'field': 'expression', 'message': 'Expression trop imbriquée pour être lue.'}
    except MemoryError:
        return {'ok': False, 'field': 'expression', 'message': 'Expression trop complexe à évaluer.'}


# ---------------------------------------------------------------- fork server
def serve():
    # Warm up: import every lazily loaded module before forking.
    for x, y in (('2x+3', '3+2*x'), ('\\frac{1}{2}x', 'x/2'), ('sin(x)^2+cos(x)^2', '1'), ('sqrt(x^2)', 'abs(x)'),
                 ('log(x*y)', 'log(x)+log(y)'), ('0.33', '1/3')):
        handle({'a': x, 'b': y})
    out = sys.stdout.buffer
    out.write(b'READY\n')
    out.flush()
    stdin = sys.stdin.buffer
    inbuf = b''
    children = {}  # read fd -> [pid, id, deadline, bytes]

    def reply(obj):
        out.write(json.dumps(obj, ensure_ascii=False).encode() + b'\n')
        out.flush()

    stdin_open = True
    while stdin_open or children:
        timeout = None
        if children:
            timeout = max(0.0, min(c[2] for c in children.values()) - time.monotonic())
        fds = list(children.keys()) + ([stdin.fileno()] if stdin_open else [])
        ready, _, _ = select.select(fds, [], [], timeout)
        for fd in ready:
            if fd == stdin.fileno():
                chunk = os.read(fd, 65536)
                if not chunk:
                    stdin_open = False
                    continue
                inbuf += chunk
                while b'\n' in inbuf:
                    line, inbuf = inbuf.split(b'\n', 1)
                    if not line.strip():
                        continue
                    try:
                        req = json.loads(line)
                    except ValueError:
                        continue
                    r, w = os.pipe()
                    pid = os.fork()
                    if pid == 0:
                        os.close(r)
                        try:
                            resource.setrlimit(resource.RLIMIT_CPU, (CHILD_CPU, CHILD_CPU + 1))
                            res = handle(req)
                        except BaseException:
                            res = {'ok': False, 'field': 'expression', 'message': 'Expression trop complexe à évaluer.'}
                        res['id'] = req.get('id')
                        data = json.dumps(res, ensure_ascii=False).encode()
                        view = memoryview(data)
                        while view:
                            n = os.write(w, view)
                            view = view[n:]
                        os._exit(0)
                    os.close(w)
                    children[r] = [pid, req.get('id'), time.monotonic() + CHILD_WALL, b'']
            else:
                c = children[fd]
                chunk = os.read(fd, 65536)
                if chunk:
                    c[3] += chunk
                    continue
                os.close(fd)
                del children[fd]
                try:
                    os.waitpid(c[0], 0)
                except ChildProcessError:
                    pass
                try:
                    res = json.loads(c[3])
                except ValueError:
                    res = {'ok': False, 'field': 'expression', 'message': 'Expression trop complexe à évaluer.',
                           'id': c[1]}
                reply(res)
        now = time.monotonic()
        for fd, c in list(children.items()):
            if c[2] <= now:
                try:
                    os.kill(c[0], signal.SIGKILL)
                    os.waitpid(c[0], 0)
                except (ProcessLookupError, ChildProcessError):
                    pass
                os.close(fd)
                del children[fd]
                reply({'id': c[1], 'ok': False, 'field': 'expression', 'message': 'Expression trop complexe à évaluer.'})


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--check':
        for line in sys.stdin:
            a, b = line.rstrip('\n').split('\t')
            print(handle({'a': a, 'b': b}))
    else:
        serve()
