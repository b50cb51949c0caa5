// Grading figures of the kinds that run no sandbox (issue 29: « grading a matching or cloze answer, p50 through the
// API »): for every kind of the server's kind table whose grade needs no runner (`usesRunner: false`) and no person
// (`humanGraded`), one question of the kind saved through the API, then its answer graded N times through
// POST /api/admin/questions/{id}/preview (the one grading service, as an exam answer or a practice try) on the built
// server; p50 and p99 per kind, with GET /api/helper in the same run as the floor of an authenticated API call.
// A kind of the table without an example below is named in the output (« pas d’exemple »), and a kind whose example
// its rules refuse (its shape changed) is named with the reason: add or mend its question and answer in SAMPLES
// (keyed by the kind's name, so that an example may wait for its kind to join the table).
// Usage: npm run build && npx tsx bench/grading/kinds.ts   (N=200 PAUSE_MS=5 to change)
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { QUESTION_KINDS, type Question, type QuestionKind } from '@exam/shared';
import { serverKind } from '../../apps/server/src/features/question-kinds/index';
import { login, startServer } from '../lib.mjs';

const N = Number(process.env.N ?? 200);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 5);

interface Sample {
  /** The body of questions/create. */
  question: Record<string, unknown>;
  /** A right answer to the saved question (its ids are the saved rows'). */
  answer: (q: Question) => unknown;
}

/** One question and its right answer per kind graded without the sandbox. */
const SAMPLES: Record<string, Sample | undefined> = {
  QCM: {
    question: {
      type: 'QCM',
      statement: '<p>Quelle est la complexité du tri fusion ?</p>',
      possible_solutions: [
        { content: 'O(n log n)', is_correct: 1 },
        { content: 'O(n²)', is_correct: 0 },
        { content: 'O(n)', is_correct: 0 },
      ],
    },
    answer: (q) => q.possible_solutions.filter((p) => p.is_correct === 1).map((p) => p.id),
  },
  EXACT: {
    question: { type: 'EXACT', statement: '<p>Nom antique de Paris ?</p>', possible_solutions: [{ content: 'Lutèce' }, { content: 'Lutetia' }] },
    answer: () => ' lutece ',
  },
  MATCHING: {
    question: {
      type: 'MATCHING',
      statement: '<p>Associez chaque loi à son espérance.</p>',
      scoring: 'PARTIAL',
      possible_solutions: [
        { content: 'Bernoulli(p)', expected_output: 'p' },
        { content: 'Binomiale(n, p)', expected_output: 'np' },
        { content: 'Poisson(λ)', expected_output: 'λ' },
        { content: 'Exponentielle(λ)', expected_output: '1/λ' },
        { content: 'Uniforme(a, b)', expected_output: '(a+b)/2' },
        { content: '', expected_output: 'n(1-p)' },
      ],
    },
    answer: (q) => q.possible_solutions.filter((p) => p.content !== '').map((p) => ({ item_id: p.id, answer: p.expected_output })),
  },
  ORDERING: {
    question: {
      type: 'ORDERING',
      statement: '<p>Rangez les étapes d’une analyse statistique.</p>',
      scoring: 'PARTIAL',
      possible_solutions: ['Collecter', 'Nettoyer', 'Explorer', 'Modéliser', 'Valider', 'Communiquer'].map((content) => ({ content })),
    },
    // Each row's key (its `expected_output`), in the right order.
    answer: (q) => q.possible_solutions.map((p) => Number(p.expected_output.trim())),
  },
  CLOZE: {
    question: {
      type: 'CLOZE',
      statement: '<p>La capitale de la France est {1}, traversée par la {2} ; π vaut environ {3}.</p>',
      possible_solutions: [
        { stdin: 'CHOICE', expected_output: 'Paris', content: 'Lyon\nMarseille' },
        { stdin: 'SHORT', expected_output: 'Seine' },
        { stdin: 'NUMBER', expected_output: '3.14', content: '0,01' },
      ],
    },
    answer: () => ['Paris', 'seine', '3,14'],
  },
};

/** The kinds measured: every kind of the table graded without the sandbox nor a person, in the table's order. */
const KINDS = QUESTION_KINDS.filter((k) => {
  const kind = serverKind(k) as { usesRunner: boolean; humanGraded?: boolean };
  return !kind.usesRunner && !kind.humanGraded;
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `charge ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`;
  }
};

const loadStart = uptime();
const server = await startServer();
const stop = () => server.stop();
process.once('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  const token = await login(server.base, 'enseignant@univ.example', 'Enseignant123!');
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { message: string; data?: unknown };
    if (r.status !== 200) throw new Error(`${method} ${url} refusé (${r.status}) : ${json.message}`);
    return json.data;
  };

  const measured: Array<{ kind: QuestionKind; run: () => Promise<unknown> }> = [];
  const missing: string[] = [];
  for (const kind of KINDS) {
    const sample = SAMPLES[kind];
    if (!sample) {
      missing.push(`${kind} (pas d’exemple)`);
      continue;
    }
    const run = async (q: Question) => {
      const d = (await call('POST', `/api/admin/questions/${q.id}/preview`, { answer: sample.answer(q) })) as { result: { is_valid: boolean; details: unknown } };
      if (!d.result.is_valid) throw new Error(`réponse jugée fausse (${JSON.stringify(d.result.details)})`);
    };
    try {
      const q = (await call('POST', '/api/admin/questions/create', sample.question)) as Question;
      await run(q);
      measured.push({ kind, run: () => run(q) });
    } catch (err) {
      missing.push(`${kind} (exemple refusé : ${err instanceof Error ? err.message : String(err)})`);
    }
  }
  const steps: Array<{ name: string; run: () => Promise<unknown> }> = [
    { name: 'GET /api/helper (plancher)', run: () => call('GET', '/api/helper') },
    ...measured.map((m) => ({ name: m.kind, run: m.run })),
  ];

  // Warm-up, then the calls interleaved (one after another): every kind measured under the same load.
  for (let i = 0; i < 20; i++) for (const s of steps) await s.run();
  const times = new Map<string, number[]>(steps.map((s) => [s.name, []]));
  for (let i = 0; i < N; i++) {
    for (const s of steps) {
      if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
      const t = performance.now();
      await s.run();
      times.get(s.name)!.push(performance.now() - t);
    }
  }

  console.log(`\nCorrection sans bac à sable par l’API (POST /api/admin/questions/{id}/preview, serveur construit, PGlite, démonstration)`);
  console.log(`Types mesurés (table des types du serveur, usesRunner: false, sans correction humaine) : ${KINDS.join(', ')}`);
  if (missing.length) console.log(`Non mesurés (exemples de bench/grading/kinds.ts à ajouter ou à corriger) : ${missing.join(' ; ')}`);
  console.log(`N=${N} appels par ligne après 20 tours d’échauffement, appels alternés, pause ${PAUSE_MS} ms`);
  console.log(`uptime au début : ${loadStart}\n`);
  console.log('| appel | p50 | p99 |');
  console.log('| --- | --- | --- |');
  for (const s of steps) {
    const xs = times.get(s.name)!;
    const label = s.name.startsWith('GET') ? s.name : `correction d’une réponse ${s.name} (preview)`;
    console.log(`| ${label} | ${ms(pct(xs, 50))} | ${ms(pct(xs, 99))} |`);
  }
} finally {
  await stop();
  console.log(`\nuptime à la fin : ${uptime()}`);
}
