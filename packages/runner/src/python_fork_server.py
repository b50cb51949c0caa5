# The Python fork server, run inside one long-lived sandbox (python-fork-server-host.ts). The interpreter starts once; each run is
# a forked copy of it, so a run costs a few forks instead of a sandbox and an interpreter start.
#
# What keeps runs apart:
# - No process that forks runs ever holds a byte of any run. The zygote forks, once, a lane master per lane, which
#   joins its lane's control groups (memory, processes, CPU of all the run's processes together) and then only
#   forks a worker per run: a run's processes start inside their group, with no migration on the run's path. The
#   zygote reads only lane numbers on its control channel (stdin) and passes them on; the masters read nothing but
#   that. Each run travels on a lane of its own: one socket that only the host and that run's worker read. The
#   worker reads the run's request, supervises it, writes its result and ends. A run's memory is therefore the
#   zygote's clean image plus its own request, never another run's.
# - The worker makes the run's mount, PID and IPC namespaces and forks their init, which mounts a fresh /tmp,
#   /proc, /dev/pts and /dev/shm, empties its capability bounding set, drops every capability, and forks the
#   program (PID 2). The program sets no_new_privs, its limits, and loads the seccomp filter (no sockets, keyring,
#   tracing, mounts or namespaces) before a line of it runs. When the init ends, every process of the run dies.
# - The host compares outputs: expected outputs never enter the sandbox.
#
# Control channel: the host writes "lane\n" once the lane holds a request; the server answers "X lane status\n" when
# that lane's worker has ended. Request on a lane: "cpu_soft cpu_hard as_bytes wall_ms cap stdin_len code_len\n",
# the stdin, the code. Result on the same lane: one JSON line written by hand, then the run's stdout and stderr.
import ctypes
import gc
import json
import os
import resource
import select
import signal
import sys
import time
import types

_libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWPID, CLONE_NEWNET = 0x00020000, 0x08000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 32, 4096, 0x4000, 0x40000
PR_SET_DUMPABLE, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP = 4, 24, 38, 22
SECCOMP_MODE_FILTER = 2
MAX_FD = 4096
CONTROL_IN, CONTROL_OUT = 0, 1

with open(sys.argv[1]) as _f:
    CONFIG = json.load(_f)
TMPFS_BYTES, SHM_BYTES = CONFIG["tmpfs"], CONFIG["shm"]
FSIZE, NOFILE, NPROC = CONFIG["fsize"], CONFIG["nofile"], CONFIG["nproc"]
LANES = CONFIG["lanes"]
# (mask file, /proc path) pairs: the host-wide counters of /proc hidden from each run (procmask.ts).
PROC_MASK = [(s.encode(), t.encode()) for s, t in CONFIG.get("procmask", ())]
# A run at its wall limit but held back by other processes is given more time, up to this many wall limits
# (wallclock.ts says the rule).
WALL_EXTENSION = CONFIG.get("wallExtension", 1)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _load_filter(path):
    # The BPF program of seccomp_filter.py's "run" profile, compiled by the host: 8 bytes per instruction.
    with open(path, "rb") as f:
        data = f.read()
    buf = ctypes.create_string_buffer(data, len(data))
    return buf, _SockFprog(len(data) // 8, ctypes.cast(buf, ctypes.c_void_p).value)


_FILTER_BUF, _FILTER = _load_filter(CONFIG["filter"])


def _ok(r, what):
    if r != 0:
        e = ctypes.get_errno()
        raise OSError(e, "%s : %s" % (what, os.strerror(e)))


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _last_cap():
    try:
        with open("/proc/sys/kernel/cap_last_cap") as f:
            return int(f.read())
    except OSError:
        return 40


LAST_CAP = _last_cap()


def _drop_capabilities():
    # The server holds CAP_SYS_ADMIN and CAP_SETPCAP in the sandbox's user namespace to make each run's namespaces;
    # the run keeps none, and none can come back (empty bounding set).
    for cap in range(LAST_CAP + 1):
        _ok(_libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0), "capbset")
    _ok(_libc.capset(ctypes.byref(_CapHeader(0x20080522, 0)), (_CapData * 2)()), "capset")


