// The exam body's French messages, as the web form and the API both show them.
import { describe, expect, it } from 'vitest';
import { EXAM_STATUS_LABELS, EXAM_TRANSITIONS, examInputSchema, perStudentTotals } from './exams';

const base = {
  title: 'Partiel',
  academic_year_id: 1,
  specialization_ids: [2, 2],
  start_at: '2026-01-15T09:00:00+01:00',
  end_at: '2026-01-15T11:00:00+01:00',
  questions: [{ question_id: 5, points: 2.5 }],
};

function errorsOf(input: unknown): Record<string, string[]> {
  const r = examInputSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.') || '_'] ??= []).push(i.message);
  return out;
}

describe('examInputSchema', () => {
  it('normalises dates to UTC, dedupes parcours and applies defaults', () => {
    const v = examInputSchema.parse(base);
    expect(v.start_at).toBe('2026-01-15T08:00:00.000Z');
    expect(v.end_at).toBe('2026-01-15T10:00:00.000Z');
    expect(v.specialization_ids).toEqual([2]);
    expect(v).toMatchObject({ description: '', duration_minutes: null, show_solutions_after_close: 0 });
  });

  it('answers in French for each bad field', () => {
    const e = errorsOf({ title: ' ', specialization_ids: [], start_at: '2026-01-15 09:00', duration_minutes: 0, questions: [{ question_id: 1, points: 0 }] });
    expect(e.title).toEqual(['Le titre est obligatoire.']);
    expect(e.academic_year_id[0]).toMatch(/L’année universitaire est obligatoire/);
    expect(e.specialization_ids).toEqual(['Choisissez au moins un parcours.']);
    expect(e.start_at[0]).toMatch(/^La date d’ouverture doit être une date et une heure valides/);
    expect(e.end_at).toEqual(['La date de fermeture est obligatoire.']);
    expect(e.duration_minutes).toEqual(['La durée doit être d’au moins 1 minute.']);
    expect(e['questions.0.points']).toEqual(['Les points doivent être supérieurs à 0.']);
    expect(errorsOf({ ...base, duration_minutes: 1441 }).duration_minutes[0]).toMatch(/ne doit pas dépasser 1440 minutes/);
    expect(errorsOf({ ...base, start_at: '2026-01-15T09:00:00' }).start_at[0]).toMatch(/avec leur fuseau/);
    expect(examInputSchema.parse({ ...base, duration_minutes: '' }).duration_minutes).toBeNull();
    expect(errorsOf({ ...base, questions: [{ question_id: 3_000_000_000, points: 1 }] })['questions.0.question_id'][0]).toMatch(/^La question est invalide/);
    expect(errorsOf({ ...base, description: 'a\u0000b' }).description[0]).toMatch(/caractère non autorisé/);
  });

  it('refuses dates in the wrong order and duplicated questions', () => {
    const e = errorsOf({ ...base, end_at: base.start_at, questions: [{ question_id: 5, points: 1 }, { question_id: 7, points: 1 }, { question_id: 5, points: 2 }] });
    expect(e.end_at).toEqual(["La date de fermeture doit être postérieure à la date d’ouverture."]);
    expect(e.questions).toEqual(["La question 5 figure plusieurs fois dans l’examen."]);
  });

  it('labels every status in French and never lets an archived exam move', () => {
    expect(Object.values(EXAM_STATUS_LABELS)).toEqual(['Brouillon', 'Publié', 'Clôturé', 'Archivé']);
    expect(EXAM_TRANSITIONS.ARCHIVED).toEqual([]);
  });
});

describe('sections', () => {
  it('defaults to one section giving every question', () => {
    const r = examInputSchema.parse(base);
    expect(r.sections).toEqual([{ title: '', pick: null, shuffle: 0 }]);
    expect(r.questions[0].section).toBe(1);
  });

  it('says on the field what makes a draw impossible', () => {
    const qs = [
      { question_id: 1, points: 2, section: 2 },
      { question_id: 2, points: 3, section: 2 },
    ];
    expect(errorsOf({ ...base, sections: [{}, { pick: 1 }], questions: qs })['sections.1.pick']).toEqual([
      'Les questions de la section 2 sont tirées au sort : elles doivent toutes valoir le même nombre de points.',
    ]);
    expect(errorsOf({ ...base, sections: [{}, { pick: 3 }], questions: qs })['sections.1.pick']).toEqual(['La section 2 tire 3 questions mais n’en contient que 2.']);
    expect(errorsOf({ ...base, questions: qs })['questions.0.section']).toEqual(['La section 2 n’existe pas : l’examen en a 1.']);
    // Drawing all of them is no draw: unequal points are fine.
    expect(errorsOf({ ...base, sections: [{}, { pick: 2 }], questions: qs })).toEqual({});
  });

  it('counts what one student gets', () => {
    const qs = [
      { section: 1, points: 1 },
      { section: 1, points: 2 },
      { section: 2, points: 4 },
      { section: 2, points: 4 },
      { section: 2, points: 4 },
    ];
    expect(perStudentTotals([{ pick: null }, { pick: 2 }], qs)).toEqual({ question_count: 4, total_points: 11 });
    expect(perStudentTotals([{ pick: null }, { pick: null }], qs)).toEqual({ question_count: 5, total_points: 15 });
    expect(perStudentTotals([{ pick: 5 }, { pick: 1 }], qs)).toEqual({ question_count: 3, total_points: 7 });
  });
});
