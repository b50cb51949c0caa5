// Staff exams through the API: access, validation in French, lifecycle, questions frozen once a student has
// started, delete rules, concurrent edits, extra time, and what a student may ever see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, seedStructure, seedUser, type SeededUser, type TestApp } from '../../../test/helper';
import { findSessionUserById } from '../auth';
import { listExamsForStudent } from './index';

let t: TestApp;
let teacher: string;
let s: Awaited<ReturnType<typeof seedStructure>>;
let q: number[];
let studentUser: SeededUser;

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function seedQuestion(type: 'QCM' | 'EXACT' | 'ALGORITHM' | 'MATH', statement: string, points = 1): Promise<number> {
  const row = await t.ctx.db
    .insertInto('questions')
    .values({ type, statement, points, language: type === 'ALGORITHM' ? 'PYTHON' : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
  s = await seedStructure(t.ctx);
  studentUser = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
  q = [
    await seedQuestion('QCM', '<p>Quelle est la <strong>moyenne</strong> de 2 et 4&nbsp;?</p>', 2),
    await seedQuestion('EXACT', '<p>Capitale de la France ?</p>'),
    await seedQuestion('ALGORITHM', `<p>${'Écrire un programme qui lit n et affiche la somme des entiers de 1 à n. '.repeat(5)}</p>`, 4),
    await seedQuestion('MATH', '<p>Dérivée de <span data-type="math-inline" data-latex="x^2">x^2</span></p>'),
  ];
});
afterAll(async () => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

function body(over: Record<string, unknown> = {}) {
  return {
    title: 'Partiel de statistique',
    description: 'Calculatrice interdite.',
    academic_year_id: s.yearId,
    specialization_ids: [s.specializationId],
    start_at: at(-HOUR),
    end_at: at(48 * HOUR),
    duration_minutes: 60,
    show_solutions_after_close: 1,
    questions: [
      { question_id: q[0], points: 2 },
      { question_id: q[1], points: 1.5 },
    ],
    ...over,
  };
}

type ExamOut = { id: number; version: number; status: string; questions: Array<{ question_id: number; points: number; position: number; max_submissions?: number | null; wrong_try_penalty?: number | null }> } & Record<string, unknown>;

async function makeExam(over: Record<string, unknown> = {}): Promise<ExamOut> {
  const res = await call(teacher, 'POST', '/api/admin/exams/create', body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function setStatus(id: number, status: string) {
  return call(teacher, 'PUT', `/api/admin/exams/${id}/update-status/${status}`);
}

async function startAttempt(examId: number, userId: number, finished = false) {
  await t.ctx.db
    .insertInto('exam_attempts')
    .values({ exam_id: examId, user_id: userId, deadline: at(HOUR), finished_at: finished ? new Date() : null })
    .execute();
}

describe('staff exams', () => {
  it('creates a draft, shows it with its questions and lists it with its counts', async () => {
    const e = await makeExam({ start_at: '2030-01-15T09:00:00+01:00', end_at: '2030-01-15T11:00:00+01:00' });
    expect(e).toMatchObject({
      title: 'Partiel de statistique',
      status: 'DRAFT',
      version: 1,
      start_at: '2030-01-15T08:00:00.000Z',
      end_at: '2030-01-15T10:00:00.000Z',
      duration_minutes: 60,
      show_solutions_after_close: 1,
      specialization_ids: [s.specializationId],
      question_count: 2,
      total_points: 3.5,
      started_count: 0,
      finished_count: 0,
      extra_times: [],
    });
    expect(e.questions).toEqual([
      { question_id: q[0], position: 1, points: 2, type: 'QCM', language: null, statement_excerpt: 'Quelle est la moyenne de 2 et 4 ?', default_points: 2, max_submissions: null, wrong_try_penalty: null, section: 1 },
      { question_id: q[1], position: 2, points: 1.5, type: 'EXACT', language: null, statement_excerpt: 'Capitale de la France ?', default_points: 1, max_submissions: null, wrong_try_penalty: null, section: 1 },
    ]);
    // Only the declared fields leave the server.
    expect(Object.keys(e).sort()).toEqual(
      [
        'academic_year_id', 'academic_year_label', 'author_id', 'author_name', 'created_at', 'description', 'duration_minutes', 'end_at', 'extra_times',
        'finished_count', 'id', 'max_submissions', 'question_count', 'questions', 'sections', 'show_provisional_score', 'show_solutions_after_close', 'specialization_ids', 'specializations', 'start_at',
        'started_count', 'status', 'title', 'total_points', 'updated_at', 'version', 'wrong_try_penalty',
      ].sort(),
    );

    const long = await makeExam({ questions: [{ question_id: q[2], points: 4 }] });
    expect((long.questions[0] as unknown as { statement_excerpt: string }).statement_excerpt).toMatch(/^Écrire un programme .{100,160}…$/);

    const show = await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`);
    expect(show.statusCode).toBe(200);
    expect(show.json().data).toEqual(e);

    const list = await call(teacher, 'GET', `/api/admin/exams?search=partiel&academic_year_id=${s.yearId}&specialization_id=${s.specializationId}&status=DRAFT&sort=-start_at`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((x: { id: number }) => x.id === e.id);
    expect(row).toMatchObject({ question_count: 2, total_points: 3.5, started_count: 0, finished_count: 0, status: 'DRAFT' });
    expect(row.questions).toBeUndefined();
    expect(list.json().data[0].id).toBe(e.id); // 2030: the latest opening first

    const other = await seedStructure(t.ctx);
    expect((await call(teacher, 'GET', `/api/admin/exams?specialization_id=${other.specializationId}`)).json().data).toEqual([]);
    expect((await call(teacher, 'GET', '/api/admin/exams?status=ARCHIVED')).json().meta.total).toBe(0);
    const badSort = await call(teacher, 'GET', '/api/admin/exams?sort=version');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors.sort[0]).toMatch(/Le tri « version » n’est pas disponible/);
    expect((await call(teacher, 'GET', '/api/admin/exams?status=OPEN')).statusCode).toBe(422);
  });

  it('paginates and sorts by title', async () => {
    const y = await seedStructure(t.ctx);
    for (const title of ['B examen', 'A examen', 'C examen']) await makeExam({ title, academic_year_id: y.yearId, specialization_ids: [y.specializationId] });
    const p1 = await call(teacher, 'GET', `/api/admin/exams?academic_year_id=${y.yearId}&sort=title&per_page=2`);
    expect(p1.json().data.map((x: { title: string }) => x.title)).toEqual(['A examen', 'B examen']);
    expect(p1.json().meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    const p2 = await call(teacher, 'GET', `/api/admin/exams?academic_year_id=${y.yearId}&sort=-title&per_page=2&page=2`);
    expect(p2.json().data.map((x: { title: string }) => x.title)).toEqual(['A examen']);
    expect(p2.json().meta.total).toBe(3);
  });

  it('counts students who started and finished', async () => {
    const e = await makeExam();
    expect((await setStatus(e.id, 'PUBLISHED')).statusCode).toBe(200);
    const a = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    const b = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    await startAttempt(e.id, a.id, true);
    await startAttempt(e.id, b.id);
    const list = await call(teacher, 'GET', `/api/admin/exams?status=PUBLISHED&per_page=100`);
    expect(list.json().data.find((x: { id: number }) => x.id === e.id)).toMatchObject({ started_count: 2, finished_count: 1 });
  });

  it('is closed to students and anonymous callers', async () => {
    const e = await makeExam();
    const student = await loginAs(t.app, studentUser);
    expect((await call(student, 'GET', '/api/admin/exams')).statusCode).toBe(403);
    expect((await call(student, 'POST', '/api/admin/exams/create', body())).statusCode).toBe(403);
    expect((await call(student, 'GET', `/api/admin/exams/${e.id}/show`)).statusCode).toBe(403);
    expect((await call(student, 'PUT', `/api/admin/exams/${e.id}/update-status/PUBLISHED`)).statusCode).toBe(403);
    expect((await call(student, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: 30 })).statusCode).toBe(403);
    expect((await call(student, 'DELETE', `/api/admin/exams/${e.id}/delete`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/exams' })).statusCode).toBe(401);
    const admin = await loginAs(t.app, await seedUser(t.ctx, 'ADMIN'));
    expect((await call(admin, 'GET', `/api/admin/exams/${e.id}/show`)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('describes every exam route with its body and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/admin/exams', '/api/admin/exams/create', '/api/admin/exams/{id}/update', '/api/admin/exams/{id}/show', '/api/admin/exams/{id}/delete', '/api/admin/exams/{id}/update-status/{status}', '/api/admin/exams/{id}/extra-time', '/api/admin/exams/{id}/duplicate']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const create = doc.paths['/api/admin/exams/create'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['title', 'start_at', 'end_at', 'questions']));
    expect(create.responses['200'].content['application/json'].schema.properties.data.properties.questions).toBeDefined();
  });
});

describe('validation', () => {
  it('answers each bad field in French', async () => {
    const res = await call(teacher, 'POST', '/api/admin/exams/create', {
      title: '  ',
      specialization_ids: [],
      start_at: '15/01/2030 09:00',
      end_at: '2030-01-15T11:00:00Z',
      duration_minutes: 1441,
      questions: [{ question_id: q[0], points: 0 }],
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.title).toEqual(['Le titre est obligatoire.']);
    expect(e.academic_year_id[0]).toBe("L’année universitaire est obligatoire.");
    expect(e.specialization_ids).toEqual(['Choisissez au moins un parcours.']);
    expect(e.start_at[0]).toMatch(/^La date d’ouverture doit être une date et une heure valides/);
    expect(e.duration_minutes[0]).toBe('La durée ne doit pas dépasser 1440 minutes (24 heures).');
    expect(e['questions.0.points']).toEqual(['Les points doivent être supérieurs à 0.']);
  });

  it('refuses dates in the wrong order and duplicated questions', async () => {
    const res = await call(teacher, 'POST', '/api/admin/exams/create', body({ end_at: at(-2 * HOUR) }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: "La date de fermeture doit être postérieure à la date d’ouverture.", errors: { end_at: ["La date de fermeture doit être postérieure à la date d’ouverture."] } });
    const dup = await call(teacher, 'POST', '/api/admin/exams/create', body({ questions: [{ question_id: q[0], points: 1 }, { question_id: q[0], points: 2 }] }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.questions).toEqual([`La question ${q[0]} figure plusieurs fois dans l’examen.`]);
  });

  it('names unknown questions, parcours and year, and writes nothing', async () => {
    const before = await t.ctx.db.selectFrom('exams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await call(teacher, 'POST', '/api/admin/exams/create', body({
      academic_year_id: 999999,
      specialization_ids: [999998],
      questions: [{ question_id: q[0], points: 1 }, { question_id: 999990, points: 1 }, { question_id: 999991, points: 1 }],
    }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      academic_year_id: ["Cette année universitaire n’existe pas."],
      specialization_ids: ['Parcours introuvable : 999998.'],
      questions: ['Questions introuvables : 999990, 999991.'],
    });
    const after = await t.ctx.db.selectFrom('exams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await call(teacher, 'GET', '/api/admin/exams/999999/show')).statusCode).toBe(404);
    expect((await call(teacher, 'PUT', '/api/admin/exams/999999/update', body())).json().message).toBe('Cet examen est introuvable.');
  });
});

describe('lifecycle', () => {
  it('goes DRAFT → PUBLISHED → CLOSED → ARCHIVED and refuses illegal moves in French', async () => {
    const e = await makeExam();
    const illegal = await setStatus(e.id, 'CLOSED');
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe("Impossible de passer l’examen de « Brouillon » à « Clôturé » : depuis « Brouillon », seul « Publié » est possible.");
    expect((await setStatus(e.id, 'DRAFT')).json().message).toBe("L’examen est déjà « Brouillon ».");
    const pub = await setStatus(e.id, 'PUBLISHED');
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ message: 'Examen passé au statut « Publié ».', data: { status: 'PUBLISHED', version: 2 } });
    expect((await setStatus(e.id, 'ARCHIVED')).json().message).toBe(
      "Impossible de passer l’examen de « Publié » à « Archivé » : depuis « Publié », seul « Clôturé » ou « Brouillon » est possible.",
    );
    expect((await setStatus(e.id, 'CLOSED')).statusCode).toBe(200);
    expect((await setStatus(e.id, 'PUBLISHED')).json().message).toMatch(/^Impossible de passer l’examen de « Clôturé » à « Publié »/);
    expect((await setStatus(e.id, 'ARCHIVED')).statusCode).toBe(200);
    const frozen = await setStatus(e.id, 'DRAFT');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe("Impossible de passer l’examen de « Archivé » à « Brouillon » : un examen archivé ne change plus de statut.");
    expect((await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body())).json().message).toBe('Un examen archivé ne peut plus être modifié.');
    const bad = await setStatus(e.id, 'OPEN');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Le statut doit être DRAFT, PUBLISHED, CLOSED ou ARCHIVED.');
  });

  it('publishes only with a question and a closing time still ahead', async () => {
    const empty = await makeExam({ questions: [] });
    const r = await setStatus(empty.id, 'PUBLISHED');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe("Impossible de passer l’examen de « Brouillon » à « Publié » : il n’a aucune question.");
    const past = await makeExam({ start_at: at(-48 * HOUR), end_at: at(-24 * HOUR) });
    expect((await setStatus(past.id, 'PUBLISHED')).json().message).toMatch(/sa date de fermeture est déjà passée/);
  });

  it('goes back to draft only while nobody has started', async () => {
    const e = await makeExam();
    await setStatus(e.id, 'PUBLISHED');
    expect((await setStatus(e.id, 'DRAFT')).statusCode).toBe(200);
    await setStatus(e.id, 'PUBLISHED');
    await startAttempt(e.id, studentUser.id);
    const back = await setStatus(e.id, 'DRAFT');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe("Impossible de passer l’examen de « Publié » à « Brouillon » : 1 étudiant a déjà commencé cet examen.");
    const published = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ questions: [] }));
    expect(published.statusCode).toBe(422);
    expect(published.json().errors.questions).toEqual(['Un examen publié doit garder au moins une question.']);
  });
});

describe('once students have started', () => {
  it('freezes questions, points and order, but lets dates, title and description move', async () => {
    const e = await makeExam();
    await setStatus(e.id, 'PUBLISHED');
    const a = await seedUser(t.ctx, 'STUDENT', { academic_year_id: s.yearId, specialization_id: s.specializationId });
    await startAttempt(e.id, a.id);
    await startAttempt(e.id, studentUser.id);
    const version = 2;

    const points = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, questions: [{ question_id: q[0], points: 3 }, { question_id: q[1], points: 1.5 }] }));
    expect(points.statusCode).toBe(409);
    expect(points.json().message).toBe(
      'Les questions, les sections, leur ordre et leurs points ne peuvent plus changer : 2 étudiants ont déjà commencé cet examen. Les dates, le titre et la description restent modifiables.',
    );
    const order = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, questions: [{ question_id: q[1], points: 1.5 }, { question_id: q[0], points: 2 }] }));
    expect(order.statusCode).toBe(409);
    const added = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, questions: [...body().questions, { question_id: q[3], points: 1 }] }));
    expect(added.statusCode).toBe(409);
    const other = await seedStructure(t.ctx);
    const removed = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, specialization_ids: [other.specializationId] }));
    expect(removed.json().message).toBe('Un parcours ne peut plus être retiré : 2 étudiants ont déjà commencé cet examen. Vous pouvez encore en ajouter.');
    const year = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, academic_year_id: other.yearId }));
    expect(year.statusCode).toBe(409);
    // Nor the tries allowed, nor their penalty, for the exam or one of its questions.
    const tries = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, max_submissions: 3 }));
    expect(tries.statusCode).toBe(409);
    expect(tries.json().message).toBe('Le nombre d’essais et la pénalité ne peuvent plus changer : 2 étudiants ont déjà commencé cet examen.');
    expect((await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, wrong_try_penalty: 0.5 }))).statusCode).toBe(409);
    const ownTries = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version, questions: [{ question_id: q[0], points: 2, max_submissions: 1 }, { question_id: q[1], points: 1.5 }] }));
    expect(ownTries.statusCode).toBe(409);
    // Nothing of the refused edits was written.
    const still = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data;
    expect(still).toMatchObject({ version: 2, total_points: 3.5, specialization_ids: [s.specializationId] });

    const newEnd = '2031-06-30T18:00:00.000Z';
    const moved = await call(
      teacher,
      'PUT',
      `/api/admin/exams/${e.id}/update`,
      body({ version, title: 'Partiel (prolongé)', description: 'Fermeture repoussée.', end_at: newEnd, specialization_ids: [s.specializationId, other.specializationId] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ title: 'Partiel (prolongé)', end_at: newEnd, version: 3, started_count: 2, total_points: 3.5 });
    expect(moved.json().data.specialization_ids).toHaveLength(2);
  });

  it('keeps the tries allowed and the penalty of the exam and of each question, and refuses bad ones in French', async () => {
    const e = await makeExam({ max_submissions: 3, wrong_try_penalty: 0.1, questions: [{ question_id: q[0], points: 2, max_submissions: 1, wrong_try_penalty: 0.5 }, { question_id: q[1], points: 1.5 }] });
    expect(e).toMatchObject({ max_submissions: 3, wrong_try_penalty: 0.1 });
    expect(e.questions.map((x) => [x.max_submissions, x.wrong_try_penalty])).toEqual([
      [1, 0.5],
      [null, null],
    ]);
    const bad = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ max_submissions: 0, wrong_try_penalty: 2 }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.max_submissions[0]).toBe('Le nombre d’essais doit être d’au moins 1 (laissez vide pour ne pas limiter).');
    expect(bad.json().errors.wrong_try_penalty[0]).toBe('La pénalité ne doit pas dépasser 100 % des points.');
    // Empty: no limit, no penalty (a cleared form field).
    const cleared = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ max_submissions: '', wrong_try_penalty: '' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ max_submissions: null, wrong_try_penalty: 0 });
  });

  it('lets a draft never started change everything', async () => {
    const e = await makeExam();
    const res = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version: e.version, questions: [{ question_id: q[3], points: 5 }, { question_id: q[0], points: 0.25 }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.questions.map((x: { question_id: number; points: number; position: number }) => [x.question_id, x.points, x.position])).toEqual([
      [q[3], 5, 1],
      [q[0], 0.25, 2],
    ]);
  });
});

describe('delete', () => {
  it('deletes only a draft nobody started', async () => {
    const published = await makeExam();
    await setStatus(published.id, 'PUBLISHED');
    const r = await call(teacher, 'DELETE', `/api/admin/exams/${published.id}/delete`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Seul un examen en brouillon peut être supprimé ; celui-ci est « Publié ».');

    const started = await makeExam();
    await startAttempt(started.id, studentUser.id);
    const r2 = await call(teacher, 'DELETE', `/api/admin/exams/${started.id}/delete`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe('Cet examen ne peut pas être supprimé : 1 étudiant a déjà commencé cet examen.');

    const draft = await makeExam();
    await call(teacher, 'POST', `/api/admin/exams/${draft.id}/extra-time`, { user_id: studentUser.id, minutes: 20 });
    const del = await call(teacher, 'DELETE', `/api/admin/exams/${draft.id}/delete`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', message: 'Examen supprimé.', data: { id: draft.id } });
    expect(await t.ctx.db.selectFrom('exam_questions').select('question_id').where('exam_id', '=', draft.id).execute()).toEqual([]);
    expect((await call(teacher, 'DELETE', `/api/admin/exams/${draft.id}/delete`)).statusCode).toBe(404);
  });
});

describe('concurrent edits', () => {
  it('refuses a save based on a stale version', async () => {
    const e = await makeExam();
    const first = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version: 1, title: 'Version A' }));
    expect(first.statusCode).toBe(200);
    const second = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version: 1, title: 'Version B' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Cet examen a été modifié par quelqu'un d’autre depuis que vous l’avez ouvert/);
    expect((await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data).toMatchObject({ title: 'Version A', version: 2 });
  });

  it('lets exactly one of two simultaneous saves through', async () => {
    const e = await makeExam();
    const other = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));
    const [a, b] = await Promise.all([
      call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version: 1, title: 'Par A', questions: [{ question_id: q[0], points: 1 }] })),
      call(other, 'PUT', `/api/admin/exams/${e.id}/update`, body({ version: 1, title: 'Par B', questions: [{ question_id: q[1], points: 1 }, { question_id: q[2], points: 1 }] })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const shown = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data;
    expect(shown.title).toBe(winner.json().data.title);
    expect(shown.question_count).toBe(winner.json().data.question_count);
  });
});

describe('extra time', () => {
  it('gives, changes and removes a student’s extra minutes', async () => {
    const e = await makeExam();
    const give = await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: 20 });
    expect(give.statusCode, give.body).toBe(200);
    expect(give.json().message).toBe('Temps supplémentaire enregistré : 20 min.');
    expect(give.json().data.extra_times).toEqual([expect.objectContaining({ user_id: studentUser.id, minutes: 20 })]);
    await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: 45 });
    expect((await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data.extra_times).toEqual([expect.objectContaining({ minutes: 45 })]);
    const remove = await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: 0 });
    expect(remove.json()).toMatchObject({ message: 'Temps supplémentaire retiré.', data: { extra_times: [] } });
  });

  it('accepts only students of the exam’s year and parcours', async () => {
    const e = await makeExam();
    const other = await seedStructure(t.ctx);
    const outsider = await seedUser(t.ctx, 'STUDENT', { academic_year_id: other.yearId, specialization_id: s.specializationId });
    const r = await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: outsider.id, minutes: 10 });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.user_id).toEqual(["Cet utilisateur n’est pas un étudiant inscrit dans l’année et l’un des parcours de cet examen."]);
    expect((await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: 999999, minutes: 10 })).json().message).toBe("Cet étudiant n’existe pas.");
    expect((await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: -5 })).statusCode).toBe(422);
    expect((await call(teacher, 'POST', `/api/admin/exams/999999/extra-time`, { user_id: studentUser.id, minutes: 5 })).statusCode).toBe(404);
  });
});

describe('what a student sees', () => {
  it('lists only published and closed exams of the student’s year and parcours', async () => {
    const y = await seedStructure(t.ctx);
    const other = await seedStructure(t.ctx);
    const student = await seedUser(t.ctx, 'STUDENT', { academic_year_id: y.yearId, specialization_id: y.specializationId });
    const mine = { academic_year_id: y.yearId, specialization_ids: [y.specializationId] };
    const draft = await makeExam({ ...mine, title: 'Brouillon' });
    const published = await makeExam({ ...mine, title: 'Publié' });
    const closed = await makeExam({ ...mine, title: 'Clôturé' });
    const archived = await makeExam({ ...mine, title: 'Archivé' });
    const otherParcours = await makeExam({ academic_year_id: y.yearId, specialization_ids: [other.specializationId], title: 'Autre parcours' });
    const otherYear = await makeExam({ academic_year_id: other.yearId, specialization_ids: [y.specializationId], title: 'Autre année' });
    const shared = await makeExam({ academic_year_id: y.yearId, specialization_ids: [other.specializationId, y.specializationId], title: 'Deux parcours' });
    for (const e of [published, closed, archived, otherParcours, otherYear, shared]) await setStatus(e.id, 'PUBLISHED');
    for (const e of [closed, archived]) await setStatus(e.id, 'CLOSED');
    await setStatus(archived.id, 'ARCHIVED');

    const user = (await findSessionUserById(t.ctx.db, student.id))!;
    const seen = await listExamsForStudent(t.ctx.db, user);
    expect(seen.map((e) => e.title).sort()).toEqual(['Clôturé', 'Deux parcours', 'Publié']);
    expect(seen.find((e) => e.id === published.id)).toEqual({
      id: published.id,
      title: 'Publié',
      description: 'Calculatrice interdite.',
      start_at: published.start_at,
      end_at: published.end_at,
      duration_minutes: 60,
      status: 'PUBLISHED',
      show_solutions_after_close: 1,
      show_provisional_score: 0,
      max_submissions: null,
      wrong_try_penalty: 0,
      question_count: 2,
      total_points: 3.5,
    });
    expect(seen.some((e) => e.id === draft.id)).toBe(false);

    const unenrolled = (await findSessionUserById(t.ctx.db, (await seedUser(t.ctx, 'STUDENT')).id))!;
    expect(await listExamsForStudent(t.ctx.db, unenrolled)).toEqual([]);
  });
});

describe('duplicate', () => {
  it('copies a published, started exam into a new draft with the same questions, points and parcours, without its students', async () => {
    const e = await makeExam({ title: 'Partiel de mathématiques', questions: [{ question_id: q[3], points: 3 }, { question_id: q[0], points: 1.25 }] });
    expect((await setStatus(e.id, 'PUBLISHED')).statusCode).toBe(200);
    await startAttempt(e.id, studentUser.id);
    await call(teacher, 'POST', `/api/admin/exams/${e.id}/extra-time`, { user_id: studentUser.id, minutes: 15 });
    const other = await loginAs(t.app, await seedUser(t.ctx, 'TEACHER'));

    const res = await call(other, 'POST', `/api/admin/exams/${e.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data as ExamOut;
    expect(copy.id).not.toBe(e.id);
    expect(copy).toMatchObject({
      title: 'Partiel de mathématiques (copie)',
      description: e.description,
      status: 'DRAFT',
      version: 1,
      start_at: e.start_at,
      end_at: e.end_at,
      duration_minutes: 60,
      show_solutions_after_close: 1,
      specialization_ids: [s.specializationId],
      question_count: 2,
      total_points: 4.25,
      started_count: 0,
      extra_times: [],
    });
    expect(copy.questions.map((x) => [x.question_id, x.points, x.position])).toEqual([
      [q[3], 3, 1],
      [q[0], 1.25, 2],
    ]);
    // The original is untouched, and the copy can be edited freely (no student started it).
    const original = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data;
    expect(original).toMatchObject({ status: 'PUBLISHED', started_count: 1, title: 'Partiel de mathématiques' });
    const edit = await call(teacher, 'PUT', `/api/admin/exams/${copy.id}/update`, body({ questions: [{ question_id: q[1], points: 2 }], version: copy.version }));
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('keeps a long title within its limit, answers 404 in French for an unknown exam and 403 to a student', async () => {
    const e = await makeExam({ title: 'T'.repeat(200) });
    const copy = (await call(teacher, 'POST', `/api/admin/exams/${e.id}/duplicate`)).json().data as ExamOut;
    expect(copy.title).toBe(`${'T'.repeat(192)} (copie)`);
    const missing = await call(teacher, 'POST', '/api/admin/exams/999999/duplicate');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cet examen est introuvable.');
    const student = await loginAs(t.app, studentUser);
    expect((await call(student, 'POST', `/api/admin/exams/${e.id}/duplicate`)).statusCode).toBe(403);
  });
});

describe('sections: candidate questions, a draw per section, a shuffled order', () => {
  const pooled = (over: Record<string, unknown> = {}) =>
    body({
      sections: [
        { title: 'Questions de cours', pick: null, shuffle: 1 },
        { title: 'Exercice', pick: 1, shuffle: 0 },
      ],
      questions: [
        { question_id: q[0], points: 2, section: 1 },
        { question_id: q[1], points: 1, section: 1 },
        { question_id: q[2], points: 4, section: 2 },
        { question_id: q[3], points: 4, section: 2 },
      ],
      ...over,
    });

  it('stores the sections and counts what one student gets: questions and points', async () => {
    const res = await call(teacher, 'POST', '/api/admin/exams/create', pooled());
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data;
    expect(e.sections).toEqual([
      { position: 1, title: 'Questions de cours', pick: null, shuffle: 1 },
      { position: 2, title: 'Exercice', pick: 1, shuffle: 0 },
    ]);
    expect(e.questions.map((x: { question_id: number; section: number }) => [x.question_id, x.section])).toEqual([
      [q[0], 1],
      [q[1], 1],
      [q[2], 2],
      [q[3], 2],
    ]);
    expect(e.question_count).toBe(3);
    expect(e.total_points).toBe(7);
    // The copy keeps the sections.
    const copy = (await call(teacher, 'POST', `/api/admin/exams/${e.id}/duplicate`)).json().data;
    expect(copy.sections).toEqual(e.sections);
    expect(copy.total_points).toBe(7);
  });

  it('refuses in French a draw larger than its section, unequal points in a drawn section, an unknown section', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sections: [{ title: '', pick: 5 }] , questions: [{ question_id: q[0], points: 2 }] }, 'La section 1 tire 5 questions mais n’en contient que 1.'],
      [
        { sections: [{ pick: 1 }], questions: [{ question_id: q[0], points: 2 }, { question_id: q[1], points: 1 }] },
        'Les questions de la section 1 sont tirées au sort : elles doivent toutes valoir le même nombre de points.',
      ],
      [{ questions: [{ question_id: q[0], points: 2, section: 3 }] }, 'La section 3 n’existe pas : l’examen en a 1.'],
      [{ sections: [] }, 'Un examen a au moins une section.'],
    ];
    for (const [over, message] of cases) {
      const res = await call(teacher, 'POST', '/api/admin/exams/create', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(JSON.stringify(res.json().errors)).toContain(message);
    }
  });

  it('freezes the sections once a student has started', async () => {
    const e = (await call(teacher, 'POST', '/api/admin/exams/create', pooled())).json().data;
    await setStatus(e.id, 'PUBLISHED');
    await startAttempt(e.id, studentUser.id);
    const version = (await call(teacher, 'GET', `/api/admin/exams/${e.id}/show`)).json().data.version;
    const res = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, pooled({ version, sections: [{ title: 'Questions de cours', pick: null, shuffle: 0 }, { title: 'Exercice', pick: 1, shuffle: 0 }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('les sections');
    // The title may still change.
    const ok = await call(teacher, 'PUT', `/api/admin/exams/${e.id}/update`, pooled({ version, title: 'Partiel (session 1)' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
