// Rubrics and annotations on the real database (docs/correction-humaine.md « Grille de critères », « Annotations »):
// the rubric's validation in the question's settings, the student shapes (never the rubric, nor the levels or the
// annotations before the mark is shown), a mark given by levels (the points are the rubric's total scaled to the
// exam's points), typed points where allowed, annotations checked against the text, the version still refusing a
// stale save, the journal and the appeal sentence, and « Appliquer le barème modifié » re-scoring every graded copy.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carryChoices, examShowResultSchema, gradingQueueSchema, rubricSchema, scoreRubric, studentQuestionSchema, takingQuestionSchema, type Question } from '@exam/shared';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type TestApp } from '../../../test/helper';
import { journalSentence } from '../exam-results';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedStructure>>;
let teacher: string;
let teacher2: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedStructure(t.ctx);
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  teacher2 = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const RUBRIC = {
  free_points: false,
  criteria: [
    {
      id: 'c-arg',
      title: 'Argumentation',
      description: 'Les arguments sont justifiés.',
      levels: [
        { id: 'l-0', label: 'Absente', points: 0, description: 'Aucun argument secret-niveau.' },
        { id: 'l-1', label: 'Partielle', points: 2, description: null },
        { id: 'l-2', label: 'Complète', points: 4, description: 'Tous les arguments.' },
      ],
    },
    {
      id: 'c-style',
      title: 'Rédaction',
      description: null,
      levels: [
        { id: 's-0', label: 'Confuse', points: 0, description: null },
        { id: 's-1', label: 'Claire', points: 1, description: null },
      ],
    },
  ],
};
const essay = (rubric: unknown = RUBRIC) => ({
  type: 'ESSAY',
  statement: '<p>Discutez la méthode.</p>',
  points: 5,
  essay: { word_limit: null, response_template: null, grader_info: 'Info correcteurs', rubric },
});

