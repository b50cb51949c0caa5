// Sandboxed execution of untrusted Python 3 and R programs and maths-equivalence checks.
export * from './types';
