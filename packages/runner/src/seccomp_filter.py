# The system calls a sandboxed program may not make, written once for every sandbox and compiled by libseccomp
# (Debian package python3-seccomp) into the BPF program the kernel loads. Run by the host once at start-up
# (seccomp.ts): `python3 seccomp_filter.py run|server` writes the BPF program on stdout.
#
#   run     every program (Python, R, the maths server): the base list, plus mounts and namespaces.
#   server  the Python fork server itself, which must still make each run's namespaces and mounts; each run
#           it starts then loads the `run` filter on top (filters only add up).
#
# A refused call fails with EPERM (clone3 with ENOSYS, so that the C library falls back to clone, whose flags
# a filter can read); any call from another architecture (int 0x80, x32) kills the process.
import errno
import sys

import seccomp

# No channel to anything outside the run: no socket of any family (loopback TCP, abstract Unix sockets, netlink).
# socketpair stays: its two ends are anonymous and connected to each other only (asyncio's event loop needs one).
# No kernel keyring (shared by every process of a uid), no tracing or reading another process's memory, no
# kernel-side programs or asynchronous I/O engines that could do the above behind the filter's back.
BASE = [
    "socket",
    "add_key", "keyctl", "request_key",
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp",
    "bpf", "perf_event_open", "userfaultfd", "fanotify_init",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "name_to_handle_at", "open_by_handle_at",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "reboot", "swapon", "swapoff", "acct", "syslog", "quotactl", "lookup_dcookie", "vhangup",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    # Free and shared memory, process count and load of the whole host: counters another run moves.
    "sysinfo",
]

# A program never changes what it can see: no mount, no namespace (by unshare, setns or clone's flags).
RUN_ONLY = [
    "mount", "umount2", "pivot_root", "chroot",
    "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "unshare", "setns",
]

# clone's namespace flags (CLONE_NEWTIME is left out: on clone, 0x80 is part of the exit signal).
CLONE_NAMESPACES = [0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000]


def build(profile):
    f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    f.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
    deny = seccomp.ERRNO(errno.EPERM)
    for name in BASE:
        f.add_rule(deny, name)
    if profile == "run":
        for name in RUN_ONLY:
            f.add_rule(deny, name)
        for flag in CLONE_NAMESPACES:
            f.add_rule(deny, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
        f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    return f


if __name__ == "__main__":
    profile = sys.argv[1] if len(sys.argv) > 1 else "run"
    if profile not in ("run", "server"):
        sys.exit("profil inconnu : %s" % profile)
    build(profile).export_bpf(sys.stdout)
