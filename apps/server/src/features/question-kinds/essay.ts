// ESSAY (réponse rédigée) on the server: no possible solutions; the question keeps its settings (word limit, response
// template, grader information). A student sends { text }; the grade is no verdict but « en attente de correction »
// (pending: its points are not counted as 0), until a person marks it in the grading queue (features/human-grading).
// A regrade never touches it (`humanGraded`). Moodle `essay` in and out (graderinfo, responsetemplate,
// maxwordlimit); GIFT's essay is `{}`.
import { countWords, ESSAY_TEXTS, essayAnswerSchema, essaySettingsSchema, NO_ESSAY_SETTINGS, type EssaySettings, type Question } from '@exam/shared';
import { cdata, child, textOf, type XmlElement } from '../../lib/xml';
import { answerError, num, plain } from './common';
import { readMoodleFile } from './file';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind } from './types';

export interface EssayQuestion {
  type: 'ESSAY';
  word_limit: number | null;
}

export const ESSAY_SERVER_TEXTS = {
  empty: 'Votre réponse est vide : écrivez-la avant de l’envoyer.',
} as const;

/** The settings as stored (a column of JSON), read safely: an unreadable value is no setting. */
export function essaySettingsOf(value: unknown): EssaySettings {
  const parsed = essaySettingsSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : (value ?? {}));
  return parsed.success ? parsed.data : NO_ESSAY_SETTINGS;
}

const html = (s: string | null) => `<text>${s ? cdata(s) : ''}</text>`;

function writeMoodle(q: Question): { type: string; body: string } {
  const s = q.essay ?? NO_ESSAY_SETTINGS;
  return {
    type: 'essay',
    body: [
      `    <responseformat>editor</responseformat>`,
      `    <responserequired>1</responserequired>`,
      `    <responsefieldlines>15</responsefieldlines>`,
      `    <minwordlimit></minwordlimit>`,
      `    <maxwordlimit>${s.word_limit ?? ''}</maxwordlimit>`,
      `    <attachments>0</attachments>`,
      `    <attachmentsrequired>0</attachmentsrequired>`,
      // Plain text, as they are kept here (line breaks and all).
      `    <graderinfo format="plain_text">${html(s.grader_info)}</graderinfo>`,
      `    <responsetemplate format="plain_text">${html(s.response_template)}</responsetemplate>`,
    ].join('\n'),
  };
}

function readMoodle(q: XmlElement, notes: string[]): KindImport | string {
  const graderInfo = child(q, 'graderinfo');
  const template = child(q, 'responsetemplate');
  const asText = (el: XmlElement | undefined) => {
    const t = child(el, 'text')?.text ?? '';
    return el?.attrs.format === 'html' ? plain(t) : t.trim();
  };
  const limit = num(textOf(q, 'maxwordlimit'));
  const attachments = num(textOf(q, 'attachments'));
  if (Number.isFinite(attachments) && attachments !== 0) notes.push('Les fichiers joints de Moodle ne sont pas repris : la réponse est un texte.');
  // Files only: a file answer (FILE).
  if (textOf(q, 'responseformat') === 'noinline') return readMoodleFile(q, notes);
  if (Number.isFinite(num(textOf(q, 'minwordlimit'))) && num(textOf(q, 'minwordlimit')) > 0) notes.push('Le nombre minimal de mots n’est pas repris.');
  return {
    type: 'ESSAY',
    possible_solutions: [],
    essay: {
      word_limit: Number.isFinite(limit) && limit >= 1 ? Math.min(20_000, Math.round(limit)) : null,
      grader_info: asText(graderInfo) || null,
      response_template: asText(template) || null,
    },
  };
}

export const essayServerKind = {
  kind: 'ESSAY',
  fields: { language: false, program: false, tolerance: false, scoring: false, essay: true },
  storeSolution: (_p, empty) => empty,
  toGradable: (q) => ({ type: 'ESSAY', word_limit: q.essay?.word_limit ?? null }),
  grade: async (_ctx, input) => {
    const parsed = essayAnswerSchema.safeParse(input.answer);
    if (!parsed.success) throw answerError(parsed.error.issues[0]?.message ?? ESSAY_SERVER_TEXTS.empty);
    const words = countWords(parsed.data.text);
    if (words === 0) throw answerError(ESSAY_SERVER_TEXTS.empty);
    const limit = input.question.word_limit;
    // A draft kept at the end is handed in whatever its length: the graders see its count against the limit.
    if (limit !== null && words > limit && !input.draft) throw answerError(ESSAY_TEXTS.overLimit(words, limit));
    return { is_valid: false, score: 0, pending: true, details: { type: 'ESSAY', pending: true, words, comment: null } };
  },
  ungradable: () => ({ type: 'ESSAY', pending: true, words: 0, comment: null }),
  humanGraded: true,
  usesRunner: false,
  runsExamples: false,
  student: (q) => ({
    ...NO_STUDENT_FIELDS,
    essay: { word_limit: q.essay?.word_limit ?? null, response_template: q.essay?.response_template ?? null },
  }),
  solution: () => null,
  checkOnSave: async () => 0,
  checkVariant: async () => null,
  moodle: { write: writeMoodle, read: { essay: readMoodle } },
  gift: { write: () => '{}' },
} satisfies ServerQuestionKind<'ESSAY', EssayQuestion>;
