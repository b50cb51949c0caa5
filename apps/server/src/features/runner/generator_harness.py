# The harness of a question's generator (generator.ts): run in the sandbox as the program, it computes the values
# of every seed asked and prints them as one line that the generator itself cannot write.
#
# stdin: "<n>\n", n bytes of JSON {"source", "seeds"}, then a nonce line. The harness (the parent) reads the request,
# makes itself non-dumpable (no other process of the run may read its memory or open its /proc/<pid>/fd), and forks
# the child that runs the teacher's code with stdin, stdout and stderr on /dev/null. Only then does the parent read
# the nonce: the child never held it. The child hands its values back on a pipe; the parent checks them again (the
# child's code may have written anything there) and prints "@@variants:<nonce>@@" + JSON.
import ctypes
import json
import math
import os
import re
import signal
import sys
import traceback

_FILE = '<generator>'
_NAME = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')
_MAX_REPLY = 8 * 1024 * 1024
_KINDS = {'syntax', 'exception', 'no_generate', 'not_dict', 'bad_name', 'bad_value', 'not_deterministic'}


def _read_exact(fd, n):
    out = bytearray()
    while len(out) < n:
        chunk = os.read(fd, n - len(out))
        if not chunk:
            break
        out += chunk
    return bytes(out)


def _read_line(fd, limit=4096):
    out = bytearray()
    while len(out) < limit:
        c = os.read(fd, 1)
        if not c or c == b'\n':
            break
        out += c
    return bytes(out)


class _Bad(Exception):
    def __init__(self, info):
        self.info = info


def _err(e):
    if isinstance(e, SyntaxError) and e.filename == _FILE:
        return {'kind': 'syntax', 'type': type(e).__name__, 'message': str(e.msg)[:500], 'line': e.lineno}
    line = None
    for frame in traceback.extract_tb(e.__traceback__):
        if frame.filename == _FILE:
            line = frame.lineno
    return {'kind': 'exception', 'type': type(e).__name__, 'message': str(e)[:500], 'line': line}


def _check(values):
    if not isinstance(values, dict):
        raise _Bad({'kind': 'not_dict', 'got': type(values).__name__[:100]})
    out = {}
    for k, v in values.items():
        if not isinstance(k, str) or not _NAME.match(k):
            raise _Bad({'kind': 'bad_name', 'name': str(k)[:100]})
        if type(v) not in (str, int, float) or (type(v) is float and not math.isfinite(v)) or (type(v) is int and abs(v) > 2 ** 53):
            raise _Bad({'kind': 'bad_value', 'name': k, 'got': type(v).__name__[:100] if type(v) not in (int, float) else repr(v)[:50]})
        out[k] = v
    return out


def _child(req, w):
    """The teacher's code, with nothing of the run's stdin, stdout or stderr; its result goes to `w`."""
    null = os.open('/dev/null', os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    ns = {'__name__': '__generator__'}
    try:
        exec(compile(req['source'], _FILE, 'exec'), ns)
    except BaseException as e:
        return {'error': _err(e)}
    gen = ns.get('generate')
    if not callable(gen):
        return {'error': {'kind': 'no_generate'}}
    variants = []
    for seed in req['seeds']:
        try:
            values = _check(gen(seed))
            # Asked twice: a generator drawing from the unseeded global `random` gives every student another variant.
            if _check(gen(seed)) != values:
                raise _Bad({'kind': 'not_deterministic'})
            variants.append({'seed': seed, 'values': values})
        except _Bad as b:
            variants.append({'seed': seed, 'error': b.info})
        except BaseException as e:
            variants.append({'seed': seed, 'error': _err(e)})
    return {'variants': variants}


def _short(x, n):
    return x[:n] if isinstance(x, str) else None


def _error(info):
    """An error the child reported, rebuilt field by field; None if it is not one the child can give."""
    if not isinstance(info, dict) or info.get('kind') not in _KINDS:
        return None
    kind = info['kind']
    if kind in ('syntax', 'exception'):
        line = info.get('line')
        t, m = _short(info.get('type'), 100), _short(info.get('message'), 500)
        if t is None or m is None or not (line is None or (type(line) is int and 0 < line < 10 ** 7)):
            return None
        return {'kind': kind, 'type': t, 'message': m, 'line': line}
    if kind == 'not_dict':
        got = _short(info.get('got'), 100)
        return None if got is None else {'kind': kind, 'got': got}
    if kind == 'bad_name':
        name = _short(info.get('name'), 100)
        return None if name is None else {'kind': kind, 'name': name}
    if kind == 'bad_value':
        name, got = _short(info.get('name'), 100), _short(info.get('got'), 100)
        return None if name is None or got is None else {'kind': kind, 'name': name, 'got': got}
    return {'kind': kind}


def _verified(reply, seeds):
    """The child's reply checked again by the parent: anything else is the generator disturbing its harness."""
    broken = {'error': {'kind': 'harness'}}
    if not isinstance(reply, dict):
        return broken
    if 'error' in reply:
        e = _error(reply['error'])
        return {'error': e} if e else broken
    variants = reply.get('variants')
    if not isinstance(variants, list) or len(variants) != len(seeds):
        return broken
    out = []
    for seed, v in zip(seeds, variants):
        if not isinstance(v, dict) or v.get('seed') != seed or type(v.get('seed')) is not int:
            return broken
        if 'values' in v:
            try:
                out.append({'seed': seed, 'values': _check(v['values'])})
            except _Bad:
                return broken
        else:
            e = _error(v.get('error'))
            if not e:
                return broken
            out.append({'seed': seed, 'error': e})
    return {'variants': out}


def main():
    # PR_SET_DUMPABLE = 4: without it, the child could read this process's memory or its stdin through /proc.
    if ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_DUMPABLE)')
    size = int(_read_line(0))
    req = json.loads(_read_exact(0, size).decode('utf-8'))
    seeds = req['seeds']
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            data = json.dumps(_child(req, w)).encode('utf-8')
        except BaseException:
            data = b'{}'
        try:
            os.write(w, b'%d\n' % len(data))
            view = memoryview(data)
            while view:
                view = view[os.write(w, view):]
        finally:
            os._exit(0)
    os.close(w)
    nonce = _read_line(0).decode('ascii')
    os.close(0)
    try:
        n = int(_read_line(r, 20))
        reply = json.loads(_read_exact(r, n).decode('utf-8')) if 0 <= n <= _MAX_REPLY else None
    except Exception:
        reply = None
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if reply is None and os.WIFSIGNALED(status):
        # Killed by a limit (CPU time: SIGXCPU; memory: SIGKILL): the run ends the same way, and gets its verdict.
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        signal.pause()
    result = _verified(reply, seeds)
    sys.stdout.write('\n@@variants:' + nonce + '@@' + json.dumps(result) + '\n')
    sys.stdout.flush()


main()