# --- The program: run as `python3 /tmp/main.py` would run it -------------------------------------------------------

def _module():
    m = types.ModuleType("__main__")
    m.__file__ = "/tmp/main.py"
    m.__builtins__ = __builtins__
    m.__cached__ = None
    m.__annotations__ = {}
    sys.modules["__main__"] = m
    sys.argv[:] = ["/tmp/main.py"]
    return m


def _exit_status(e):
    c = e.code
    if c is None:
        return 0
    if isinstance(c, int):
        return c & 0xFF
    try:
        sys.stderr.write(str(c) + "\n")
    except BaseException:
        pass
    return 1


def _case(src):
    # Module state, tracebacks, exit status, atexit and threads as the interpreter itself would handle them.
    status = 1
    try:
        try:
            code = compile(src, "/tmp/main.py", "exec")
            del src
            exec(code, _module().__dict__)
            status = 0
        except SystemExit as e:
            status = _exit_status(e)
        except BaseException as e:
            import traceback
            tb = None if isinstance(e, SyntaxError) else e.__traceback__.tb_next
            traceback.print_exception(type(e), e, tb)
            status = 1
        t = sys.modules.get("threading")
        if t is not None:
            try:
                t._shutdown()
            except BaseException:
                pass
        try:
            import atexit
            atexit._run_exitfuncs()
        except BaseException:
            pass
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except BaseException:
                if status == 0:
                    status = 120
    finally:
        os._exit(status)


def _program(fds, src, limits):
    # PID 2 of the run's namespaces.
    try:
        for i, fd in enumerate(fds):
            os.dup2(fd, i)
        os.closerange(3, MAX_FD)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()
        _ok(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        cpu_soft, cpu_hard, as_bytes = limits
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_soft, cpu_hard))
        resource.setrlimit(resource.RLIMIT_AS, (as_bytes, as_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FSIZE, FSIZE))
        resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))
        resource.setrlimit(resource.RLIMIT_NPROC, (NPROC, NPROC))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.chdir("/tmp")
        with open("/tmp/main.py", "wb") as f:
            f.write(src)
        # Its own /proc entries readable again, as in any process (the server, its workers and the init are not).
        _ok(_libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "dumpable")
        # The run is the kernel's first choice when memory runs out (the server's processes are never chosen).
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
        _ok(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(_FILTER), 0, 0), "seccomp")
    except BaseException:
        os._exit(71)
    _case(src)


# --- The init (PID 1 of the run) ----------------------------------------------------------------------------------

def _join_run_group(lane):
    # The run's own memory group, before the run allocates anything: every page of the run (its processes, its
    # /tmp and /dev/shm, its memfd and shared memory) is counted there, and the OOM killer acting for that group's
    # limit picks among the run's processes only, never the lane's master or worker.
    for p in lane.get("run", ()):
        with open(p, "w") as f:
            f.write("0")


def _mask_proc():
    # Over the run's fresh /proc, read-only: no host-wide counter another run can move.
    for src, dst in PROC_MASK:
        _ok(_libc.mount(src, dst, None, MS_BIND, None), "mount %s" % dst.decode())
        _ok(_libc.mount(None, dst, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, None), "remount %s" % dst.decode())


