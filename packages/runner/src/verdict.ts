// Turns a raw sandboxed run into a verdict, and compares outputs the way exams and practice do.
import type { ExecResult, Verdict } from '@exam/shared';
import type { RawRun } from './sandbox';
import type { RunLimits } from './types';

/** Trailing spaces of every line and the final newline(s) are ignored; Windows line ends count as \n. */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}

const formatSeconds = (ms: number) => (ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });

const decoder = () => new TextDecoder('utf-8', { fatal: false });

const MEMORY_PATTERNS = [
  /\bMemoryError\b/,
  /cannot allocate vector of size/i,
  /cannot allocate memory block/i,
  /vector memory (exhausted|limit)/i,
  /std::bad_alloc/,
  /Cannot allocate memory/,
  /memory exhausted/i,
];

export function classify(raw: RawRun, expectedOutput?: string, limits?: RunLimits): ExecResult {
  const stdout = decoder().decode(raw.stdout);
  let stderr = decoder().decode(raw.stderr);
  let verdict: Verdict;
  if (raw.outputExceeded) {
    verdict = 'OUTPUT_LIMIT';
    const cap = limits ? ` (${Math.round(limits.outputBytes / 1024)} Kio)` : '';
    stderr += `${stderr && !stderr.endsWith('\n') ? '\n' : ''}[Sortie tronquée : limite de taille atteinte${cap}.]`;
  } else if (raw.memoryExceeded) {
    // Killed by the kernel for lack of memory (the run's processes together): said, since nothing else would say it.
    verdict = 'MEMORY_LIMIT';
    const cap = limits ? ` (${limits.memoryMb} Mio)` : '';
    stderr += `${stderr && !stderr.endsWith('\n') ? '\n' : ''}[Programme arrêté : limite de mémoire atteinte${cap}.]`;
  } else if (
    raw.timedOut ||
    raw.signal === 'SIGXCPU' ||
    // The hard CPU limit (one second above the soft one) ends in SIGKILL: judged on the CPU used where it is counted.
    (raw.signal === 'SIGKILL' && limits !== undefined && (raw.cpuMs ?? raw.durationMs) >= limits.cpuSeconds * 1000)
  ) {
    verdict = 'TIME_LIMIT';
    if (raw.idle) {
      // Stopped by the wall clock while it waited without computing (wallclock.ts): said, since its CPU was not used up.
      const wall = limits ? ` (${formatSeconds(limits.wallMs)} s)` : '';
      stderr += `${stderr && !stderr.endsWith('\n') ? '\n' : ''}[Programme arrêté : délai d’attente dépassé${wall} sans calculer (sommeil ou lecture bloquée).]`;
    }
  } else if (MEMORY_PATTERNS.some((re) => re.test(stderr))) {
    verdict = 'MEMORY_LIMIT';
  } else if (raw.exitCode !== 0 || raw.signal) {
    verdict = 'RUNTIME_ERROR';
  } else if (expectedOutput !== undefined && !outputsMatch(stdout, expectedOutput)) {
    verdict = 'WRONG_ANSWER';
  } else {
    verdict = 'OK';
  }
  return { verdict, stdout, stderr, exit_code: raw.exitCode, duration_ms: raw.durationMs };
}
