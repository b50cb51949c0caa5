// The seccomp filters of every sandbox, compiled once at start-up from seccomp_filter.py (libseccomp's Python
// bindings, Debian package python3-seccomp): bubblewrap loads them from a descriptor, the fork server's runs load
// theirs themselves.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PYTHON_PATH } from './paths';

export const SECCOMP_FILTER_FILE = path.join(import.meta.dirname, 'seccomp_filter.py');

/** BPF programs: `run` for every program, `server` for the fork server itself (its runs add `run`). */
export interface SeccompFilters {
  run: Buffer;
  server: Buffer;
}

/** Compiles both filters; throws an Error whose French message names what is missing. */
export function compileSeccomp(): SeccompFilters {
  const compile = (profile: 'run' | 'server') => {
    const r = spawnSync(PYTHON_PATH, ['-I', '-B', SECCOMP_FILTER_FILE, profile], { env: {}, timeout: 20_000 });
    if (r.status !== 0 || !r.stdout?.length || r.stdout.length % 8 !== 0) {
      const why = (r.stderr?.toString() || r.error?.message || '').trim().split('\n').pop() ?? '';
      if (/No module named .?seccomp/.test(why)) throw new Error('il manque le module Python seccomp (paquet python3-seccomp)');
      throw new Error(`le filtre seccomp n’a pas pu être compilé (${why || `code ${r.status}`}, ${SECCOMP_FILTER_FILE})`);
    }
    return r.stdout;
  };
  return { run: compile('run'), server: compile('server') };
}
