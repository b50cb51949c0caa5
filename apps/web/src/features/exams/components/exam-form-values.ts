// The exam editor's values: what the form holds (dates as Paris wall-clock text, numbers as typed), how an exam
// fills it and how it becomes the API's body, checked by the shared schema with its messages on the fields.
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { examInputSchema, type Exam, type ExamData, type ExamInput, type Language, type QuestionKind } from '@exam/shared';
import { TIME_ZONE } from '@/components/format';
import { examsTexts } from '../texts';

dayjs.extend(utc);
dayjs.extend(timezone);

const t = examsTexts.form;
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A UTC instant → the picker's wall-clock value in Paris. */
export const toParis = (iso: string | null | undefined) => (iso ? dayjs.utc(iso).tz(TIME_ZONE).format(PICKER_FORMAT) : null);
/** The picker's wall-clock value in Paris → ISO 8601 in UTC. */
export const fromParis = (value: string | null) => (value ? dayjs.tz(value, PICKER_FORMAT, TIME_ZONE).toISOString() : '');

export interface ExamQuestionRow {
  question_id: number;
  points: number | string;
  type: QuestionKind;
  language: Language | null;
  excerpt: string;
  /** Empty: the exam's rule. */
  max_submissions: number | string;
  wrong_try_penalty: string | null;
  /** Its section's number (from 1), as text for the select. */
  section: string;
}

export interface ExamSectionRow {
  title: string;
  /** Empty: every question of the section. */
  pick: number | string;
  shuffle: boolean;
}

export interface ExamFormValues {
  title: string;
  description: string;
  academic_year_id: string | null;
  specialization_ids: string[];
  start_at: string | null;
  end_at: string | null;
  duration_minutes: number | string;
  show_solutions_after_close: boolean;
  show_provisional_score: boolean;
  /** Empty: no limit. */
  max_submissions: number | string;
  /** A PENALTY_OPTIONS value. */
  wrong_try_penalty: string;
  sections: ExamSectionRow[];
  questions: ExamQuestionRow[];
}

/** Moodle's usual penalties per wrong try, as fractions of the question's points. */
export const PENALTIES = [0, 0.1, 0.2, 0.25, 0.333, 0.5, 1];
const penaltyLabel = (p: number) => (p === 0 ? t.noPenalty : `${(Math.round(p * 1000) / 10).toLocaleString('fr-FR')} %`);
export const penaltyOptions = (current: number | null) =>
  [...new Set([...PENALTIES, ...(current != null ? [current] : [])])].sort((a, b) => a - b).map((p) => ({ value: String(p), label: penaltyLabel(p) }));

/** A new exam opens tomorrow at 09:00 and closes at 11:00, Paris time. */
const tomorrowAt = (hour: number) => dayjs().tz(TIME_ZONE).add(1, 'day').hour(hour).minute(0).second(0).format(PICKER_FORMAT);

export const toForm = (e?: Exam): ExamFormValues => ({
  title: e?.title ?? '',
  description: e?.description ?? '',
  academic_year_id: e ? String(e.academic_year_id) : null,
  specialization_ids: e ? e.specialization_ids.map(String) : [],
  start_at: e ? toParis(e.start_at) : tomorrowAt(9),
  end_at: e ? toParis(e.end_at) : tomorrowAt(11),
  duration_minutes: e?.duration_minutes ?? '',
  show_solutions_after_close: e?.show_solutions_after_close === 1,
  show_provisional_score: e?.show_provisional_score === 1,
  max_submissions: e?.max_submissions ?? '',
  wrong_try_penalty: String(e?.wrong_try_penalty ?? 0),
  sections: e?.sections.length ? e.sections.map((s) => ({ title: s.title, pick: s.pick ?? '', shuffle: s.shuffle === 1 })) : [{ title: '', pick: '', shuffle: false }],
  questions: (e?.questions ?? []).map((q) => ({
    question_id: q.question_id,
    points: q.points,
    type: q.type,
    language: q.language,
    excerpt: q.statement_excerpt,
    max_submissions: q.max_submissions ?? '',
    wrong_try_penalty: q.wrong_try_penalty == null ? null : String(q.wrong_try_penalty),
    section: String(q.section),
  })),
});

/** The body sent to the API (dates in UTC). */
export const toBody = (v: ExamFormValues, version?: number): ExamInput => ({
  title: v.title,
  description: v.description,
  academic_year_id: v.academic_year_id ? Number(v.academic_year_id) : 0,
  specialization_ids: v.specialization_ids.map(Number),
  start_at: fromParis(v.start_at),
  end_at: fromParis(v.end_at),
  duration_minutes: v.duration_minutes === '' ? null : Number(v.duration_minutes),
  show_solutions_after_close: v.show_solutions_after_close ? 1 : 0,
  show_provisional_score: v.show_provisional_score ? 1 : 0,
  max_submissions: v.max_submissions === '' ? null : Number(v.max_submissions),
  wrong_try_penalty: Number(v.wrong_try_penalty),
  questions: v.questions.map((q) => ({
    question_id: q.question_id,
    points: Number(q.points),
    max_submissions: q.max_submissions === '' ? null : Number(q.max_submissions),
    wrong_try_penalty: q.wrong_try_penalty == null ? null : Number(q.wrong_try_penalty),
    section: Number(q.section) || 1,
  })),
  sections: v.sections.map((s) => ({ title: s.title, pick: s.pick === '' ? null : Number(s.pick), shuffle: s.shuffle ? 1 : 0 })),
  ...(version !== undefined ? { version } : {}),
});

// The shared schema checks the body; its messages go back on the form's fields.
export const resolver: Resolver<ExamFormValues> = async (values, context, options) => {
  const body = toBody(values);
  const res = await (zodResolver(examInputSchema) as unknown as Resolver<ExamInput, unknown, ExamData>)(body as ExamInput, context, options as never);
  return Object.keys(res.errors).length ? { values: {}, errors: res.errors as never } : { values, errors: {} };
};

/**
 * True when some question of the exam allows several tries (its own limit, else the exam's; none: unlimited) with
 * a penalty per wrong try: with hidden verdicts the student would retry blind, and the editor says so.
 */
export function allowsRetriesWithPenalty(exam: Pick<Exam, 'max_submissions' | 'wrong_try_penalty' | 'questions'>): boolean {
  return exam.questions.some((q) => {
    const tries = q.max_submissions ?? exam.max_submissions;
    const penalty = q.wrong_try_penalty ?? exam.wrong_try_penalty;
    return (tries === null || tries > 1) && penalty > 0;
  });
}
