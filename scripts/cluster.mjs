// `npm run cluster`: the product as a university runs it, on one machine, in the foreground.
// nginx (Debian's, as the current user, on 127.0.0.1:PORT) in front of API_PROCESSES API processes on free
// loopback ports, RUNNER_WORKERS runner workers fed through Redis, PostgreSQL behind. Migrations run once,
// before the API processes start. Ctrl+C or SIGTERM stops everything.
//
// A process that dies unexpectedly is said so and restarted after a second (as systemd's Restart=always
// does in production, deploy/systemd); one that dies 5 times within a minute stops the whole cluster.
// CLUSTER_RESTART=0 stops the whole cluster at the first unexpected death instead.
//
// For tests and measurements: the cluster writes its state (address, PIDs and ports of nginx, of each API
// process and of each runner worker, kept up to date across restarts) to CLUSTER_STATE (default
// <working folder>/cluster.json) and prints that path; nginx adds an X-Exam-Upstream header naming the API
// process that answered, and logs it in <working folder>/access.log.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const log = (msg) => console.log(`[grappe] ${msg}`);
const fail = (msg) => {
  console.error(`[grappe] ${msg}`);
  process.exit(1);
};

const intEnv = (name, def, min, max) => {
  const raw = env[name] ?? '';
  if (raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »).`);
  return n;
};

if (!env.DATABASE_URL) fail('DATABASE_URL est obligatoire (par exemple postgres://postgres@127.0.0.1:5432/examens) : la grappe partage une base PostgreSQL.');
if (!env.REDIS_URL) fail('REDIS_URL est obligatoire (par exemple redis://127.0.0.1:6379) : présence, limites et file d’exécution passent par Redis.');
const NGINX = env.NGINX_BIN || '/usr/sbin/nginx';
if (!fs.existsSync(NGINX)) fail(`nginx est introuvable (${NGINX}) : installez-le (apt-get install nginx) ou indiquez NGINX_BIN.`);
const serverDist = path.join(root, 'apps/server/dist');
if (!fs.existsSync(path.join(serverDist, 'main.js'))) fail('Le serveur n’est pas construit : lancez « npm run build » (ou « npm run cluster », qui le fait).');

const PORT = intEnv('PORT', 8080, 1, 65535);
const API_PROCESSES = intEnv('API_PROCESSES', 2, 1, 32);
const RUNNER_WORKERS = intEnv('RUNNER_WORKERS', 2, 0, 32);
const RESTART = (env.CLUSTER_RESTART ?? '1') !== '0';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-cluster-'));
// nginx's workers (user nobody when started as root) write their temporary files under it.
fs.chmodSync(workDir, 0o755);
const stateFile = path.resolve(env.CLUSTER_STATE || path.join(workDir, 'cluster.json'));
const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data-cluster'));
fs.mkdirSync(dataDir, { recursive: true });
const url = `http://127.0.0.1:${PORT}`;

/** Environment of every API process and runner worker. */
const childEnv = {
  ...env,
  NODE_ENV: env.NODE_ENV || 'production',
  DATA_DIR: dataDir,
  RUNNER_MODE: 'queue',
  HOST: '127.0.0.1',
  TRUST_PROXY: '127.0.0.1',
  // Demo data, when asked for, is written once below, not by every API process.
  DEMO: '0',
};

const children = new Map(); // name -> { name, kind, port?, proc, restarts: number[] }
let stopping = false;
let ready = false;

function writeState() {
  const pick = (kind) =>
    [...children.values()].filter((c) => c.kind === kind).map((c) => ({ name: c.name, pid: c.proc?.pid ?? null, port: c.port, restarts: c.restarts.length }));
  const state = { url, pid: process.pid, workDir, dataDir, nginx: pick('nginx')[0] ?? null, api: pick('api'), runners: pick('runner') };
  fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(state, null, 2));
  fs.renameSync(`${stateFile}.tmp`, stateFile);
}