def _init(lane, pipes, status_w, begun_w, src, limits):
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _join_run_group(lane)
        _ok(_libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "mount /")
        _ok(_libc.mount(b"tmpfs", b"/tmp", b"tmpfs", MS_NOSUID | MS_NODEV, b"size=%d,mode=1777" % TMPFS_BYTES), "mount /tmp")
        _ok(_libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None), "mount /proc")
        _mask_proc()
        # No pseudo-terminal (the sandbox's /dev has none): opening one moves a host-wide counter.
        _ok(_libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", MS_NOSUID | MS_NODEV, b"size=%d,mode=1777" % SHM_BYTES), "mount /dev/shm")
        _drop_capabilities()
        p = os.fork()
        if p == 0:
            os.close(status_w)
            os.close(begun_w)
            _program(pipes, src, limits)
        # The run's set-up is over: the wall clock's rule weighs the program's time from here (the set-up is the
        # host's work, and its mounts can wait long on a loaded host). The moment only, on a pipe the worker reads at
        # a deadline (no wake-up); its CPU time and run-queue delays count from the run's start, which only makes the
        # rule slower to call the program idle.
        os.write(begun_w, b"%d" % time.monotonic_ns())
        os.close(begun_w)
        for fd in pipes:
            os.close(fd)
        del src
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == p:
                break
        os.write(status_w, b"S %d\n" % status)
    except BaseException as e:
        try:
            os.write(status_w, ("E %s\n" % e).encode("utf-8", "replace"))
        except BaseException:
            pass
        os._exit(70)
    os._exit(0)


# --- The worker: one run, from its request on the lane to its result ----------------------------------------------

def _read_request(fd):
    buf = bytearray()
    while b"\n" not in buf:
        chunk = os.read(fd, 65536)
        if not chunk:
            raise EOFError("requête incomplète")
        buf += chunk
    nl = buf.index(b"\n")
    head = [int(x) for x in bytes(buf[:nl]).split()]
    del buf[:nl + 1]
    n_in, n_code = head[5], head[6]
    while len(buf) < n_in + n_code:
        chunk = os.read(fd, max(65536, n_in + n_code - len(buf)))
        if not chunk:
            raise EOFError("requête incomplète")
        buf += chunk
    return head, bytes(buf[:n_in]), bytes(buf[n_in:n_in + n_code])


def _join_groups(lane):
    # The lane master, once: every process it forks from now on is counted in the lane's groups.
    for p in lane.get("procs", ()):
        with open(p, "w") as f:
            f.write("0")


class _Group:
    # The lane's counters as the worker reads them: opened before the run's mounts hide them.
    def __init__(self, lane):
        self.cpu = os.open(lane["cpu"], os.O_RDONLY | os.O_CLOEXEC)
        self.cpu_v2 = lane["cpu"].endswith("cpu.stat")
        self.oom = os.open(lane["oom"], os.O_RDONLY | os.O_CLOEXEC)
        # The lane's threads and this namespace's /proc, for the run-queue delay of the run's threads (the run's
        # own /proc, mounted by its init in the namespace the worker shares, would not show them).
        try:
            # The directories, not the files: cgroup v1 keeps the list of a `tasks` file read at its opening for a
            # while, so a kept descriptor would show the threads of the run's start (the master and worker alone).
            # Opened now: the run's init mounts its own /tmp over the path.
            self.task_file = "cgroup.threads" if self.cpu_v2 else "tasks"
            self.tasks = [os.open(d, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC) for d, _, _ in os.walk(os.path.dirname(lane["cpu"]))]
            self.proc = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:
            self.tasks = self.proc = None
        # The lane's master and this worker wait in the group too, but are not the run.
        self.skip = {os.getpid(), os.getppid()}

    def waits(self):
        # Run-queue delay (ns) per thread of the run; None when the kernel does not give it.
        if self.tasks is None:
            return None
        out = {}
        tids = []
        for d in self.tasks:
            fd = os.open(self.task_file, os.O_RDONLY | os.O_CLOEXEC, dir_fd=d)
            try:
                tids += [int(t) for t in os.read(fd, 1 << 16).split()]
            finally:
                os.close(fd)
        for tid in tids:
            if tid in self.skip:
                continue
            try:
                fd = os.open("%d/schedstat" % tid, os.O_RDONLY | os.O_CLOEXEC, dir_fd=self.proc)
                try:
                    out[tid] = int(os.read(fd, 256).split()[1])
                finally:
                    os.close(fd)
            except (OSError, ValueError, IndexError):
                pass
        if not out and len([t for t in tids if t not in self.skip]) > 0:
            return None
        return out

    def cpu_ns(self):
        text = os.pread(self.cpu, 4096, 0)
        if self.cpu_v2:
            for line in text.split(b"\n"):
                if line.startswith(b"usage_usec "):
                    return int(line.split()[1]) * 1000
            return 0
        return int(text)

    def oom_kills(self):
        for line in os.pread(self.oom, 4096, 0).split(b"\n"):
            if line.startswith(b"oom_kill "):
                return int(line.split()[1])
        return 0


def _frame(code, sig, timed, exceeded, oom, ms, out, err, idle=False, starved=False, cpu=-1):
    line = '{"code":%s,"signal":%s,"timedOut":%s,"exceeded":%s,"oom":%s,"idle":%s,"starved":%s,"cpu":%d,"ms":%d,"out":%d,"err":%d}' % (
        "null" if code is None else "%d" % code, "null" if sig is None else '"%s"' % sig,
        "true" if timed else "false", "true" if exceeded else "false", "true" if oom else "false",
        "true" if idle else "false", "true" if starved else "false", cpu, ms, len(out), len(err))
    return line.encode() + b"\n" + out + err


def _failed(why):
    why = str(why).encode("utf-8", "replace")
    return b'{"failed":true,"ms":0,"out":0,"err":%d}\n' % len(why) + why


def _write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def _worker(lane):
    try:
        os.dup2(lane["fd"], 3)
        os.closerange(4, MAX_FD)
        null = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
        head, stdin, src = _read_request(3)
        cpu_soft, cpu_hard, as_bytes, wall_ms, cap = head[:5]
        group = _Group(lane) if lane.get("procs") else None
        frame = _supervise(group, lane, (cpu_soft, cpu_hard, as_bytes), wall_ms, cap, stdin, src)
    except BaseException as e:
        frame = _failed(e)
    try:
        _write_all(3, frame)
    except BaseException:
        os._exit(1)
    os._exit(0)


def _at_deadline(group, begun, cpu0, waits0, now, at_cap):
    # wallclock.ts's atWallDeadline: "extend", "idle" (the program's own waiting) or "starved" (held back by others),
    # on the time since the program began (`begun`; its CPU time and run-queue delays since `cpu0` and `waits0`, the
    # run's start); a run whose program has not begun is still being set up, never the program's waiting.
    if begun is None:
        return "starved" if at_cap else "extend"
    elapsed = now - begun
    waits = group.waits()
    if waits is None or waits0 is None:
        return "idle" if at_cap else "extend"
    wait = sum(max(0, w - waits0.get(t, 0)) for t, w in waits.items())
    idle = elapsed * 1e9 - (group.cpu_ns() - cpu0) - wait
    if idle > wait and 2 * idle > elapsed * 1e9:
        return "idle"
    return "starved" if at_cap else "extend"


def _supervise(group, lane, limits, wall_ms, cap, stdin, src):
    t0 = time.monotonic()
    deadline = t0 + wall_ms / 1000.0
    wall_cap = t0 + wall_ms * WALL_EXTENSION / 1000.0
    recheck = max(0.25, wall_ms / 4000.0)
    idle = starved = False
    cpu_limit_ns = limits[0] * 1_000_000_000
    i_r, i_w = os.pipe()
    o_r, o_w = os.pipe()
    e_r, e_w = os.pipe()
    s_r, s_w = os.pipe()
    b_r, b_w = os.pipe()
    cpu0 = group.cpu_ns() if group else 0
    waits0 = group.waits() if group else None
    begun = None
    oom0 = group.oom_kills() if group else 0
    _ok(_libc.unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC), "unshare")
    init = os.fork()
    if init == 0:
        os.close(s_r)
        os.close(b_r)
        for fd in (i_w, o_r, e_r):
            os.close(fd)
        _init(lane, (i_r, o_w, e_w), s_w, b_w, src, limits)
    del src
    os.set_blocking(b_r, False)
    for fd in (i_r, o_w, e_w, s_w, b_w):
        os.close(fd)
    out, err = bytearray(), bytearray()
    seen = {o_r: 0, e_r: 0}
    bufs = {o_r: out, e_r: err}
    open_fds = {o_r, e_r}
    status = bytearray()
    timed = exceeded = False
    data = stdin
    del stdin
    w = i_w if data else None
    if w is None:
        os.close(i_w)
    else:
        os.set_blocking(w, False)
    alive = True

    def kill():
        try:
            os.kill(init, signal.SIGKILL)
        except OSError:
            pass

    def read_out(fd):
        nonlocal exceeded
        chunk = os.read(fd, 65536)
        if not chunk:
            os.close(fd)
            open_fds.discard(fd)
            return False
        b = bufs[fd]
        if len(b) < cap:
            b += chunk[: cap - len(b)]
        seen[fd] += len(chunk)
        if seen[fd] > cap and not exceeded:
            exceeded = True
            kill()
        return True

    def read_status():
        # What the init said so far (its program's end); False once it has closed its end.
        chunk = os.read(s_r, 4096)
        if not chunk:
            return False
        status.extend(chunk)
        return True

    def read_begun():
        # When the program began, as the init said (None while it is being set up).
        try:
            return int(os.read(b_r, 64)) / 1e9
        except (BlockingIOError, ValueError):
            return None

    while alive:
        now = time.monotonic()
        if not timed and now >= deadline and select.select([s_r], [], [], 0)[0]:
            # The init has news not yet read (this worker may have been held back meanwhile): a program that has
            # ended is never judged at a deadline it outlived.
            alive = read_status()
            if not alive:
                continue
        if not timed and now >= deadline and begun is None and group:
            begun = read_begun()
        if not timed and now >= deadline and b"S " not in status:
            # Only a run that waits without computing is stopped here; one held back by others gets more time.
            decision = _at_deadline(group, begun, cpu0, waits0, now, now >= wall_cap - 0.001) if group else "idle"
            if decision == "extend":
                deadline = min(wall_cap, now + recheck)
            else:
                timed = True
                idle, starved = group is not None and decision == "idle", decision == "starved"
                kill()
        if group and not timed and group.cpu_ns() - cpu0 > cpu_limit_ns:
            # CPU time of all the run's processes together, beyond the run's limit.
            timed = True
            kill()
        poll = select.poll()
        for fd in open_fds:
            poll.register(fd, select.POLLIN)
        poll.register(s_r, select.POLLIN)
        if w is not None:
            poll.register(w, select.POLLOUT)
        left = max(0.0, deadline - time.monotonic()) if not timed else 1.0
        if group:
            left = min(left, 0.1)
        for fd, ev in poll.poll(int(left * 1000) + 1):
            if fd == s_r:
                alive = read_status()
            elif fd == w:
                try:
                    n = os.write(w, data[:65536])
                    data = data[n:]
                except BlockingIOError:
                    pass
                except OSError:
                    data = b""
                if not data:
                    os.close(w)
                    w = None
            elif fd in open_fds:
                read_out(fd)
    # The init has ended: every process of the run is gone, and what they wrote is in the pipes.
    os.waitpid(init, 0)
    ms = int((time.monotonic() - t0) * 1000)
    for fd in list(open_fds):
        os.set_blocking(fd, False)
        try:
            while fd in open_fds and read_out(fd):
                pass
        except BlockingIOError:
            pass
        if fd in open_fds:
            os.close(fd)
            open_fds.discard(fd)
    if w is not None:
        os.close(w)
    os.close(s_r)
    os.close(b_r)
    oom = bool(group) and group.oom_kills() > oom0
    cpu_ms = (group.cpu_ns() - cpu0) // 1_000_000 if group else -1
    code, sig, error = None, "SIGKILL", None
    for line in bytes(status).split(b"\n"):
        if line.startswith(b"S "):
            c = os.waitstatus_to_exitcode(int(line[2:]))
            code, sig = (c, None) if c >= 0 else (None, signal.Signals(-c).name if -c in signal.valid_signals() else "SIG%d" % -c)
        elif line.startswith(b"E "):
            error = line[2:].decode("utf-8", "replace")
    if error is not None and not timed and not exceeded:
        return _failed(error)
    if timed:
        code, sig = None, None
    return _frame(code, sig, timed, exceeded, oom, ms, bytes(out), bytes(err), idle, starved, cpu_ms)


