// The grading screen in a real browser (issue 31: « time from “suivant” to the next copy shown, p50 with 300 copies in
// the queue (target under 150 ms); the queue of a 300-student exam opens in under 1 s »). The built server on a fresh
// embedded database (demo data); through its API, a teacher writes an essay question and a file question (« Réponse
// par fichier »), publishes an exam of both, and N students (300) are created, sign in, start, answer (about 250 words;
// one PNG page drawn by the browser) and finish. Then Chromium (playwright-core), signed in as the teacher, opens the
// grading screen of the essay question OPENS times (navigation → the first copy's text in the page), moves NEXTS copies
// (100) with Alt + → (the screen's « Copie suivante » shortcut; key pressed → the next copy's number and text in the
// page, then the frame after it), then SAVES copies (30) with « Enregistrer et suivante » (points typed, Entrée: the
// mark saved, then the next copy shown), and FILE_NEXTS copies (30) of the file question (Alt + → → the next copy's
// image drawn). Times are taken inside the page (performance.now(), a MutationObserver), never by Node's clock.
// Usage: npm run build && npx tsx bench/grading/next-copy.ts   (N=300 OPENS=10 NEXTS=100 SAVES=30 FILE_NEXTS=30;
// FILE_NEXTS=0: no file question; HEADFUL=1 to watch)
import os from 'node:os';
import { chromium } from 'playwright-core';
import { login, startServer } from '../lib.mjs';

const N = Number(process.env.N ?? 300);
const OPENS = Number(process.env.OPENS ?? 10);
const NEXTS = Number(process.env.NEXTS ?? 100);
const SAVES = Number(process.env.SAVES ?? 30);
const FILE_NEXTS = Number(process.env.FILE_NEXTS ?? 30);
const PARALLEL = 4;
const PASSWORD = 'Etudiant-Correction-2026!';
const TARGET_NEXT_MS = 150;
const TARGET_OPEN_MS = 1000;

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number) => `${x.toFixed(0)} ms`;
const stats = (xs: number[]) => `p50 ${f(pct(xs, 50))}, p95 ${f(pct(xs, 95))}, max ${f(Math.max(...xs))} (${xs.length})`;
const WORDS = 'la moyenne de la série vaut trois et sa dispersion reste faible autour de cette valeur'.split(' ');
const essayText = (i: number) => `Réponse ${i} : ${Array.from({ length: 250 }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]).join(' ')}`;