function prefixLines(stream, name, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
}

function spawnChild(c) {
  const proc = spawn(c.cmd, c.args, { env: c.env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  c.proc = proc;
  c.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  prefixLines(proc.stdout, c.name, process.stdout);
  prefixLines(proc.stderr, c.name, process.stderr);
  if (c.onLine) readline.createInterface({ input: proc.stdout }).on('line', c.onLine);
  proc.once('exit', (code, signal) => onExit(c, code, signal));
  proc.once('error', (err) => console.error(`[grappe] ${c.name} : ${err.message}`));
  if (ready) writeState();
  return proc;
}

function onExit(c, code, signal) {
  if (stopping) return;
  const how = signal ? `signal ${signal}` : `code ${code}`;
  const now = Date.now();
  c.restarts = c.restarts.filter((t) => now - t < 60_000);
  if (!RESTART || !ready) {
    console.error(`[grappe] ${c.name} (pid ${c.proc.pid}) s’est arrêté de façon inattendue (${how}) : arrêt de la grappe.`);
    void stopAll(1);
    return;
  }
  if (c.restarts.length >= 5) {
    console.error(`[grappe] ${c.name} s’est arrêté 5 fois en une minute (${how}) : arrêt de la grappe.`);
    void stopAll(1);
    return;
  }
  c.restarts.push(now);
  console.error(`[grappe] ${c.name} (pid ${c.proc.pid}) s’est arrêté de façon inattendue (${how}) : redémarrage dans 1 s.`);
  setTimeout(() => {
    if (stopping) return;
    const proc = spawnChild(c);
    log(`${c.name} redémarré (pid ${proc.pid}).`);
  }, 1000);
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  log('Arrêt de la grappe…');
  const running = [...children.values()].filter((c) => c.proc && c.proc.exitCode === null && c.proc.signalCode === null);
  // nginx first (no new requests), then the API processes and the runner workers, each given 15 s to finish.
  const order = [...running.filter((c) => c.kind === 'nginx'), ...running.filter((c) => c.kind !== 'nginx')];
  for (const c of order) c.proc.kill('SIGTERM');
  await Promise.all(
    order.map(async (c) => {
      const timer = setTimeout(() => {
        console.error(`[grappe] ${c.name} ne s’arrête pas : SIGKILL.`);
        c.proc.kill('SIGKILL');
      }, 15_000);
      await c.exited;
      clearTimeout(timer);
    }),
  );
  fs.rmSync(workDir, { recursive: true, force: true });
  if (!stateFile.startsWith(workDir)) fs.rmSync(stateFile, { force: true });
  log('Grappe arrêtée.');
  process.exit(exitCode);
}

process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));
// Last resort (an exception in this script): never leave a child behind.
process.on('exit', () => {
  for (const c of children.values()) if (c.proc && c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
});

function runOnce(name, args) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { env: { ...childEnv, DEMO: env.DEMO ?? '0' }, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixLines(proc.stdout, name, process.stdout);
    prefixLines(proc.stderr, name, process.stderr);
    proc.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} a échoué (code ${code}).`))));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHttp(target, what, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping) {
    try {
      const res = await fetch(`${target}/api/helper`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not answering yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} ne répond pas après ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** nginx's configuration: the site's upstream and a loopback server including deploy/nginx/exam-proxy.conf. */
function nginxConfig(apiPorts) {
  // Same passive health-check parameters as the production site (deploy/nginx/exam.conf).
  const site = fs.readFileSync(path.join(root, 'deploy/nginx/exam.conf'), 'utf8');
  const params = /^\s*server 127\.0\.0\.1:\d+ ([^;]*);/m.exec(site)?.[1] ?? 'max_fails=2 fail_timeout=10s';
  const tmp = (n) => path.join(workDir, 'tmp', n);
  return `# Generated by scripts/cluster.mjs for a local cluster; do not edit.
worker_processes auto;
worker_rlimit_nofile 16384;
daemon off;
master_process on;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 8192; }
http {
  default_type application/octet-stream;
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  log_format exam '$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent upstream=$upstream_addr $request_time';
  access_log ${workDir}/access.log exam;
  upstream exam_api {
    least_conn;
${apiPorts.map((p) => `    server 127.0.0.1:${p} ${params};`).join('\n')}
    keepalive 32;
    keepalive_timeout 8s;
  }
  server {
    listen 127.0.0.1:${PORT};
    server_name localhost;
    # Local cluster only: which API process answered (tests and measurements read it).
    add_header X-Exam-Upstream $upstream_addr always;
    include ${path.join(root, 'deploy/nginx/exam-proxy.conf')};
  }
}
`;
}

async function main() {
  log(`Dossier de travail : ${workDir} ; fichiers déposés : ${dataDir}`);
  log('Migration de la base (une seule fois, avant les processus de l’API)…');
  await runOnce('migration', [path.join(serverDist, 'main.js'), 'migrate']);
  if (env.DEMO === '1') await runOnce('démo', [path.join(serverDist, 'demo.js')]);

  const runnersReady = [];
  for (let i = 1; i <= RUNNER_WORKERS; i++) {
    let signalReady;
    runnersReady.push(new Promise((r) => (signalReady = r)));
    const c = {
      name: `runner-${i}`,
      kind: 'runner',
      cmd: process.execPath,
      args: [path.join(serverDist, 'runner-worker.js')],
      // The workers of one machine share its cores: together never more runs at once than cores (RUNNER_SLOTS).
      env: { ...childEnv, RUNNER_SLOTS: env.RUNNER_SLOTS || String(Math.max(1, Math.floor(os.availableParallelism() / RUNNER_WORKERS))) },
      restarts: [],
      onLine: (line) => line.includes('Processus d’exécution prêt') && signalReady(),
    };
    children.set(c.name, c);
    spawnChild(c);
  }
  const apiPorts = [];
  for (let i = 1; i <= API_PROCESSES; i++) {
    const port = await freePort();
    apiPorts.push(port);
    const c = { name: `api-${i}`, kind: 'api', port, cmd: process.execPath, args: [path.join(serverDist, 'main.js')], env: { ...childEnv, PORT: String(port) }, restarts: [] };
    children.set(c.name, c);
    spawnChild(c);
  }
  await Promise.all(apiPorts.map((p, i) => waitHttp(`http://127.0.0.1:${p}`, `api-${i + 1}`)));
  await Promise.race([
    Promise.all(runnersReady),
    new Promise((_, reject) => setTimeout(() => reject(new Error('Les processus d’exécution ne sont pas prêts après 90 s.')), 90_000)),
  ]);

  const conf = path.join(workDir, 'nginx.conf');
  fs.mkdirSync(path.join(workDir, 'tmp'), { recursive: true });
  fs.writeFileSync(conf, nginxConfig(apiPorts));
  const nginx = { name: 'nginx', kind: 'nginx', port: PORT, cmd: NGINX, args: ['-p', workDir, '-c', conf, '-e', path.join(workDir, 'error.log')], env, restarts: [] };
  children.set('nginx', nginx);
  spawnChild(nginx);
  await waitHttp(url, 'nginx');

  ready = true;
  writeState();
  const pids = [...children.values()].map((c) => `${c.name}=${c.proc.pid}${c.port ? `:${c.port}` : ''}`).join(' ');
  log(`Processus : ${pids}`);
  log(`État (PID, ports) : ${stateFile}`);
  log(`Grappe prête sur ${url}  (${API_PROCESSES} processus API, ${RUNNER_WORKERS} processus d’exécution ; Ctrl+C pour arrêter)`);
}

main().catch((err) => {
  console.error(`[grappe] ${err instanceof Error ? err.message : err}`);
  void stopAll(1);
});
