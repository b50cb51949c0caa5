// Figures for docs/performance.md « Échange avec Moodle »: the report and the confirmed import of a generated
// 1,000-question Moodle XML file (no programs), against the built server on a fresh embedded database; then the time
// per checked program (CodeRunner python3 questions run on every case in the sandbox at import), and how long
// refusals of hostile files take while /api/helper keeps answering.
// Usage: npm run build && npx tsx bench/exchange/run.ts   (QUESTIONS=1000 PROGRAMS=20 CASES=4 ROUNDS=3 R=1)
import os from 'node:os';
import { startServer } from '../lib.mjs';

const QUESTIONS = Number(process.env.QUESTIONS ?? 1000);
const PROGRAMS = Number(process.env.PROGRAMS ?? 20);
const CASES = Number(process.env.CASES ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WITH_R = process.env.R === '1';

const cdata = (s: string) => `<![CDATA[${s}]]>`;

function head(type: string, name: string, statement: string, grade = 1) {
  return `  <question type="${type}">
    <name><text>${name}</text></name>
    <questiontext format="html"><text>${cdata(statement)}</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>${grade.toFixed(7)}</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>`;
}

/** A bank like a real one: a category every 50 questions, four kinds in turn, tags. */
export function bank(n: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) parts.push(`  <question type="category"><category><text>$course$/top/Banque/Chapitre ${i / 50 + 1}</text></category></question>`);
    const statement = `<p>Question ${i} : quelle est la valeur de ${i} + ${i % 7} ? Justifiez par le calcul <strong>mental</strong>.</p>`;
    const tags = `    <tags><tag><text>bench</text></tag><tag><text>série ${i % 10}</text></tag></tags>`;
    switch (i % 4) {
      case 0:
        parts.push(
          `${head('multichoice', `QCM ${i}`, statement)}
    <single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>
${[0, 1, 2, 3].map((k) => `    <answer fraction="${k === 0 ? 100 : 0}" format="html"><text>${cdata(`<p>${i + (i % 7) + k}</p>`)}</text><feedback format="html"><text></text></feedback></answer>`).join('\n')}
${tags}
  </question>`,
        );
        break;
      case 1:
        parts.push(
          `${head('truefalse', `VF ${i}`, statement)}
    <answer fraction="100" format="moodle_auto_format"><text>true</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="0" format="moodle_auto_format"><text>false</text><feedback format="html"><text></text></feedback></answer>
${tags}
  </question>`,
        );
        break;
      case 2:
        parts.push(
          `${head('shortanswer', `Court ${i}`, statement)}
    <usecase>0</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>${i + (i % 7)}</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="100" format="moodle_auto_format"><text>réponse ${i}</text><feedback format="html"><text></text></feedback></answer>
${tags}
  </question>`,
        );
        break;
      default:
        parts.push(
          `${head('numerical', `Nombre ${i}`, statement, 2)}
    <answer fraction="100" format="moodle_auto_format"><text>${i + (i % 7)}</text><feedback format="html"><text></text></feedback><tolerance>0.5</tolerance></answer>
${tags}
  </question>`,
        );
    }
  }
  parts.push('</quiz>', '');
  return parts.join('\n');
}

