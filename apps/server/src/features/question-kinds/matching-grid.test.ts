// Multiple true/false (a grid of statements, « Vrai » / « Faux » each) as a matching on the real database: Moodle's
// qtype_mtf read into one (each statement with the answer of its right column, « True » / « False » turned into
// « Vrai » / « Faux », the column no statement takes kept as an answer too many, its scoring), what a student sees
// of it (the statements and the two answers, never which goes where), and its grading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedUser, type TestApp } from '../../../test/helper';

let t: TestApp;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const weight = (row: number, col: number, v: number) => `<weight rownumber="${row}" columnnumber="${col}"><value>${v}.000</value></weight>`;
const mtf = (name: string, method: string, rows: Array<[string, 1 | 2]>) => `
  <question type="mtf">
    <name><text>${name}</text></name>
    <questiontext format="html"><text>Vrai ou faux ?</text></questiontext>
    <defaultgrade>2</defaultgrade>
    <scoringmethod><text>${method}</text></scoringmethod>
    ${rows.map(([text], i) => `<row number="${i + 1}"><optiontext format="html"><text><![CDATA[<p>${text}</p>]]></text></optiontext><feedbacktext format="html"><text></text></feedbacktext></row>`).join('\n')}
    <column number="1"><responsetext format="moodle_auto_format"><text>True</text></responsetext></column>
    <column number="2"><responsetext format="moodle_auto_format"><text>False</text></responsetext></column>
    ${rows.map(([, right], i) => weight(i + 1, 1, right === 1 ? 1 : 0) + weight(i + 1, 2, right === 2 ? 1 : 0)).join('\n')}
  </question>`;

async function importXml(xml: string) {
  const boundary = `----grid${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mtf.xml"\r\nContent-Type: application/xml\r\n\r\n`),
    Buffer.from(xml),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject(authed(teacher, { method: 'POST', url: '/api/admin/questions/import?confirm=1', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Array<{ source_type: string; type: string; outcome: string; notes: string[] }>; question_ids: number[] };
}
const show = async (id: number) => (await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/${id}/show` }))).json().data as Question;

describe('multiple true/false grids', () => {
  it('reads Moodle mtf as a matching of statements with « Vrai » / « Faux », and grades it', async () => {
    const report = await importXml(`<?xml version="1.0" encoding="UTF-8"?>
<quiz>
${mtf('Grille', 'subpoints', [
  ['Paris est en France.', 1],
  ['Rome est en Espagne.', 2],
  ['Madrid est en Espagne.', 1],
])}
${mtf('Tout vrai', 'mtfonezero', [
  ['2 + 2 = 4', 1],
  ['3 > 1', 1],
])}
${mtf('Une seule', 'subpoints', [['Seule', 1]])}
</quiz>`);
    expect(report.items[0]).toMatchObject({ source_type: 'mtf', type: 'MATCHING', outcome: 'imported' });
    expect(report.items[1]).toMatchObject({ source_type: 'mtf', type: 'MATCHING', outcome: 'imported' });
    expect(report.items[2]).toMatchObject({ source_type: 'mtf', outcome: 'skipped', notes: ['Moins de deux affirmations à juger.'] });
    const [gridId, allTrueId] = report.question_ids as [number, number];
    const grid = await show(gridId);
    expect(grid.scoring).toBe('PARTIAL');
    expect(grid.points).toBe(2);
    expect(grid.possible_solutions.map((p) => [p.content, p.expected_output])).toEqual([
      ['Paris est en France.', 'Vrai'],
      ['Rome est en Espagne.', 'Faux'],
      ['Madrid est en Espagne.', 'Vrai'],
    ]);
    // Every statement true: « Faux » still offered, as an answer too many.
    const allTrue = await show(allTrueId);
    expect(allTrue.scoring).toBe('ALL_OR_NOTHING');
    expect(allTrue.possible_solutions.map((p) => [p.content, p.expected_output])).toEqual([
      ['2 + 2 = 4', 'Vrai'],
      ['3 > 1', 'Vrai'],
      ['', 'Faux'],
    ]);

    // What a student sees: the statements and the two answers, never which goes where.
    const preview = await t.app.inject(authed(teacher, { method: 'GET', url: `/api/admin/questions/${gridId}/preview` }));
    const shown = preview.json().data.question as { items: Array<{ content: string }>; options: string[] };
    expect([...shown.options].sort()).toEqual(['Faux', 'Vrai']);
    expect(shown.items.map((i) => i.content)).toEqual(['Paris est en France.', 'Rome est en Espagne.', 'Madrid est en Espagne.']);
    expect(preview.body).not.toMatch(/expected_output|pairs/);

    const answer = (picks: string[]) => grid.possible_solutions.map((p, i) => ({ item_id: p.id, answer: picks[i]! }));
    const grade = async (a: unknown) => (await t.app.inject(authed(teacher, { method: 'POST', url: `/api/admin/questions/${gridId}/preview`, payload: { answer: a } }))).json().data.result;
    expect(await grade(answer(['Vrai', 'Faux', 'Vrai']))).toMatchObject({ is_valid: true, score: 1 });
    const one = await grade(answer(['Vrai', 'Vrai', 'Vrai']));
    expect(one).toMatchObject({ is_valid: false, details: { correct: 2, total: 3 } });
    expect(one.score).toBeCloseTo(2 / 3);
  });
});
