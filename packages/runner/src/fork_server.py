# The Python fork server, run inside one long-lived sandbox: the interpreter starts once, and each run is a forked
# copy of it in namespaces of its own (mount, PID, IPC) with a fresh /tmp and /proc, no capability left and its own
# limits, so that a run sees neither the server nor any other run. The network namespace is the sandbox's (no
# network; a namespace per run would cost a third of the throughput). Read by forkserver.ts at start and handed
# to the sandbox as /tmp/fork_server.py (each run's fresh /tmp hides it).
#
# Per run, three processes: a relay forked from the server makes the namespaces and forks their init; the init
# mounts /tmp and /proc, forks the program (PID 2, so that it keeps the usual signal semantics) and reports its wait
# status; when the init ends, the kernel ends every process left in the namespace. The server adopts the init
# (child subreaper), kills it at the run's deadline or output cap, and frames the result on its stdout.
#
# Requests on stdin: "id mode cpu_soft cpu_hard mem wall_ms cap stdin_len code_len\n" then the stdin and code bytes.
# Mode 0 runs the code; mode 1 runs the batch mode of the loader (warm.ts, loaded once at start from the file named
# by the fifth argument) on the stdin, which holds the batch header and the program: the cases of one program in one
# run. Results on stdout: one JSON line (written by hand) followed by the run's stdout and stderr bytes.
import sys, os, resource, select, signal, time, ctypes, atexit

_libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWPID = 0x00020000, 0x08000000, 0x20000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 0x4000, 0x40000
PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 4, 36, 38
TMPFS_BYTES, FSIZE, NOFILE, NPROC = (int(x) for x in sys.argv[1:5])
MAX_FD = 4096
# The loader's functions (warm.ts), compiled once here: every run's program goes through its _case, and a batch
# through its batch mode. They expect the modules its batch mode imports.
_LOADER = {"__name__": "loader"}
with open(sys.argv[5], "rb") as _f:
    exec(compile(_f.read(), "loader", "exec"), _LOADER)
_LOADER.update(os=os, time=time, select=select, signal=signal, atexit=atexit)


def _ok(r, what):
    if r != 0:
        e = ctypes.get_errno()
        raise OSError(e, "%s : %s" % (what, os.strerror(e)))


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _drop_capabilities():
    # The server holds CAP_SYS_ADMIN in the sandbox's user namespace to make each run's namespaces; a program never.
    _ok(_libc.capset(ctypes.byref(_CapHeader(0x20080522, 0)), (_CapData * 2)()), "capset")
    _ok(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")


def _program(src, limits):
    # PID 2 of the run's namespace: the program itself, run by the loader's _case exactly as `python3 /tmp/main.py`
    # would run it (module state, tracebacks, exit status, atexit, threads).
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _drop_capabilities()
        # Its own /proc entries readable again, as in any process (the server and the init are not dumpable).
        _ok(_libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "dumpable")
        os.setsid()
        cpu_soft, cpu_hard, mem = limits
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft, cpu_hard))
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FSIZE, FSIZE))
        resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))
        resource.setrlimit(resource.RLIMIT_NPROC, (NPROC, NPROC))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.chdir("/tmp")
        if src is None:
            _LOADER["_load"](0)
        code, error = _LOADER["_prepare"](src)
    except BaseException:
        os._exit(71)
    _LOADER["_case"](code, error, ((cpu_soft, cpu_hard), (mem, mem)), _LOADER["_PRCTL"])


def _failed(e):
    # The relay or the init could not set the run up: the server answers "failed" and the host runs it elsewhere.
    try:
        os.write(3, ("E %s\n" % e).encode("utf-8", "replace"))
    except BaseException:
        pass
    os._exit(70)


def _init(src, limits):
    # PID 1 of the run's namespace: fresh /tmp and /proc, then the program; its end ends the namespace.
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _ok(_libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "mount /")
        _ok(_libc.mount(b"tmpfs", b"/tmp", b"tmpfs", MS_NOSUID | MS_NODEV, b"size=%d,mode=1777" % TMPFS_BYTES), "mount /tmp")
        _ok(_libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None), "mount /proc")
        # Nothing left to the init that the program could use, should it take control of it.
        _drop_capabilities()
        p = os.fork()
        if p == 0:
            os.close(3)
            _program(src, limits)
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == p:
                break
        os.write(3, b"S %d\n" % status)
    except BaseException as e:
        _failed(e)
    os._exit(0)