/** CodeRunner questions whose answer passes every case (python3, or R with R=1). */
function programs(n: number, cases: number, lang: 'python3' | 'r'): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const answer = lang === 'python3' ? 'a, b = map(int, input().split())\nprint(a * b)\n' : 'x <- scan(file("stdin"), quiet = TRUE)\ncat(x[1] * x[2], "\\n")\n';
  for (let i = 0; i < n; i++) {
    const tests = Array.from({ length: cases }, (_, k) => {
      const a = i + k;
      const b = k + 2;
      return `      <testcase testtype="0" useasexample="${k === 0 ? 1 : 0}" hiderestiffail="0" mark="1.0000000">
      <testcode><text></text></testcode><stdin><text>${a} ${b}\n</text></stdin><expected><text>${a * b}\n</text></expected>
      <extra><text></text></extra><display><text>SHOW</text></display></testcase>`;
    }).join('\n');
    parts.push(`${head('coderunner', `Produit ${i}`, `<p>Produit n° ${i} de deux entiers lus.</p>`)}
    <coderunnertype>${lang}</coderunnertype><prototypetype>0</prototypetype>
    <answer>${cdata(answer)}</answer>
    <testcases>
${tests}
    </testcases>
  </question>`);
  }
  parts.push('</quiz>', '');
  return parts.join('\n');
}

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<quiz><question type="shortanswer"><questiontext><text>&lol3;</text></questiontext></question></quiz>`;

async function post(base: string, token: string, xml: string, name: string, confirm: boolean) {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), name);
  const t0 = performance.now();
  const r = await fetch(`${base}/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await r.json()) as { message: string; data?: { importable: number; question_ids: number[]; check_ms: number; counts: Record<string, number> } };
  return { ms: performance.now() - t0, status: r.status, body };
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`charge au début : ${load()} (${os.cpus().length} cœurs)`);
  const server = await startServer({ RUNNER_RATE_LIMIT: '0', UPLOAD_RATE_PER_10_MIN: '0' });
  try {
    const login = await fetch(`${server.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@univ.example', password: 'Admin123!' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const xml = bank(QUESTIONS);
    console.log(`\nfichier Moodle XML : ${QUESTIONS} questions, ${(Buffer.byteLength(xml) / 1024).toFixed(0)} Ko`);
    const reports: number[] = [];
    const imports: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const report = await post(server.base, token, xml, 'banque.xml', false);
      if (report.status !== 200) throw new Error(`rapport refusé : ${report.body.message}`);
      const imported = await post(server.base, token, xml, 'banque.xml', true);
      if (imported.status !== 200) throw new Error(`import refusé : ${imported.body.message}`);
      reports.push(report.ms);
      imports.push(imported.ms);
      console.log(`tour ${round} : rapport ${fmt(report.ms)} (${report.body.data!.importable} importables), import ${fmt(imported.ms)} (${imported.body.data!.question_ids.length} écrites)`);
    }
    console.log(`médianes : rapport ${fmt(median(reports))} (objectif ≤ 5 s), import ${fmt(median(imports))} (objectif ≤ 10 s)`);

    for (const lang of WITH_R ? (['python3', 'r'] as const) : (['python3'] as const)) {
      const px = programs(PROGRAMS, CASES, lang);
      const r = await post(server.base, token, px, `programmes-${lang}.xml`, false);
      if (r.status !== 200) throw new Error(`programmes refusés : ${r.body.message}`);
      const d = r.body.data!;
      if (d.counts.failed) throw new Error(`${d.counts.failed} programme(s) en échec`);
      console.log(
        `\n${PROGRAMS} questions CodeRunner ${lang} à ${CASES} cas : rapport ${fmt(r.ms)}, vérification ${fmt(d.check_ms)}, soit ${(d.check_ms / PROGRAMS).toFixed(0)} ms par question (${(d.check_ms / PROGRAMS / CASES).toFixed(0)} ms par cas)`,
      );
    }

    // Refusals: how long they take, and /api/helper answering meanwhile.
    const helperTimes: number[] = [];
    let refusing = true;
    const probe = (async () => {
      while (refusing) {
        const t0 = performance.now();
        await (await fetch(`${server.base}/api/helper`)).json();
        helperTimes.push(performance.now() - t0);
      }
    })();
    const laughs = await post(server.base, token, LAUGHS, 'rires.xml', true);
    const broken = await post(server.base, token, xml.replace('</quiz>', '<question>'), 'casse.xml', true);
    refusing = false;
    await probe;
    console.log(`\nrefus : entités imbriquées ${laughs.status} en ${laughs.ms.toFixed(0)} ms ; fichier de ${QUESTIONS} questions tronqué ${broken.status} en ${broken.ms.toFixed(0)} ms (« ${broken.body.message.slice(0, 70)}… »)`);
    console.log(`/api/helper pendant les refus : ${helperTimes.length} appels, pire ${Math.max(...helperTimes).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
  console.log(`\ncharge à la fin : ${load()}`);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
