// What the exchange keeps and says, on the real database and the real sandbox, each on a file written here in the
// public formats: GIFT graded as Moodle grades it (one-answer questions with partial credit, numerical answers with
// feedback, texts in each format, tolerances without noise, formatted choices through a round trip), questions'
// names kept both ways, nothing dropped without a word (hints, combined feedback, images in GIFT), true/false
// leaving as true/false, parameterised questions leaving as variants, custom CodeRunner interfaces skipped with
// their reason, and a preview of each importable question as a student sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedRunner, type EmbeddedRunner } from '@exam/runner';
import { EXPORT_REPORT_HEADER, exportReportSchema, studentQuestionSchema, type ImportReport, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedUser, type TestApp } from '../../../test/helper';
import { findQuestionsByIds } from '../questions';

let t: TestApp;
let runner: EmbeddedRunner;
let teacher: string;

beforeAll(async () => {
  runner = await createEmbeddedRunner({ slots: 2 });
  t = await createTestApp({ runner });
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await runner?.close();
});

function multipart(text: string, filename: string) {
  const boundary = `----fidelity${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(text), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importText(text: string, filename: string, confirm = false): Promise<ImportReport> {
  const res = await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/import${confirm ? '?confirm=1' : ''}`, ...multipart(text, filename) }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportReport;
}

/** The questions a confirmed import of `text` wrote, in the file's order. */
async function imported(text: string, filename: string): Promise<Question[]> {
  return findQuestionsByIds(t.ctx.db, (await importText(text, filename, true)).question_ids);
}

async function exportOf(ids: number[], format: 'moodle' | 'gift') {
  const res = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/export?format=${format}&ids=${ids.join(',')}` }));
  expect(res.statusCode, res.body).toBe(200);
  const report = exportReportSchema.parse(JSON.parse(decodeURIComponent(String(res.headers[EXPORT_REPORT_HEADER] ?? '[]'))));
  return { body: res.body, report };
}

const tryAnswer = async (id: number, answer: unknown) => {
  const res = await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/${id}/preview`, payload: { answer } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result as { is_valid: boolean; score: number };
};

const choiceId = (q: Question, content: string) => q.possible_solutions.find((p) => p.content === content)!.id;