def _relay(fds, src, limits):
    # Forked from the server: only this run's pipes stay open, the namespaces are made, their init forked.
    try:
        for i, fd in enumerate(fds):
            os.dup2(fd, i)
        os.closerange(len(fds), MAX_FD)
        _ok(_libc.unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC), "unshare")
        g = os.fork()
        if g == 0:
            _init(src, limits)
        os.write(3, b"G %d\n" % g)
    except BaseException as e:
        _failed(e)
    os._exit(0)


class Run:
    __slots__ = ("id", "init", "t0", "deadline", "cap", "out", "err", "seen", "open", "w", "data", "status",
                 "timed", "exceeded", "error", "st")


def start(rid, limits, wall_ms, cap, stdin, src):
    i_r, i_w = os.pipe()
    o_r, o_w = os.pipe()
    e_r, e_w = os.pipe()
    s_r, s_w = os.pipe()
    r = Run()
    r.id, r.init, r.t0, r.cap = rid, None, time.monotonic(), cap
    r.deadline = r.t0 + wall_ms / 1000.0
    pid = os.fork()
    if pid == 0:
        _relay((i_r, o_w, e_w, s_w), src, limits)
    for fd in (i_r, o_w, e_w, s_w):
        os.close(fd)
    r.out, r.err, r.seen = bytearray(), bytearray(), {o_r: 0, e_r: 0}
    r.open = {o_r: "out", e_r: "err"}
    r.st, r.status, r.error, r.timed, r.exceeded = s_r, bytearray(), None, False, False
    r.data = stdin
    if stdin:
        os.set_blocking(i_w, False)
        r.w = i_w
    else:
        os.close(i_w)
        r.w = None
    return r


def _kill(r):
    if r.init is not None:
        try:
            os.kill(r.init, signal.SIGKILL)
        except OSError:
            pass


def _read_output(r, fd):
    chunk = os.read(fd, 65536)
    if not chunk:
        os.close(fd)
        del r.open[fd]
        return False
    b = r.out if r.open[fd] == "out" else r.err
    if len(b) < r.cap:
        b += chunk[: r.cap - len(b)]
    r.seen[fd] += len(chunk)
    if r.seen[fd] > r.cap and not r.exceeded:
        r.exceeded = True
        _kill(r)
    return True


def _read_status(r):
    chunk = os.read(r.st, 4096)
    if not chunk:
        os.close(r.st)
        r.st = None
        return
    r.status += chunk
    while b"\n" in r.status and r.init is None:
        line, _, rest = bytes(r.status).partition(b"\n")
        if line.startswith(b"G "):
            r.init = int(line[2:])
            r.status = bytearray(rest)
            if r.timed or r.exceeded:
                _kill(r)
        else:
            break


def finish(r):
    # The init has ended (its status pipe closed): every process of the run is gone; what they wrote is in the pipes.
    ms = int((time.monotonic() - r.t0) * 1000)
    for fd in list(r.open):
        os.set_blocking(fd, False)
        try:
            while fd in r.open and _read_output(r, fd):
                pass
        except BlockingIOError:
            pass
        if fd in r.open:
            os.close(fd)
            del r.open[fd]
    if r.w is not None:
        os.close(r.w)
        r.w = None
    code, sig, error = None, "SIGKILL", None
    for line in bytes(r.status).split(b"\n"):
        if line.startswith(b"S "):
            c = os.waitstatus_to_exitcode(int(line[2:]))
            code, sig = (c, None) if c >= 0 else (None, signal.Signals(-c).name if -c in signal.valid_signals() else "SIG%d" % -c)
        elif line.startswith(b"E "):
            error = line[2:].decode("utf-8", "replace")
    if error is not None and not r.timed and not r.exceeded:
        line = '{"i":%d,"failed":true,"ms":%d,"out":0,"err":%d}' % (r.id, ms, len(error.encode()))
        frame = line.encode() + b"\n" + error.encode()
    else:
        if r.timed:
            code, sig = None, None
        o, e = bytes(r.out), bytes(r.err)
        line = '{"i":%d,"code":%s,"signal":%s,"timedOut":%s,"exceeded":%s,"ms":%d,"out":%d,"err":%d}' % (
            r.id, "null" if code is None else "%d" % code, "null" if sig is None else '"%s"' % sig,
            "true" if r.timed else "false", "true" if r.exceeded else "false", ms, len(o), len(e))
        frame = line.encode() + b"\n" + o + e
    return frame


