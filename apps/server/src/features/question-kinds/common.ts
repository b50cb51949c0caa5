// What the kinds' modules share: the French texts of grading, the answer shape checks, the runner failures logged,
// and the small writing and reading helpers of Moodle XML and GIFT.
import { MAX_CODE_LENGTH } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { child, textOf, type XmlElement } from '../../lib/xml';
import type { GradeCaller } from './types';

export const GRADING_TEXTS = {
  expectedUnreadable: 'La correction de cette question est momentanément impossible : son expression attendue ne peut pas être lue. L’équipe pédagogique a été prévenue.',
  qcmShape: 'La réponse doit être une liste de choix.',
  qcmUnknown: (ids: number[]) =>
    ids.length > 1 ? `Les choix ${ids.join(', ')} n’appartiennent pas à cette question.` : `Le choix ${ids[0]} n’appartient pas à cette question.`,
  textShape: 'La réponse doit être un texte.',
  textTooLong: (max: number) => `La réponse ne doit pas dépasser ${max} caractères.`,
  codeRequired: 'Le code est obligatoire.',
  codeTooLong: `Le code ne doit pas dépasser ${MAX_CODE_LENGTH} caractères.`,
  noTest: 'Cette question n’a aucun test à exécuter.',
  noVisibleTest: 'Cette question n’a aucun exemple visible sur lequel tester.',
  mathEmpty: 'Aucune expression saisie.',
} as const;

export const MAX_TEXT_ANSWER = 2000;

export function report(caller: GradeCaller, err: unknown, msg: string) {
  if (caller.log) caller.log.error({ err, reqId: caller.requestId }, msg);
  else console.error(msg, { reqId: caller.requestId }, err);
}

/** Logs, with the request, a runner failure that `onRunner` turns into a 503. */
export const logFailure = (caller: GradeCaller) => (err: unknown) => report(caller, err, 'grading: runner failure');

export const answerError = (message: string) => unprocessable({ answer: [message] }, message);

export function textAnswer(answer: unknown, max: number): string {
  if (typeof answer !== 'string') throw answerError(GRADING_TEXTS.textShape);
  if (answer.length > max) throw answerError(GRADING_TEXTS.textTooLong(max));
  return answer;
}

export const shorten = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max)}…` : s);
/** A text as a message quotes it: « … », or (rien). */
export const quoted = (s: string, max = 300) => (s.trim() === '' ? '(rien)' : `« ${shorten(s.replace(/\n+$/, ''), max)} »`);

// --- Moodle XML and GIFT ---------------------------------------------------------------------------

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Moodle's grade list for k equal shares of 100 % (k = 1..10 are all on it). */
export const shareOf = (k: number) => Number((100 / k).toFixed(5));
export const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);
export const num = (s: string | undefined): number => {
  const v = Number(String(s ?? '').trim().replace(',', '.'));
  return Number.isFinite(v) ? v : NaN;
};
export const isTrue = (s: string) => /^(1|true)$/i.test(s.trim());
export const plain = (html: string) => htmlToText(html, { math: 'plain' }).trim();

/** Moodle XML: a <text> element of plain text, of HTML (CDATA), a grade. */
export const xmlText = (s: string, escape: (s: string) => string) => `<text>${escape(s)}</text>`;
export const moodleGrade = (n: number) => n.toFixed(7);

export interface MoodleAnswer {
  fraction: number;
  html: string;
  el: XmlElement;
}
/** An answer's text: HTML read as text, Moodle's plain formats as they are. */
export const moodleAnswerText = (a: MoodleAnswer) => (a.el.attrs.format === 'html' ? plain(a.html) : a.html.trim());
export const moodleAnswers = (q: XmlElement, name = 'answer'): MoodleAnswer[] =>
  q.children.filter((c) => c.name === name).map((a) => ({ fraction: num(a.attrs.fraction ?? '0'), html: child(a, 'text')?.text ?? a.text, el: a }));
export function feedbackNote(answers: MoodleAnswer[], notes: string[]) {
  if (answers.some((a) => plain(textOf(a.el, 'feedback')))) notes.push('Les commentaires propres à chaque réponse ne sont pas repris.');
}
/** The note for answers worth part of the points, which are left out (here an answer is right or wrong). */
export const partialCreditNote = (n: number) => (n > 1 ? `${n} réponses à crédit partiel non reprises.` : 'Une réponse à crédit partiel non reprise.');

const GIFT_SPECIAL = new Set(['~', '=', '#', '{', '}', ':', '\\']);
/** Text escaped for GIFT (its special characters preceded by \, line breaks as \n). */
export function escapeGift(s: string): string {
  return [...s].map((c) => (GIFT_SPECIAL.has(c) ? `\\${c}` : c === '\n' ? '\\n' : c)).join('');
}