async function call<T>(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const j = (await r.json()) as { data: T; message?: string };
  if (!r.ok) throw new Error(`${method} ${url} : ${r.status} ${j.message ?? ''} ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
}

/** In every page, before the app: what the bench reads (window.__bench). */
function pageProbe() {
  type Armed = { key: string; t0: number };
  const w = window as unknown as Record<string, unknown>;
  let armed: Armed | null = null;
  // The key pressed, seen first: a capture listener on window runs before the app's own.
  window.addEventListener('keydown', (e) => {
    if (armed && armed.t0 === 0 && e.key === armed.key) armed.t0 = performance.now();
  }, true);
  /** The copy shown: `copy` (any when null), its answer's text holding `prefix`, or (a file) its images drawn. */
  const copyShown = (copy: number | null, prefix: string | null) => {
    const el = document.querySelector('[data-testid="grading-copy"]');
    if (!el || (copy !== null && el.getAttribute('data-copy') !== String(copy))) return false;
    if (el.querySelector('[data-testid="grading-files"]')) {
      const imgs = [...el.querySelectorAll<HTMLImageElement>('[data-testid="answer-file-page"] img')];
      return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
    }
    const text = el.querySelector('[data-testid="grading-answer"]')?.textContent ?? '';
    return prefix === null ? text.length > 0 : text.includes(prefix);
  };
  /** Resolves with the times (since t0) the copy is in the DOM and the frame after it. */
  const watch = (startAt: () => number, copy: number | null, prefix: string | null) =>
    new Promise<{ dom: number; frame: number }>((resolve) => {
      let done = false;
      const check = () => {
        if (done || startAt() === 0 || !copyShown(copy, prefix)) return;
        done = true;
        const dom = performance.now();
        obs.disconnect();
        document.removeEventListener('load', check, true);
        // The frame that draws it: the next animation frame, then a task after its paint.
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve({ dom: dom - startAt(), frame: performance.now() - startAt() });
          ch.port2.postMessage(0);
        });
      };
      const obs = new MutationObserver(check);
      obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('load', check, true); // an image drawn
      check();
    });
  performance.setResourceTimingBufferSize(100_000);
  /** The last API call whose path matches `re` in this page: when it was asked (since the navigation), how long it took. */
  const timing = (re: RegExp) => {
    const e = performance.getEntriesByType('resource').findLast((r) => re.test(new URL(r.name).pathname)) as PerformanceResourceTiming | undefined;
    return e ? { start: e.startTime, ms: e.responseEnd - e.startTime, bytes: e.encodedBodySize } : null;
  };
  w.__bench = {
    /** From the navigation's start (performance.now() is 0 there) to the first copy shown: started with the page. */
    opened: location.pathname.endsWith('/grading') ? watch(() => 1e-9, null, null).then((r) => ({ ...r, queueApi: timing(/\/grading\/questions\/\d+$/), overviewApi: timing(/\/grading$/) })) : null,
    /** From the next press of `key` to `copy` shown. */
    next: (key: string, copy: number, prefix: string | null) => {
      const a: Armed = { key, t0: 0 };
      armed = a;
      return watch(() => a.t0, copy, prefix).then((r) => ({ ...r, save: timing(/\/copies\/\d+$/) })).finally(() => {
        if (armed === a) armed = null;
      });
    },
  };
}

type Shown = { dom: number; frame: number };
type Timing = { start: number; ms: number; bytes: number } | null;
type Opened = Shown & { queueApi: Timing; overviewApi: Timing };
type Probe = { opened: Promise<Opened> | null; next: (key: string, copy: number, prefix: string | null) => Promise<Shown & { save: Timing }> };
type Copy = { copy: number; text: string; mark: unknown };

async function main() {
  console.log(`Charge au début : ${load()} (${os.cpus().length} cœurs)`);
  const server = await startServer({ DATABASE_URL: '', REDIS_URL: '' });
  const { base } = server;
  const headful = process.env.HEADFUL === '1';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: !headful, args: [...(headful ? [] : ['--headless']), '--no-sandbox', '--disable-gpu'] });
  try {
    // ---- Seeding, through the API.
    const admin = await login(base, 'admin@univ.example', 'Admin123!');
    const teacher = await login(base, 'enseignant@univ.example', 'Enseignant123!');
    const exams = await call<Array<{ academic_year_id: number; title: string }>>(base, teacher, 'GET', '/api/admin/exams?per_page=100');
    const yearId = exams.find((e) => e.title.startsWith('Examen de démonstration'))!.academic_year_id;
    const specs = await call<Array<{ id: number }>>(base, teacher, 'GET', '/api/admin/specializations?per_page=100');
    const essay = await call<{ id: number }>(base, teacher, 'POST', '/api/admin/questions/create', {
      type: 'ESSAY',
      statement: '<p>Commentez la série de mesures : moyenne, dispersion, valeurs extrêmes.</p>',
      points: 4,
      essay: { word_limit: 400 },
    });
    const file =
      FILE_NEXTS > 0
        ? await call<{ id: number }>(base, teacher, 'POST', '/api/admin/questions/create', {
            type: 'FILE',
            statement: '<p>Photographiez votre tracé de la courbe.</p>',
            points: 4,
            file_answer: { accepted: ['PNG', 'JPEG', 'PDF'], max_files: 2, max_size_mb: 5, grader_info: null },
          })
        : null;
    const exam = await call<{ id: number }>(base, teacher, 'POST', '/api/admin/exams/create', {
      title: 'Partiel de statistique (banc de correction)',
      description: 'Mesure de l’écran de correction.',
      academic_year_id: yearId,
      specialization_ids: specs.map((s) => s.id),
      start_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      duration_minutes: 120,
      questions: [{ question_id: essay.id, points: 4 }, ...(file ? [{ question_id: file.id, points: 4 }] : [])],
    });
    await call(base, teacher, 'PUT', `/api/admin/exams/${exam.id}/update-status/PUBLISHED`);

    // One page of handwriting per student, drawn by the browser (a PNG of 900 × 1200 px).
    const drawer = await browser.newPage();
    const drawPage = async (i: number) =>
      Buffer.from(
        await drawer.evaluate((n) => {
          const c = document.createElement('canvas');
          c.width = 900;
          c.height = 1200;
          const g = c.getContext('2d')!;
          g.fillStyle = '#fbfbf7';
          g.fillRect(0, 0, c.width, c.height);
          g.strokeStyle = '#b8c8e0';
          for (let y = 80; y < c.height; y += 40) g.strokeRect(40, y, c.width - 80, 0);
          g.fillStyle = '#1a2a6c';
          g.font = 'italic 26px serif';
          g.fillText(`Copie ${n} — tracé de f(x) = x² − 3x + 2`, 60, 70);
          g.beginPath();
          for (let x = 0; x <= 700; x += 4) {
            const u = (x / 700) * 4 - 0.5;
            const y = 700 - (u * u - 3 * u + 2) * 120 + Math.sin(x / 9 + n) * 3;
            if (x === 0) g.moveTo(100 + x, y);
            else g.lineTo(100 + x, y);
          }
          g.lineWidth = 3;
          g.strokeStyle = '#1a2a6c';
          g.stroke();
          for (let k = 0; k < 8; k++) g.fillText(`Racines 1 et 2, minimum en x = 1,5 (ligne ${k + 1}, copie ${n}).`, 60, 880 + k * 40);
          return c.toDataURL('image/png').split(',')[1]!;
        }, i),
        'base64',
      );

    const seed0 = performance.now();
    let pngBytes = 0;
    const student = async (i: number) => {
      const email = `correction.etudiant${i}@univ.example`;
      await call(base, admin, 'POST', '/api/admin/users/create', {
        last_name: 'Correction',
        first_name: `Étudiant ${i}`,
        email,
        password: PASSWORD,
        role: 'STUDENT',
        student_number: `C${String(i).padStart(6, '0')}`,
        academic_year_id: yearId,
        specialization_ids: [specs[i % specs.length]!.id],
      });
      const { token } = await call<{ token: string }>(base, null, 'POST', '/api/users/login', { email, password: PASSWORD });
      await call(base, token, 'POST', `/api/student/exams/${exam.id}/start`, {});
      const answers: Array<{ question_id: number; answer: unknown }> = [{ question_id: essay.id, answer: { text: essayText(i) } }];
      if (file) {
        const png = await drawPage(i);
        pngBytes += png.length;
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `trace-${i}.png`);
        const up = await call<{ id: number }>(base, token, 'POST', `/api/student/exams/${exam.id}/questions/${file.id}/files`, form);
        answers.push({ question_id: file.id, answer: { files: [up.id] } });
      }
      await call(base, token, 'POST', `/api/student/exams/${exam.id}/solutions`, { answers });
      await call(base, token, 'POST', `/api/student/exams/${exam.id}/finish`);
    };
    let nextStudent = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (nextStudent < N) {
          const i = nextStudent++;
          await student(i);
          if ((i + 1) % 50 === 0) console.log(`  ${i + 1} étudiants ont répondu`);
        }
      }),
    );
    await drawer.close();
    const seedS = ((performance.now() - seed0) / 1000).toFixed(0);
    console.log(`${N} étudiants créés, connectés, ayant répondu et terminé par l’API en ${seedS} s${file ? ` (une page PNG chacun, ${(pngBytes / N / 1024).toFixed(0)} Kio en moyenne)` : ''}`);

    // The queue as the teacher sees it (the screen's order): each copy's number and the start of its text.
    const queueOf = async (q: number) => (await call<{ copies: Copy[] }>(base, teacher, 'GET', `/api/admin/exams/${exam.id}/grading/questions/${q}`)).copies;
    const essayQueue = await queueOf(essay.id);
    if (essayQueue.length !== N) throw new Error(`la file a ${essayQueue.length} copies, ${N} attendues`);
    const prefixOf = (c: Copy) => c.text.slice(0, 12);

    // ---- The browser, signed in as the teacher (the token in the app's storage, as the e2e tests do).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', reducedMotion: 'reduce' });
    await context.addInitScript((t) => {
      if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', t);
    }, teacher);
    // As a string: the function's source as written (no helper of the TypeScript loader in it).
    await context.addInitScript({ content: `var __name = (f) => f; (${pageProbe.toString()})();` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    /** Opens the screen of question q `times` times: navigation → the first copy shown (text, or image drawn). */
    const opens = async (q: number, times: number) => {
      const all: Opened[] = [];
      for (let r = 0; r < times; r++) {
        await page.goto(`${base}/dashboard/exam-results/${exam.id}/grading?question=${q}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => (window as unknown as { __bench?: Probe }).__bench?.opened).catch((e: Error) => {
          throw new Error(`${e.message} ; ${page.url()} ; erreurs de la page : ${errors.join(' | ') || 'aucune'}`);
        });
        all.push(await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench.opened!));
      }
      return all;
    };
    /** Moves `count` copies from index `from` of `queue` by pressing `key` (Alt + → or Entrée), `before` each press. */
    const moves = async (queue: Copy[], from: number, count: number, key: 'ArrowRight' | 'Enter', withPrefix: boolean, before?: () => Promise<void>) => {
      const shown: Array<Shown & { save: Timing }> = [];
      for (let k = 1; k <= count && from + k < queue.length; k++) {
        const c = queue[from + k]!;
        if (before) await before();
        await page.evaluate(
          ({ key, copy, prefix }) => {
            const w = window as unknown as { __bench: Probe; __next: Promise<Shown> };
            w.__next = w.__bench.next(key, copy, prefix);
          },
          { key, copy: c.copy, prefix: withPrefix ? prefixOf(c) : null },
        );
        await page.keyboard.press(key === 'ArrowRight' ? 'Alt+ArrowRight' : 'Enter');
        shown.push(await page.evaluate(() => (window as unknown as { __next: Promise<Shown & { save: Timing }> }).__next));
      }
      return shown;
    };

    // (a) Opening the essay queue (the first open also loads the app's code: counted apart).
    const [cold, ...warm] = await opens(essay.id, OPENS + 1);
    // (b) Alt + → (« Copie suivante ») NEXTS times, from the first copy.
    const nexts = await moves(essayQueue, 0, NEXTS, 'ArrowRight', true);
    // (c) « Enregistrer et suivante »: points typed in the field (it has the focus on each copy), then Entrée.
    const saves = await moves(essayQueue, NEXTS, SAVES, 'Enter', true, () => page.getByTestId('grading-points').fill('2,5'));
    const marked = (await queueOf(essay.id)).filter((c) => c.mark).length;
    if (marked !== saves.length) throw new Error(`${marked} copies notées en base, ${saves.length} attendues`);

    // (d) The file question: the same screen, each copy's image fetched and drawn.
    let fileOpens: Opened[] = [];
    let fileNexts: Shown[] = [];
    if (file) {
      const fileQueue = await queueOf(file.id);
      fileOpens = await opens(file.id, Math.max(3, Math.ceil(OPENS / 2)));
      fileNexts = await moves(fileQueue, 0, FILE_NEXTS, 'ArrowRight', false);
    }
    if (errors.length) console.log(`Erreurs de la page : ${errors.join(' | ')}`);

    // ---- Figures.
    const api = warm.flatMap((o) => (o.queueApi ? [o.queueApi] : []));
    console.log('');
    console.log(`Écran de correction, question rédigée, file de ${essayQueue.length} copies (Chromium sans tête, 1280 × 900) :`);
    console.log(`  ouverture (navigation → texte de la première copie dans la page) : première ${f(cold!.dom)} (code de l’application chargé), puis ${stats(warm.map((o) => o.dom))} ; image suivante ${stats(warm.map((o) => o.frame))}`);
    const over = warm.flatMap((o) => (o.overviewApi ? [o.overviewApi] : []));
    if (over.length) console.log(`    dont la vue d’ensemble de la correction par l’API : ${stats(over.map((a) => a.ms))}, demandée ${f(pct(over.map((a) => a.start), 50))} (p50) après le début de la navigation`);
    if (api.length) console.log(`    puis la file par l’API (${(api[0]!.bytes / 1024).toFixed(0)} Kio) : ${stats(api.map((a) => a.ms))}, demandée ${f(pct(api.map((a) => a.start), 50))} (p50) après le début de la navigation`);
    console.log(`  Alt + → « Copie suivante » (touche → numéro et texte de la copie suivante dans la page) : ${stats(nexts.map((s) => s.dom))}`);
    console.log(`    jusqu’à l’image suivante (requestAnimationFrame puis une tâche) : ${stats(nexts.map((s) => s.frame))}`);
    console.log(`  « Enregistrer et suivante » (Entrée dans les points → note enregistrée, copie suivante dans la page) : ${stats(saves.map((s) => s.dom))} ; image suivante ${stats(saves.map((s) => s.frame))}`);
    const puts = saves.flatMap((s) => (s.save ? [s.save.ms] : []));
    if (puts.length) console.log(`    dont l’enregistrement de la note par l’API (PUT …/copies/{n}, vu par la page) : ${stats(puts)}`);
    if (file) {
      console.log('Question « Réponse par fichier » (une page PNG par copie) :');
      console.log(`  ouverture (navigation → image de la première copie dessinée) : ${stats(fileOpens.map((o) => o.dom))}`);
      console.log(`  Alt + → (touche → image de la copie suivante chargée) : ${stats(fileNexts.map((s) => s.dom))} ; image suivante ${stats(fileNexts.map((s) => s.frame))}`);
    }
    const nextP50 = pct(nexts.map((s) => s.frame), 50);
    const openP50 = pct(warm.map((o) => o.frame), 50);
    console.log('');
    console.log(`Objectif « suivante » p50 < ${TARGET_NEXT_MS} ms (jusqu’à l’image suivante) : ${f(nextP50)} — ${nextP50 < TARGET_NEXT_MS ? 'atteint' : 'MANQUÉ'}`);
    console.log(`Objectif : la file de ${essayQueue.length} copies ouverte en moins de ${TARGET_OPEN_MS} ms (p50, jusqu’à l’image) : ${f(openP50)} — ${openP50 < TARGET_OPEN_MS ? 'atteint' : 'MANQUÉ'}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    console.log(`Charge à la fin : ${load()}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
