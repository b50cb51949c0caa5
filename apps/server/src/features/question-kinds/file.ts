// FILE (réponse par fichier) on the server: no possible solutions; the question keeps its settings (accepted types,
// how many files, largest file, grader information). The student uploads files during the attempt (exam-taking's
// answer-files routes check the type by content, the size, the count); the answer is { files: [ids] }. The grade is
// no verdict but « en attente de correction » (pending: its points are not counted as 0), until a person marks it in
// the grading queue (features/human-grading). A regrade never touches it (`humanGraded`). Moodle `essay` with
// `responseformat` noinline (files only) reads as this kind, and is written back so.
import { DEFAULT_FILE_ANSWER_SETTINGS, FILE_ANSWER_MAX_FILES, FILE_ANSWER_SIZE_CEILING_MB, FILE_ANSWER_TEXTS, fileAnswerSchema, type FileAnswerSettings, type Question } from '@exam/shared';
import { cdata, child, textOf, type XmlElement } from '../../lib/xml';
import { answerError, num, plain } from './common';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind } from './types';

export interface FileQuestion {
  type: 'FILE';
  max_files: number;
}

/** Moodle's accepted types: its file type groups and extensions, read into ours (none we know: all ours). */
function acceptedFromMoodle(list: string): FileAnswerSettings['accepted'] {
  const words = list.toLowerCase().split(/[\s,;]+/).filter(Boolean);
  const out = new Set<FileAnswerSettings['accepted'][number]>();
  for (const w of words) {
    if (w === '.pdf' || w === 'pdf' || w === 'document') out.add('PDF');
    if (w === 'image' || w === 'web_image') ['JPEG', 'PNG', 'WEBP'].forEach((t) => out.add(t as 'JPEG'));
    if (w === '.jpg' || w === '.jpeg') out.add('JPEG');
    if (w === '.png') out.add('PNG');
    if (w === '.webp') out.add('WEBP');
  }
  return out.size ? (['PDF', 'JPEG', 'PNG', 'WEBP'] as const).filter((t) => out.has(t)) : [...DEFAULT_FILE_ANSWER_SETTINGS.accepted];
}

const MOODLE_TYPES: Record<FileAnswerSettings['accepted'][number], string> = { PDF: '.pdf', JPEG: '.jpg .jpeg', PNG: '.png', WEBP: '.webp' };

function writeMoodle(q: Question): { type: string; body: string } {
  const s = q.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS;
  return {
    type: 'essay',
    body: [
      `    <responseformat>noinline</responseformat>`,
      `    <responserequired>0</responserequired>`,
      `    <responsefieldlines>15</responsefieldlines>`,
      `    <minwordlimit></minwordlimit>`,
      `    <maxwordlimit></maxwordlimit>`,
      `    <attachments>${s.max_files}</attachments>`,
      `    <attachmentsrequired>1</attachmentsrequired>`,
      `    <maxbytes>${s.max_size_mb * 1024 * 1024}</maxbytes>`,
      `    <filetypeslist>${s.accepted.map((t) => MOODLE_TYPES[t]).join(' ')}</filetypeslist>`,
      `    <graderinfo format="plain_text"><text>${s.grader_info ? cdata(s.grader_info) : ''}</text></graderinfo>`,
      `    <responsetemplate format="plain_text"><text></text></responsetemplate>`,
    ].join('\n'),
  };
}

/** A Moodle essay answered by files only (`responseformat` noinline): its attachments, size and types. */
export function readMoodleFile(q: XmlElement, notes: string[]): KindImport {
  const info = child(q, 'graderinfo');
  const infoText = (() => {
    const t = child(info, 'text')?.text ?? '';
    return info?.attrs.format === 'html' ? plain(t) : t.trim();
  })();
  const attachments = num(textOf(q, 'attachments'));
  // Moodle's -1 is « unlimited »: the most we allow.
  const maxFiles = !Number.isFinite(attachments) || attachments === 0 ? 1 : attachments < 0 ? FILE_ANSWER_MAX_FILES : Math.min(FILE_ANSWER_MAX_FILES, Math.round(attachments));
  if (Number.isFinite(attachments) && (attachments < 0 || attachments > FILE_ANSWER_MAX_FILES)) notes.push(`Nombre de fichiers ramené à ${FILE_ANSWER_MAX_FILES}.`);
  const bytes = num(textOf(q, 'maxbytes'));
  const mb = Number.isFinite(bytes) && bytes > 0 ? Math.max(1, Math.min(FILE_ANSWER_SIZE_CEILING_MB, Math.floor(bytes / (1024 * 1024)))) : DEFAULT_FILE_ANSWER_SETTINGS.max_size_mb;
  return {
    type: 'FILE',
    possible_solutions: [],
    file_answer: { accepted: acceptedFromMoodle(textOf(q, 'filetypeslist') ?? ''), max_files: maxFiles, max_size_mb: mb, grader_info: infoText || null },
  };
}

export const fileServerKind = {
  kind: 'FILE',
  fields: { language: false, program: false, tolerance: false, scoring: false, fileAnswer: true },
  storeSolution: (_p, empty) => empty,
  toGradable: (q) => ({ type: 'FILE', max_files: q.file_answer?.max_files ?? DEFAULT_FILE_ANSWER_SETTINGS.max_files }),
  grade: async (_ctx, input) => {
    const parsed = fileAnswerSchema.safeParse(input.answer);
    if (!parsed.success) throw answerError(parsed.error.issues[0]?.message ?? FILE_ANSWER_TEXTS.noFile);
    const n = parsed.data.files.length;
    if (n === 0) throw answerError(FILE_ANSWER_TEXTS.noFile);
    if (n > input.question.max_files) throw answerError(FILE_ANSWER_TEXTS.tooManyInAnswer(input.question.max_files));
    return { is_valid: false, score: 0, pending: true, details: { type: 'FILE', pending: true, files: n, comment: null } };
  },
  ungradable: () => ({ type: 'FILE', pending: true, files: 0, comment: null }),
  humanGraded: true,
  usesRunner: false,
  runsExamples: false,
  student: (q) => {
    const s = q.file_answer ?? DEFAULT_FILE_ANSWER_SETTINGS;
    return { ...NO_STUDENT_FIELDS, file_answer: { accepted: s.accepted, max_files: s.max_files, max_size_mb: s.max_size_mb } };
  },
  solution: () => null,
  checkOnSave: async () => 0,
  checkVariant: async () => null,
  // Read through the essay's reader (Moodle's type is essay either way): see ./essay.ts.
  moodle: { write: writeMoodle, read: {} },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'FILE', FileQuestion>;