# --- The lane masters and the zygote -------------------------------------------------------------------------

def _master(lane_index, go, status):
    # Forked once per lane: in the lane's groups, it forks a worker each time the zygote says "go" (one byte).
    lane = LANES[lane_index]
    try:
        _join_groups(lane)
        # A network namespace per lane: two runs in flight never share one (/proc/self/net lists the sockets, such as
        # a socketpair, of every process of the namespace). The runs of a lane follow each other, and every socket of
        # a run ends with its processes.
        _ok(_libc.unshare(CLONE_NEWNET), "unshare net")
        keep = {lane["fd"], go, status}
        for fd in range(3, MAX_FD):
            if fd not in keep:
                try:
                    os.close(fd)
                except OSError:
                    pass
        workers = {}
        while True:
            poll = select.poll()
            poll.register(go, select.POLLIN)
            for pidfd in workers:
                poll.register(pidfd, select.POLLIN)
            for fd, _ in poll.poll():
                if fd == go:
                    n = len(os.read(go, 64))
                    if n == 0:
                        os._exit(0)
                    for _ in range(n):
                        pid = os.fork()
                        if pid == 0:
                            os.close(go)
                            os.close(status)
                            _worker(lane)
                        workers[os.pidfd_open(pid)] = pid
                else:
                    pid = workers.pop(fd)
                    os.close(fd)
                    _, st = os.waitpid(pid, 0)
                    os.write(status, b"X %d %d\n" % (lane_index, st))
    except BaseException:
        os._exit(1)


