// API figures: cold start, idle RSS, profile and helper throughput on PGlite and PostgreSQL,
// and the JavaScript a visitor downloads before the login page is usable.
// Usage: npm run build && node bench/api/run.mjs   (DURATION=10 CONNECTIONS=50 to change the load)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { autocannon, fmt, freshPg, login, root, startServer } from '../lib.mjs';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function measure(label, env) {
  // First start creates the database; the figures below are taken after a restart, as in production.
  const first = await startServer(env);
  const firstStartMs = first.startMs;
  await first.stop({ keepData: true });
  const server = await startServer(env, { dataDir: first.dataDir });
  try {
    const token = await login(server.base, 'admin@univ.example', 'Admin123!');
    await new Promise((r) => setTimeout(r, 1500));
    const idleRss = server.rssMb();
    const auth = { authorization: `Bearer ${token}` };
    await autocannon(`${server.base}/api/admin/users/profile`, { connections, duration: 2, headers: auth }); // warm-up
    const profile = await autocannon(`${server.base}/api/admin/users/profile`, { connections, duration, headers: auth });
    const helper = await autocannon(`${server.base}/api/helper`, { connections, duration });
    const loadedRss = server.rssMb();
    return { label, firstStartMs, startMs: server.startMs, idleRss, loadedRss, profile, helper };
  } finally {
    await server.stop();
  }
}

/** Sums the gzipped size of every script the browser fetches until the login form is shown. */
async function loginPageJs() {
  const server = await startServer({});
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.base}/auth/login`);
    await page.getByRole('button', { name: /connexion|se connecter/i }).first().waitFor({ timeout: 15000 });
    let gz = 0;
    let raw = 0;
    for (const p of scripts) {
      const file = path.join(root, 'apps/web/dist', p);
      if (!fs.existsSync(file)) continue;
      const buf = fs.readFileSync(file);
      raw += buf.length;
      gz += zlib.gzipSync(buf, { level: 9 }).length;
    }
    return { files: scripts.size, rawKb: raw / 1024, gzKb: gz / 1024 };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const only = process.env.ONLY; // 'pglite' or 'pg' to measure one database
const results = only === 'pg' ? [] : [await measure('PGlite (embarquée)', {})];
if (only === 'pglite') {
  /* PostgreSQL skipped on request */
} else {
  const db = await freshPg(pgBase, 'api');
  if (db) {
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: db.url }));
    } finally {
      await db.drop();
    }
  } else {
    console.log(`PostgreSQL injoignable (${pgBase}) : mesure PostgreSQL sautée.`);
  }
}

console.log(`\nCharge : ${connections} connexions, ${duration} s, autocannon dans un second processus, boucle locale.\n`);
console.log('| base | premier démarrage (création) | démarrage à froid | RSS au repos | RSS après charge | profile req/s | p50 | p99 | helper req/s | p50 | p99 |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.label} | ${fmt(r.firstStartMs / 1000, 2)} s | ${fmt(r.startMs / 1000, 2)} s | ${fmt(r.idleRss, 0)} Mo | ${fmt(r.loadedRss, 0)} Mo | ${r.profile.rps} | ${r.profile.p50} ms | ${r.profile.p99} ms | ${r.helper.rps} | ${r.helper.p50} ms | ${r.helper.p99} ms |`,
  );
  if (r.profile.errors || r.helper.errors) console.log(`  (erreurs : profile ${r.profile.errors}, helper ${r.helper.errors})`);
}
try {
  const js = await loginPageJs();
  console.log(`\nJavaScript avant la page de connexion utilisable : ${js.files} fichiers, ${fmt(js.rawKb, 0)} Ko bruts, ${fmt(js.gzKb, 0)} Ko gzip.`);
} catch (err) {
  console.log(`\nMesure du JavaScript de la page de connexion impossible : ${err.message}`);
}