def _write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def _reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _parse(buf, runs, emit):
    # Starts every complete request of the buffer; returns what is left. A run that cannot start (no process or
    # descriptor left) is answered as failed: the host runs it in a sandbox of its own.
    while True:
        nl = buf.find(b"\n")
        if nl < 0:
            return buf
        head = [int(x) for x in bytes(buf[:nl]).split()]
        rid, mode, cpu_soft, cpu_hard, mem, wall_ms, cap, n_in, n_code = head
        if len(buf) < nl + 1 + n_in + n_code:
            return buf
        stdin = bytes(buf[nl + 1:nl + 1 + n_in])
        src = bytes(buf[nl + 1 + n_in:nl + 1 + n_in + n_code]) if mode == 0 else None
        del buf[:nl + 1 + n_in + n_code]
        try:
            runs.append(start(rid, (cpu_soft, cpu_hard, mem), wall_ms, cap, stdin, src))
        except OSError as e:
            why = str(e).encode("utf-8", "replace")
            emit(b'{"i":%d,"failed":true,"ms":0,"out":0,"err":%d}\n' % (rid, len(why)) + why)


def serve():
    out = os.dup(1)
    null = os.open("/dev/null", os.O_RDWR)
    os.dup2(null, 1)
    os.close(null)
    try:
        _ok(_libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), "subreaper")
        _ok(_libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "dumpable")
        # A trial run before READY: where namespaces cannot be made inside the sandbox, the host knows at once. It
        # must see only its own two processes (its init and itself) and an empty /tmp.
        frames = []
        probe = b"import os\nprint(sorted(int(p) for p in os.listdir('/proc') if p.isdigit()), os.listdir('/tmp'))"
        loop([start(0, (2, 3, 256 << 20), 5000, 1024, b"", probe)], None, frames.append)
        head, _, rest = frames[0].partition(b"\n")
        if b'"code":0,' not in head or not rest.startswith(b"[1, 2] ['main.py']\n"):
            raise OSError(0, (head + b" " + rest).decode("utf-8", "replace").strip())
    except BaseException as e:
        _write_all(out, ("UNAVAILABLE %s\n" % e).replace("\n", " ").strip().encode("utf-8", "replace") + b"\n")
        os._exit(0)
    _write_all(out, b"READY\n")
    loop([], 0, lambda frame: _write_all(out, frame))


def loop(runs, req_fd, emit):
    # Until the requests end (req_fd), or until the runs given are done (no req_fd: the trial run).
    buf = bytearray()
    while True:
        now = time.monotonic()
        for r in runs:
            if not r.timed and r.st is not None and now >= r.deadline and not r.exceeded:
                r.timed = True
                _kill(r)
        for r in [r for r in runs if r.st is None]:
            runs.remove(r)
            emit(finish(r))
        _reap()
        if req_fd is None and not runs:
            return
        reads = {}
        writes = {}
        poll = select.poll()
        for r in runs:
            for fd in r.open:
                reads[fd] = r
            reads[r.st] = r
            if r.w is not None:
                writes[r.w] = r
        if req_fd is not None:
            reads[req_fd] = None
        for fd in reads:
            poll.register(fd, select.POLLIN)
        for fd in writes:
            poll.register(fd, select.POLLOUT)
        pending = [r.deadline for r in runs if not r.timed]
        left = max(0.0, min(pending) - time.monotonic()) if pending else (1.0 if runs else None)
        events = poll.poll(None if left is None else int(left * 1000) + 1)
        # A closed pipe reports POLLHUP (or POLLERR for a writer whose reader is gone): read or write to see it.
        rd = [fd for fd, ev in events if fd in reads and ev & (select.POLLIN | select.POLLHUP | select.POLLERR)]
        wr = [fd for fd, ev in events if fd in writes and ev & (select.POLLOUT | select.POLLHUP | select.POLLERR)]
        for fd in rd:
            if fd == req_fd:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    # The host closed the requests: the server ends, and with its sandbox every run in flight.
                    os._exit(0)
                buf += chunk
                buf = _parse(buf, runs, emit)
                continue
            r = reads[fd]
            if fd == r.st:
                _read_status(r)
            elif fd in r.open:
                _read_output(r, fd)
        for fd in wr:
            r = writes[fd]
            try:
                n = os.write(fd, r.data[:65536])
                r.data = r.data[n:]
            except BlockingIOError:
                pass
            except OSError:
                r.data = b""
            if not r.data:
                os.close(fd)
                r.w = None


if __name__ == "__main__":
    serve()