describe('GIFT graded as Moodle grades it', () => {
  it('makes a one-answer question of any « = »: the right answer alone gets the points, partial credit is said', async () => {
    const gift = '::Capitale::Quelle est la capitale de l’Australie ?{\n\t=Canberra\n\t~%50%Sydney\n\t~Melbourne\n}\n';
    const report = await importText(gift, 'capitale.gift');
    expect(report.items[0]).toMatchObject({ outcome: 'approximated', type: 'QCM' });
    expect(report.items[0]!.notes.join(' ')).toMatch(/crédit partiel comptée fausse \(50 %\)/);
    const [q] = await imported(gift, 'capitale.gift');
    expect(q!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([
      ['Canberra', 1],
      ['Sydney', 0],
      ['Melbourne', 0],
    ]);
    // One right answer: radio buttons, and ticking it alone is full marks.
    expect(report.items[0]!.preview!.multiple).toBe(false);
    expect(await tryAnswer(q!.id, [choiceId(q!, 'Canberra')])).toMatchObject({ is_valid: true, score: 1 });
    expect(await tryAnswer(q!.id, [choiceId(q!, 'Sydney')])).toMatchObject({ is_valid: false, score: 0 });
  }, 30_000);

  it('reads a numerical answer followed by a « ~ » feedback (Moodle’s own GIFT fixture style)', async () => {
    const report = await importText('::Q5:: Un nombre de 1 à 5 ? {#3:2~#Complètement faux}\n', 'nombre.gift');
    expect(report.items[0]).toMatchObject({ source_type: 'numerical', outcome: 'approximated', type: 'EXACT' });
    expect(report.items[0]!.notes).toContain('Les commentaires propres à chaque réponse ne sont pas repris.');
    const [q] = await imported('::Q5:: Un nombre de 1 à 5 ? {#3:2~#Complètement faux}\n', 'nombre.gift');
    expect(q).toMatchObject({ tolerance: { kind: 'absolute', value: 2 } });
    expect(q!.possible_solutions.map((p) => p.content)).toEqual(['3']);
  });

  it('writes tolerances and ranges without the noise of binary arithmetic', async () => {
    const [range, point] = await imported('Entre 1,1 et 1,3 ? {#1.1..1.3}\n\nUn tiers ? {#0.3333:0.0001}\n', 'bornes.gift');
    expect(range!.possible_solutions[0]!.content).toBe('1.2');
    expect(range!.tolerance).toEqual({ kind: 'absolute', value: 0.1 });
    expect(point!.tolerance).toEqual({ kind: 'absolute', value: 0.0001 });
    const rel = await t.app.inject(
      authed(teacher, {
        method: 'POST',
        url: '/api/admin/questions/create',
        payload: { type: 'EXACT', statement: '<p>Trois dixièmes ?</p>', tolerance: { kind: 'relative', value: 0.1 }, possible_solutions: [{ content: '0.3' }] },
      }),
    );
    const { body } = await exportOf([rel.json().data.id], 'gift');
    expect(body).toContain('=0.3:0.03');
    expect(body).not.toMatch(/0\.0300000/);
  });

  it('keeps the HTML of a text without marker as Moodle does, and honours [plain] and [markdown]', async () => {
    const gift = [
      'Quelle est la <b>moyenne</b> de 2 et 4 ?{=3 ~4}',
      '[plain]Que vaut <b> en HTML ?{=gras ~italique}',
      '[markdown]Le **premier** nombre *premier* ?{=2 ~1}',
    ].join('\n\n');
    const [html, plain, markdown] = await imported(gift, 'formats.gift');
    expect(html!.statement).toContain('<b>moyenne</b>');
    expect(html!.statement).not.toContain('&lt;b&gt;');
    expect(plain!.statement).toContain('Que vaut &lt;b&gt; en HTML');
    expect(markdown!.statement).toContain('<strong>premier</strong>');
    expect(markdown!.statement).toContain('<em>premier</em>');
  });

  it('keeps the formatting of choices through a GIFT round trip', async () => {
    const gift = '::Espèce::Le nom de notre espèce ?{\n\t=<i>Homo sapiens</i>\n\t~<u>Homo</u> erectus\n\t~voir <a href\\="https\\://example.org/h">la fiche</a>\n}\n';
    const [q] = await imported(gift, 'espece.gift');
    const contents = q!.possible_solutions.map((p) => p.content);
    expect(contents).toEqual(['<i>Homo sapiens</i>', '<u>Homo</u> erectus', 'voir <a href="https://example.org/h">la fiche</a>']);
    const { body } = await exportOf([q!.id], 'gift');
    const [back] = await imported(body, 'retour.gift');
    expect(back!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual(q!.possible_solutions.map((p) => [p.content, p.is_correct]));
    const moodle = await exportOf([q!.id], 'moodle');
    const [again] = await imported(moodle.body, 'retour.xml');
    expect(again!.possible_solutions.map((p) => p.content)).toEqual(contents);
  });
});

describe('names', () => {
  it('keeps a GIFT title and a Moodle <name>, shows and searches them, and exports them instead of the statement', async () => {
    const [named, unnamed] = await imported('::Loi normale::Quelle loi suit la moyenne ?{=normale ~uniforme}\n\nSans titre ici ?{=oui ~non}\n', 'noms.gift');
    expect(named!.name).toBe('Loi normale');
    expect(unnamed!.name).toBeNull();
    const list = await t.app.inject(authed(teacher, { method: 'GET', url: '/api/admin/questions?search=loi%20normale' }));
    expect(list.json().data.map((r: { id: number; name: string | null }) => [r.id, r.name])).toEqual([[named!.id, 'Loi normale']]);

    const moodle = await exportOf([named!.id, unnamed!.id], 'moodle');
    expect(moodle.body).toContain('<name><text>Loi normale</text></name>');
    const gift = await exportOf([named!.id, unnamed!.id], 'gift');
    expect(gift.body).toContain('::Loi normale::');
    expect(gift.body).not.toContain('::Sans titre');
    const [back, backUnnamed] = await imported(gift.body, 'retour.gift');
    expect([back!.name, backUnnamed!.name]).toEqual(['Loi normale', null]);
    const [fromXml] = await imported(moodle.body, 'retour.xml');
    expect(fromXml!.name).toBe('Loi normale');

    // Edited in the editor, kept by a duplicate and by the question's versions.
    const edited = await t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/questions/${unnamed!.id}/update`, payload: { ...unnamed, name: '  Oui   ou non ', version: unnamed!.version } }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.name).toBe('Oui ou non');
    const copy = await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/${unnamed!.id}/duplicate` }));
    expect(copy.json().data.name).toBe('Oui ou non');
    const versions = await t.ctx.db.selectFrom('question_versions').select('snapshot').where('question_id', '=', unnamed!.id).orderBy('number').execute();
    expect(versions.map((v) => (v.snapshot as { name?: string | null }).name)).toEqual([null, 'Oui ou non']);
    const tooLong = await t.app.inject(authed(teacher, { method: 'PUT', url: `/api/admin/questions/${named!.id}/update`, payload: { ...named, name: 'x'.repeat(201), version: named!.version } }));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.name).toEqual(['Le nom ne doit pas dépasser 200 caractères.']);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f1cf0a0000000049454e44ae426082', 'hex').toString('base64');

const moodleXml = (questions: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions}\n</quiz>\n`;

describe('nothing dropped without a word', () => {
  it('names hints, combined feedback and a missing image of a Moodle question', async () => {
    const xml = moodleXml(`  <question type="multichoice">
    <name><text>Médiane</text></name>
    <questiontext format="html"><text><![CDATA[<p>La médiane de 1, 2, 9 ?</p><p><img src="@@PLUGINFILE@@/absente.png" alt="série"></p>]]></text></questiontext>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
    <correctfeedback format="html"><text>Bravo.</text></correctfeedback>
    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>
    <incorrectfeedback format="html"><text>Relisez le cours.</text></incorrectfeedback>
    <answer fraction="100" format="html"><text>2</text></answer>
    <answer fraction="0" format="html"><text>4</text></answer>
    <hint format="html"><text>Rangez les valeurs.</text></hint>
    <hint format="html"><text>Prenez celle du milieu.</text></hint>
  </question>`);
    const report = await importText(xml, 'mediane.xml');
    expect(report.items[0]).toMatchObject({ name: 'Médiane', outcome: 'approximated', type: 'QCM' });
    const notes = report.items[0]!.notes.join(' ');
    expect(notes).toMatch(/Les 2 indices \(hint\) des essais suivants ne sont pas repris/);
    expect(notes).toMatch(/commentaires combinés/);
    expect(notes).toMatch(/« absente\.png » de l’énoncé manque/);
    const [q] = await imported(xml, 'mediane.xml');
    expect(q!.statement).not.toContain('@@PLUGINFILE@@');
    expect(q!.statement).toContain('[série]');
  });

  it('exports Vrai / Faux as Moodle’s true/false, embeds images in Moodle XML and names them as lost in GIFT', async () => {
    const xml = moodleXml(`  <question type="truefalse">
    <name><text>Symétrie</text></name>
    <questiontext format="html"><text><![CDATA[<p>Cette courbe est symétrique. <img src="@@PLUGINFILE@@/courbe.png" alt="courbe"></p>]]></text>
      <file name="courbe.png" path="/" encoding="base64">${PNG}</file></questiontext>
    <answer fraction="100" format="moodle_auto_format"><text>true</text></answer>
    <answer fraction="0" format="moodle_auto_format"><text>false</text></answer>
  </question>`);
    const [q] = await imported(xml, 'symetrie.xml');
    expect(q!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['Vrai', 1], ['Faux', 0]]);
    const moodle = await exportOf([q!.id], 'moodle');
    expect(moodle.body).toContain('<question type="truefalse">');
    expect(moodle.body).toContain(`<file name="courbe.png" path="/" encoding="base64">${PNG}</file>`);
    expect(moodle.report).toEqual([]);
    const gift = await exportOf([q!.id], 'gift');
    expect(gift.body).toMatch(/::Symétrie::\[html\][^\n]*\{T\}/);
    expect(gift.body).not.toContain('<img');
    expect(gift.report).toEqual([{ id: q!.id, outcome: 'changed', notes: ['Son image ne passe pas en GIFT (exportez en Moodle XML pour la garder).'] }]);
    const [back] = await imported(gift.body, 'symetrie.gift');
    expect(back!.possible_solutions.map((p) => [p.content, p.is_correct])).toEqual([['Vrai', 1], ['Faux', 0]]);
  });

  it('exports a parameterised question as its variants, never with {{…}} in it', async () => {
    const generator = ['import random', 'def generate(seed):', '    r = random.Random(seed)', '    a = r.randint(2, 9)', "    return {'a': a, 'd': 2 * a}", ''].join('\n');
    const res = await t.app.inject(
      authed(teacher, {
        method: 'POST',
        url: '/api/admin/questions/create',
        payload: { type: 'EXACT', name: 'Double', statement: '<p>Le double de {{a}} ?</p>', generator, possible_solutions: [{ content: '{{d}}' }] },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    for (const format of ['moodle', 'gift'] as const) {
      const { body, report } = await exportOf([id], format);
      expect(body).not.toMatch(/\{\{\s*\w+\s*\}\}/);
      expect(report).toEqual([{ id, outcome: 'variants', notes: ['Question paramétrée : un fichier n’a pas de générateur, elle part en 5 variantes (graines 1 à 5), chacune une question.'] }]);
      const back = await imported(body, format === 'moodle' ? 'variantes.xml' : 'variantes.gift');
      expect(back.map((q) => q.name)).toEqual([1, 2, 3, 4, 5].map((s) => `Double (variante ${s})`));
      for (const q of back) {
        const a = Number(/double de (\d+)/.exec(q.statement)![1]);
        expect(q.possible_solutions.map((p) => p.content)).toEqual([String(2 * a)]);
      }
    }
  }, 60_000);
});

describe('skips and previews', () => {
  it('skips a CodeRunner question with its own interface, saying what the student does there', async () => {
    const xml = moodleXml(`  <question type="coderunner">
    <name><text>Graphe orienté</text></name>
    <questiontext format="html"><text>Dessinez un graphe à trois sommets.</text></questiontext>
    <coderunnertype>directed_graph</coderunnertype>
    <uiplugin>graph</uiplugin>
    <answer>{"edgeGeometry":[],"nodeGeometry":[[1,2]],"nodes":[["A",false]],"edges":[]}</answer>
    <testcases><testcase useasexample="0" mark="1.0"><testcode><text></text></testcode><stdin><text></text></stdin><expected><text>ok</text></expected></testcase></testcases>
  </question>`);
    const report = await importText(xml, 'graphe.xml');
    expect(report.items[0]).toMatchObject({ outcome: 'skipped', type: null, preview: null });
    expect(report.items[0]!.notes[0]).toMatch(/^Question CodeRunner à interface particulière \(graph\) : l’étudiant y dessine un graphe/);
  });

  it('reads the code of a CodeRunner scratchpad answer kept as JSON, never failing on the JSON', async () => {
    const answer = JSON.stringify({ answer_code: ['def carre(x):\n    return x * x'], test_code: [''], show_hide: [''], prefix_ans: ['1'] });
    const xml = moodleXml(`  <question type="coderunner">
    <name><text>Carré</text></name>
    <questiontext format="html"><text>Écrivez la fonction carre(x).</text></questiontext>
    <coderunnertype>python3_scratchpad</coderunnertype>
    <extractcodefromjson>1</extractcodefromjson>
    <answer><![CDATA[${answer}]]></answer>
    <testcases>
      <testcase testtype="0" useasexample="1" mark="1.0000000"><testcode><text>print(carre(3))</text></testcode><stdin><text></text></stdin><expected><text>9</text></expected></testcase>
      <testcase testtype="0" useasexample="0" mark="1.0000000"><testcode><text>print(carre(-4))</text></testcode><stdin><text></text></stdin><expected><text>16</text></expected></testcase>
    </testcases>
  </question>`);
    const report = await importText(xml, 'carre.xml');
    expect(report.items[0]).toMatchObject({ outcome: 'approximated', type: 'ALGORITHM', language: 'PYTHON', checked_cases: 2 });
    expect(report.items[0]!.notes.join(' ')).toMatch(/zone d’essai \(« scratchpad »\) de CodeRunner : seul son code est repris/);
  }, 30_000);

  it('reads a Cloze question as Moodle exports it (type="cloze"), never as an unknown type', async () => {
    const xml = moodleXml(`  <question type="cloze">
    <name><text>Capitale</text></name>
    <questiontext format="html"><text><![CDATA[<p>La capitale de la France est {1:SHORTANSWER:=Paris}.</p>]]></text></questiontext>
  </question>`);
    const report = await importText(xml, 'cloze.xml');
    expect(report.items[0]).toMatchObject({ name: 'Capitale', source_type: 'cloze' });
    expect(report.items[0]!.notes.join(' ')).not.toMatch(/« cloze »/);
  });

  it('previews each importable question as a student sees it, without what would give the answer away', async () => {
    const report = await importText('::Capitale::Capitale de la France ?{=Paris ~Lyon ~Marseille}\n\n::Consigne::Lisez chaque question jusqu’au bout.\n', 'apercu.gift');
    const preview = studentQuestionSchema.strict().parse(report.items[0]!.preview);
    expect(preview.statement).toBe('<p>Capitale de la France ?</p>');
    expect(preview.choices.map((c) => c.content).sort()).toEqual(['Lyon', 'Marseille', 'Paris']);
    expect(JSON.stringify(report.items[0]!.preview)).not.toMatch(/is_correct/);
    expect(report.items[1]!.preview).toBeNull();
  });
});