async function create(body: Record<string, unknown>): Promise<Question> {
  const res = await call(teacher, 'POST', '/api/admin/questions/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Question;
}

/** Publishes the exam's marks where the publication gate exists (migration 047): the student then sees them. */
async function publishMarks(examId: number, onlyAsk = false): Promise<boolean> {
  const exists = await sql<{ r: string | null }>`select to_regclass('exam_grading')::text as r`.execute(t.ctx.db);
  if (!exists.rows[0]?.r) return false;
  if (!onlyAsk) await sql`insert into exam_grading (exam_id, published_at) values (${examId}, now()) on conflict (exam_id) do update set published_at = now()`.execute(t.ctx.db);
  return true;
}

describe('rubric in the essay settings', () => {
  it('keeps a valid rubric in the question and its versions, refuses a bad one in French', async () => {
    const q = await create(essay());
    expect(q.essay?.rubric?.criteria.map((c) => c.levels.length)).toEqual([3, 2]);
    const versions = await t.ctx.db.selectFrom('question_versions').select('snapshot').where('question_id', '=', q.id).execute();
    expect(JSON.stringify(versions.at(-1)!.snapshot)).toContain('Argumentation');

    const noLevel = await call(teacher, 'POST', '/api/admin/questions/create', essay({ criteria: [{ id: 'a', title: 'A', levels: [] }] }));
    expect(noLevel.statusCode).toBe(422);
    expect(JSON.stringify(noLevel.json().errors)).toContain('Chaque critère a au moins un niveau.');
    const zero = await call(teacher, 'POST', '/api/admin/questions/create', essay({ criteria: [{ id: 'a', title: 'A', levels: [{ id: 'x', label: 'Nul', points: 0 }] }] }));
    expect(zero.statusCode).toBe(422);
    expect(JSON.stringify(zero.json().errors)).toContain('Le total de la grille doit être supérieur à 0');
    const twin = await call(teacher, 'POST', '/api/admin/questions/create', essay({ criteria: [{ id: 'a', title: 'A', levels: [{ id: 'x', label: 'Bien', points: 1 }, { id: 'y', label: 'bien', points: 2 }] }] }));
    expect(twin.statusCode).toBe(422);
    expect(JSON.stringify(twin.json().errors)).toContain('Deux niveaux du critère ont le même libellé.');
    const untitled = await call(teacher, 'POST', '/api/admin/questions/create', essay({ criteria: [{ id: 'a', title: ' ', levels: [{ id: 'x', label: 'Bien', points: 1 }] }] }));
    expect(untitled.statusCode).toBe(422);
    expect(JSON.stringify(untitled.json().errors)).toContain('Chaque critère a un titre.');
  });

  it('scores choices scaled to the question’s points, and carries them to an edited rubric', () => {
    const r = rubricSchema.parse(RUBRIC);
    const scored = scoreRubric(r, [{ criterion_id: 'c-arg', level_id: 'l-1' }, { criterion_id: 'c-style', level_id: 's-1' }], 10);
    expect(scored).toMatchObject({ raw: 3, max: 5, points: 6, missing: [] });
    expect(scoreRubric(r, [{ criterion_id: 'c-arg', level_id: null, points: 1.5 }], 5)).toEqual({ errors: ['Choisissez un niveau pour « Argumentation » : la grille ne permet pas de saisir les points.'] });
    const free = rubricSchema.parse({ ...RUBRIC, free_points: true });
    expect(scoreRubric(free, [{ criterion_id: 'c-arg', level_id: null, points: 3.5 }, { criterion_id: 'c-style', level_id: 's-0' }], 5)).toMatchObject({ points: 3.5 });
    expect(scoreRubric(free, [{ criterion_id: 'c-arg', level_id: null, points: 9 }], 5)).toEqual({ errors: ['Les points de « Argumentation » vont de 0 à 4.'] });
    // An edited rubric: a level renamed keeps its id; a removed level leaves its criterion without choice.
    const edited = rubricSchema.parse({ ...RUBRIC, criteria: [{ ...RUBRIC.criteria[0], levels: RUBRIC.criteria[0]!.levels.filter((l) => l.id !== 'l-1') }, RUBRIC.criteria[1]] });
    const before = (scored as { levels: Parameters<typeof carryChoices>[0] }).levels;
    expect(carryChoices(before, edited)).toEqual([{ criterion_id: 'c-style', level_id: 's-1', points: null }]);
  });
});

describe('grading with a rubric and annotations', () => {
  it('grades by levels, annotates, shows the student the levels and annotations only with the mark, and re-scores on an edited rubric', async () => {
    const q = await create(essay());
    const e = await t.ctx.db
      .insertInto('exams')
      .values({ title: 'Partiel à grille', academic_year_id: s.yearId, start_at: new Date(Date.now() - 60_000), end_at: new Date(Date.now() + 3_600_000), duration_minutes: 60, status: 'PUBLISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Pinned as a publication pins: the question's version of now.
    const pinned = await t.ctx.db.selectFrom('question_versions').select('id').where('question_id', '=', q.id).orderBy('number', 'desc').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('exam_specializations').values({ exam_id: e.id, specialization_id: s.specializationId }).execute();
    await t.ctx.db.insertInto('exam_questions').values({ exam_id: e.id, question_id: q.id, position: 0, points: 10, question_version_id: pinned.id }).execute();

    const texts = ['La méthode est robuste car elle compare deux groupes.', 'Elle est fausse.', 'Je ne sais pas, la méthode semble bonne.', 'Méthode claire et bien justifiée par les données.'];
    const students: Array<{ token: string; id: number; text: string }> = [];
    for (const text of texts) {
      const u = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
      const token = await loginAs(t.app, u);
      expect((await call(token, 'POST', `/api/student/exams/${e.id}/start`)).statusCode).toBe(200);
      students.push({ token, id: u.id, text });
    }
    const drawn = (await call(students[0]!.token, 'GET', `/api/student/exams/${e.id}/questions`)).json();
    takingQuestionSchema.strict().parse(drawn.data.questions[0]);
    expect(JSON.stringify(drawn)).not.toMatch(/Argumentation|rubric|secret-niveau/);
    const preview = (await call(teacher, 'GET', `/api/admin/questions/${q.id}/preview`)).json();
    studentQuestionSchema.strict().parse(preview.data.question);
    expect(JSON.stringify(preview.data)).not.toMatch(/Argumentation|rubric/);
    for (const st of students) {
      expect((await call(st.token, 'POST', `/api/student/exams/${e.id}/solutions`, { answers: [{ question_id: q.id, answer: { text: st.text } }] })).statusCode).toBe(200);
      expect((await call(st.token, 'POST', `/api/student/exams/${e.id}/finish`)).statusCode).toBe(200);
    }

    const queue = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(queue.question.rubric?.criteria.map((c) => c.title)).toEqual(['Argumentation', 'Rédaction']);
    expect(queue.question.rubric_changed).toBe(false);
    const copyOf = (text: string) => queue.copies.find((c) => c.text === text)!.copy;
    const url = (copy: number) => `/api/admin/exams/${e.id}/grading/questions/${q.id}/copies/${copy}`;
    const [a, b, c, d] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0]];

    // The student before any mark: pending, nothing of the rubric.
    const waiting = (await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json();
    expect(JSON.stringify(waiting)).not.toMatch(/Argumentation|levels|annotations/);

    // A mark by levels: the typed points are replaced by the rubric's, scaled (4 + 1 of 5 → 10 of 10).
    const quote = 'compare deux groupes';
    const start = a.text.indexOf(quote);
    const annotations = [{ start, end: start + quote.length, quote, comment: 'Lesquels ? Précisez.' }];
    const rubric = [
      { criterion_id: 'c-arg', level_id: 'l-2' },
      { criterion_id: 'c-style', level_id: 's-1' },
    ];
    const first = await call(teacher, 'PUT', url(copyOf(a.text)), { points: 0, comment: 'Très bien.', version: 0, rubric, annotations });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.mark).toMatchObject({ points: 10, version: 1, annotations, levels: [{ criterion: 'Argumentation', level: 'Complète', points: 4, max: 4 }, { criterion: 'Rédaction', level: 'Claire', points: 1, max: 1 }] });
    // Incomplete, unknown level, typed points not allowed, an annotation off the text: 422 in French, nothing written.
    const incomplete = await call(teacher, 'PUT', url(copyOf(b.text)), { points: 0, version: 0, rubric: [{ criterion_id: 'c-arg', level_id: 'l-0' }] });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe('Choisissez un niveau pour chaque critère (reste : Rédaction).');
    const unknown = await call(teacher, 'PUT', url(copyOf(b.text)), { points: 0, version: 0, rubric: [{ criterion_id: 'c-arg', level_id: 'zzz' }, { criterion_id: 'c-style', level_id: 's-0' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Le niveau choisi pour « Argumentation » n’est pas dans la grille.');
    const typed = await call(teacher, 'PUT', url(copyOf(b.text)), { points: 0, version: 0, rubric: [{ criterion_id: 'c-arg', level_id: null, points: 1 }, { criterion_id: 'c-style', level_id: 's-0' }] });
    expect(typed.statusCode).toBe(422);
    const off = await call(teacher, 'PUT', url(copyOf(b.text)), { points: 1, version: 0, annotations: [{ start: 0, end: 4, quote: 'Nope', comment: 'x' }] });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe('Le passage annoté ne correspond plus au texte de la réponse.');
    expect((await t.ctx.db.selectFrom('exam_marks').select('id').where('question_id', '=', q.id).execute()).length).toBe(1);

    // The other copies: b partial (2 + 0 → 4), c partial (2 + 1 → 6), d typed points without rubric (7).
    expect((await call(teacher, 'PUT', url(copyOf(b.text)), { points: 0, version: 0, rubric: [{ criterion_id: 'c-arg', level_id: 'l-1' }, { criterion_id: 'c-style', level_id: 's-0' }] })).json().data.mark.points).toBe(4);
    expect((await call(teacher, 'PUT', url(copyOf(c.text)), { points: 0, version: 0, rubric: [{ criterion_id: 'c-arg', level_id: 'l-1' }, { criterion_id: 'c-style', level_id: 's-1' }] })).json().data.mark.points).toBe(6);
    expect((await call(teacher, 'PUT', url(copyOf(d.text)), { points: 7, version: 0 })).json().data.mark.points).toBe(7);
    // Two graders on one copy still never overwrite each other.
    const stale = await call(teacher2, 'PUT', url(copyOf(a.text)), { points: 0, version: 0, rubric });
    expect(stale.statusCode).toBe(409);

    // The journal and the appeal sentence name the levels and the annotation.
    const journal = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/attempts/${a.id}/journal`)).json().data;
    const mark = journal.events.find((ev: { type: string }) => ev.type === 'MARK');
    expect(mark.data.rubric_levels.map((l: { level: string }) => l.level)).toEqual(['Complète', 'Claire']);
    expect(mark.data.annotations).toEqual(annotations);
    expect(journalSentence(mark, new Map([[q.id, 1]]))).toMatch(
      /^Note donnée par un correcteur, question 1, 10 sur 10, par .+, commentaire « Très bien. », grille : Argumentation « Complète » 4 sur 4, Rédaction « Claire » 1 sur 1, 1 annotation : « compare deux groupes » : « Lesquels \? Précisez. »$/,
    );

    // Marked but not yet published (where the publication gate exists): nothing of the levels nor the annotations.
    if (await publishMarks(e.id, true)) expect(JSON.stringify((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json())).not.toMatch(/Complète|Lesquels|levels/);
    // The student, once the mark is shown: the levels chosen (never the rubric's other levels) and the annotations.
    await publishMarks(e.id);
    const shown = examShowResultSchema.parse((await call(a.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(shown.questions[0]).toMatchObject({ score: 10, details: { type: 'ESSAY', pending: false, comment: 'Très bien.', annotations, levels: [{ level: 'Complète' }, { level: 'Claire' }] } });
    const raw = JSON.stringify(shown);
    expect(raw).not.toMatch(/Partielle|Absente|Info correcteurs|free_points/);

    // The teacher edits the rubric: a new version; the exam keeps its pinned rubric until it is applied.
    const edited = {
      ...RUBRIC,
      criteria: [
        { ...RUBRIC.criteria[0], levels: [{ id: 'l-0', label: 'Absente', points: 0 }, { id: 'l-1', label: 'Partielle', points: 3 }, { id: 'l-2', label: 'Complète', points: 4 }] },
        RUBRIC.criteria[1],
      ],
    };
    const full = (await call(teacher, 'GET', `/api/admin/questions/${q.id}/show`)).json().data as Question;
    const upd = await call(teacher, 'PUT', `/api/admin/questions/${q.id}/update`, { ...essay(edited), version: full.version });
    expect(upd.statusCode, upd.body).toBe(200);
    const changedQueue = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(changedQueue.question.rubric_changed).toBe(true);
    expect(changedQueue.question.rubric?.criteria[0]!.levels[1]!.points).toBe(2);

    // Applied: b (3 + 0 of 5 → 6) and c (3 + 1 → 8) change; a unchanged (5 of 5); d has no levels and keeps its 7.
    const applied = await call(teacher, 'POST', `/api/admin/exams/${e.id}/grading/questions/${q.id}/rubric/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ rescored: 3, changed: 2, to_review: 0, to_settle: 0 });
    expect(applied.json().message).toBe('2 copies ont changé de note.');
    const after = gradingQueueSchema.parse((await call(teacher, 'GET', `/api/admin/exams/${e.id}/grading/questions/${q.id}`)).json().data);
    expect(after.question.rubric_changed).toBe(false);
    const pts = (text: string) => after.copies.find((x) => x.text === text)!.mark!.points;
    expect([pts(a.text), pts(b.text), pts(c.text), pts(d.text)]).toEqual([10, 6, 8, 7]);
    // Each change is in the copy's journal, the attempt's score recomputed.
    const cJournal = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/attempts/${c.id}/journal`)).json().data;
    const cMarks = cJournal.events.filter((ev: { type: string }) => ev.type === 'MARK');
    expect(cMarks.map((m: { data: { points: number } }) => m.data.points)).toEqual([6, 8]);
    expect(cMarks[1].data.reason).toBe('RUBRIC_CHANGED');
    expect(journalSentence(cMarks[1], new Map([[q.id, 1]]))).toContain('barème modifié appliqué');
    const cShown = examShowResultSchema.parse((await call(c.token, 'GET', `/api/student/exams/${e.id}/show`)).json().data);
    expect(cShown.score).toBe(8);
    // Nothing newer to apply now.
    const again = await call(teacher, 'POST', `/api/admin/exams/${e.id}/grading/questions/${q.id}/rubric/apply`);
    expect(again.statusCode).toBe(422);
    // The saved version kept by graders after the re-score: the copy's version went up.
    expect(after.copies.find((x) => x.text === c.text)!.mark!.version).toBe(2);
  });
});
