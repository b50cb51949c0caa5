// Sandboxed execution of untrusted Python 3 and R programs and maths-equivalence checks.
export * from './types';
export * from './verdict';
export * from './sandbox';
export * from './pool';
export * from './wallclock';
export * from './math';
export * from './embedded';
export * from './queue';
export * from './judge';
export * from './warm';
export * from './child-process-runner';
export * from './python-fork-server-host';
export * from './cgroups';
export * from './seccomp';
