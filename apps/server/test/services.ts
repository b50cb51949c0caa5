// A PostgreSQL and a Redis of a test's own (Debian's binaries, a temporary folder, a loopback port), so that fault
// tests can stop, kill and restart them without touching the machine's servers.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const pgBinDir = (() => {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin/pg_ctl')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
})();
// PostgreSQL refuses to run as root: as root, the server runs as Debian's `postgres` user.
const asRoot = process.getuid?.() === 0;
const pgUser = asRoot ? (spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : undefined) : 'self';
const REDIS = '/usr/bin/redis-server';

/** Why the own PostgreSQL cannot start here (undefined: it can). */
export const postgresMissing = !pgBinDir ? 'PostgreSQL (paquet postgresql) absent' : !pgUser ? 'utilisateur postgres absent' : undefined;
/** Why the own Redis cannot start here (undefined: it can). */
export const redisMissing = fs.existsSync(REDIS) ? undefined : 'Redis (paquet redis-server) absent';

export interface OwnPostgres {
  url: string;
  port: number;
  /** Starts the server (again) and waits until it accepts connections. */
  start(): void;
  /** Stops the server: `fast` closes every connection at once. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Stops it and deletes its folder. */
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-own-pg-'));
  fs.chmodSync(dir, 0o755);
  if (asRoot) execFileSync('chown', [pgUser!, dir]);
  const run = (bin: string, args: string[]) => {
    const argv = [path.join(pgBinDir!, bin), ...args];
    return asRoot ? execFileSync('runuser', ['-u', pgUser!, '--', ...argv], { stdio: 'pipe' }) : execFileSync(argv[0], argv.slice(1), { stdio: 'pipe' });
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      void run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']),
    stop: (mode = 'fast') => void run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    destroy: () => {
      try {
        pg.stop('immediate');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

export interface OwnRedis {
  url: string;
  /** Starts the server (again) on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Stops the server (SIGTERM) and waits for its end. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-own-redis-'));
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => s.write('PING\r\n'));
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      s.once('error', () => resolve(false));
    });
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      // As the machine's: nothing kept on disk, so a restart loses every key (the hardest case).
      proc = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await answers()); i++) await new Promise((r) => setTimeout(r, 50));
    },
    stop: async () => {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      const ended = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await ended;
    },
    destroy: async () => {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

export interface LocalCluster {
  /** nginx's address. */
  url: string;
  /** What the cluster printed so far (its processes' logs included). */
  output(): string;
  /** Resolves with the cluster's exit code when it ends. */
  exited: Promise<number | null>;
  /** Stops it (SIGTERM) and waits for its end, at most `ms`. */
  stop(ms?: number): Promise<void>;
}

/**
 * Starts `npm run cluster` (scripts/cluster.mjs, from the built server) with `env` on top of this process's
 * environment, and resolves once it says it is ready.
 */
export async function startLocalCluster(env: Record<string, string>): Promise<LocalCluster> {
  const root = path.resolve(import.meta.dirname, '../../..');
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    const b = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
    if (b.status !== 0) throw new Error('server build failed');
  }
  const proc = spawn(process.execPath, ['scripts/cluster.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  proc.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      output += d;
      const m = /Grappe prête sur (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
  });
  return {
    url,
    output: () => output,
    exited,
    stop: async (ms = 30_000) => {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, ms))]);
    },
  };
}