def serve():
    _ok(_libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "dumpable")
    # Every object the server has made so far is left out of the collector's passes: a forked copy's collections
    # then do not touch (and so copy) the pages of the server's own objects.
    gc.collect()
    gc.freeze()
    status_r, status_w = os.pipe()
    goes = []
    masters = {}
    for i in range(len(LANES)):
        go_r, go_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(status_r)
            for g in goes:
                os.close(g)
            os.close(go_w)
            _master(i, go_r, status_w)
        os.close(go_r)
        goes.append(go_w)
        masters[os.pidfd_open(pid)] = pid
    os.close(status_w)
    _write_all(CONTROL_OUT, b"READY\n")
    buf = bytearray()
    while True:
        poll = select.poll()
        poll.register(CONTROL_IN, select.POLLIN)
        poll.register(status_r, select.POLLIN)
        for pidfd in masters:
            poll.register(pidfd, select.POLLIN)
        for fd, _ in poll.poll():
            if fd == CONTROL_IN:
                chunk = os.read(CONTROL_IN, 4096)
                if not chunk:
                    # The host closed the control channel: the server ends, and with its sandbox every run.
                    os._exit(0)
                buf += chunk
                while b"\n" in buf:
                    line, _, rest = bytes(buf).partition(b"\n")
                    buf = bytearray(rest)
                    os.write(goes[int(line)], b"g")
            elif fd == status_r:
                # Lines of at most a few bytes, written whole to a pipe by the masters: passed on as they come.
                _write_all(CONTROL_OUT, os.read(status_r, 4096))
            else:
                # A lane master died: its lane cannot serve any more; the server ends and the host starts another.
                os._exit(1)


if __name__ == "__main__":
    serve()
