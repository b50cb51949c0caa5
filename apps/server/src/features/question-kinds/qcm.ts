// QCM on the server: choices stored as possible solutions (content, is_correct); the student sees them shuffled
// per student, without the correct flag; Moodle multichoice and truefalse, GIFT choices and true/false.
import { choiceTextPlain, choiceTextToHtml, z, type Question } from '@exam/shared';
import { choiceText, type TextFormat } from '../../lib/moodle-text';
import { cdata, textOf, type XmlElement } from '../../lib/xml';
import { answerError, bit, escapeGift, feedbackNote, GRADING_TEXTS, isTrue, moodleAnswers, plain, quoted, shareOf, type MoodleAnswer } from './common';
import { NO_STUDENT_FIELDS, type KindImport, type ServerQuestionKind } from './types';

export interface QcmQuestion {
  type: 'QCM';
  choices: { id: number; is_correct: boolean }[];
}

const choiceIds = z.array(z.number().int()).max(1000);
const html = (s: string) => `<text>${s ? cdata(s) : ''}</text>`;

/** A Vrai / Faux question (as a Moodle truefalse is imported): which of the two is right, else null. */
function truthOf(q: Question): boolean | null {
  const ps = q.possible_solutions;
  if (ps.length !== 2 || ps.filter((p) => p.is_correct).length !== 1) return null;
  const words = ps.map((p) => choiceTextPlain(p.content).trim().toLowerCase());
  const t = words.findIndex((w) => w === 'vrai' || w === 'true');
  const f = words.findIndex((w) => w === 'faux' || w === 'false');
  return t >= 0 && f >= 0 ? ps[t]!.is_correct === 1 : null;
}

function moodleTruefalse(truth: boolean): string {
  const answer = (word: string, right: boolean) =>
    `    <answer fraction="${right ? 100 : 0}" format="moodle_auto_format"><text>${word}</text><feedback format="html"><text></text></feedback></answer>`;
  return [answer('true', truth), answer('false', !truth)].join('\n');
}

/** A choice's text from a Moodle answer in its format, its inline marks kept. */
function choiceOf(a: MoodleAnswer): string {
  const f = a.el.attrs.format ?? 'html';
  const format: TextFormat = f === 'plain_text' ? 'plain' : f === 'markdown' ? 'markdown' : f === 'moodle_auto_format' ? 'moodle' : 'html';
  return choiceText(a.html, format);
}

function moodleChoices(q: Question): string {
  const ps = q.possible_solutions;
  const right = ps.filter((p) => p.is_correct).length;
  const wrong = ps.length - right;
  const single = right === 1;
  const answers = ps
    .map((p) => {
      const fraction = p.is_correct ? (single ? 100 : shareOf(right)) : single || !wrong ? 0 : -shareOf(wrong);
      return `    <answer fraction="${fraction}" format="html">${html(`<p>${choiceTextToHtml(p.content)}</p>`)}<feedback format="html"><text></text></feedback></answer>`;
    })
    .join('\n');
  return [
    `    <single>${single ? 'true' : 'false'}</single>`,
    `    <shuffleanswers>true</shuffleanswers>`,
    `    <answernumbering>abc</answernumbering>`,
    `    <showstandardinstruction>0</showstandardinstruction>`,
    `    <correctfeedback format="html"><text></text></correctfeedback>`,
    `    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>`,
    `    <incorrectfeedback format="html"><text></text></incorrectfeedback>`,
    answers,
  ].join('\n');
}

const PLUGINFILE = '@@PLUGINFILE@@';

function readMultichoice(q: XmlElement, notes: string[]): KindImport | string {
  const answers = moodleAnswers(q);
  feedbackNote(answers, notes);
  if (answers.some((a) => a.html.includes(PLUGINFILE))) notes.push('Les images des réponses ne sont pas reprises (les choix sont du texte).');
  const single = isTrue(textOf(q, 'single') || 'true');
  if (single) {
    const best = Math.max(...answers.map((a) => a.fraction), 0);
    if (best <= 0) return 'Aucune réponse n’est juste.';
    if (best < 100) notes.push(`Aucune réponse ne vaut 100 % : celle qui vaut ${best} % est comptée juste.`);
    const tops = answers.filter((a) => a.fraction === best).length;
    if (tops > 1) notes.push(`${tops} réponses valent chacune tous les points dans Moodle : ici, l’étudiant doit les cocher toutes.`);
    const partial = answers.filter((a) => a.fraction > 0 && a.fraction < best);
    if (partial.length) notes.push(`${partial.length > 1 ? `${partial.length} réponses partiellement justes comptées fausses` : 'Une réponse partiellement juste comptée fausse'} : ici, une réponse est juste ou fausse.`);
    return { type: 'QCM', possible_solutions: answers.map((a) => ({ content: choiceOf(a), is_correct: bit(a.fraction === best) })) };
  }
  if (!answers.some((a) => a.fraction > 0)) return 'Aucune réponse n’est juste.';
  notes.push('Plusieurs réponses justes : la notation partielle de Moodle devient « tout ou rien » (il faut cocher exactement les bonnes réponses).');
  return { type: 'QCM', possible_solutions: answers.map((a) => ({ content: choiceOf(a), is_correct: bit(a.fraction > 0) })) };
}

function readTruefalse(q: XmlElement, notes: string[]): KindImport | string {
  const answers = moodleAnswers(q);
  feedbackNote(answers, notes);
  const truth = answers.find((a) => plain(a.html).toLowerCase() === 'true');
  if (!truth) return 'Réponse « vrai » introuvable.';
  const isTrueRight = truth.fraction > 0;
  return {
    type: 'QCM',
    possible_solutions: [
      { content: 'Vrai', is_correct: bit(isTrueRight) },
      { content: 'Faux', is_correct: bit(!isTrueRight) },
    ],
  };
}

export const qcmServerKind = {
  kind: 'QCM',
  fields: { language: false, program: false, tolerance: false, scoring: false },
  storeSolution: (p, empty) => ({ ...empty, content: p.content.trim(), is_correct: p.is_correct }),
  toGradable: (q) => ({ type: 'QCM', choices: q.possible_solutions.map((p) => ({ id: p.id, is_correct: p.is_correct === 1 })) }),
  grade: async (_ctx, input) => {
    const parsed = choiceIds.safeParse(input.answer);
    if (!parsed.success) throw answerError(GRADING_TEXTS.qcmShape);
    const known = new Set(input.question.choices.map((c) => c.id));
    const unknown = [...new Set(parsed.data.filter((id) => !known.has(id)))];
    if (unknown.length) throw answerError(GRADING_TEXTS.qcmUnknown(unknown));
    const chosen = new Set(parsed.data);
    const correct = input.question.choices.filter((c) => c.is_correct).map((c) => c.id);
    const valid = correct.length > 0 && chosen.size === correct.length && correct.every((id) => chosen.has(id));
    return { is_valid: valid, score: valid ? 1 : 0, details: { type: 'QCM' } };
  },
  ungradable: () => ({ type: 'QCM' }),
  usesRunner: false,
  runsExamples: false,
  student: (q, _seed, shuffle) => ({
    ...NO_STUDENT_FIELDS,
    multiple: q.possible_solutions.filter((p) => p.is_correct === 1).length > 1,
    choices: shuffle(q.possible_solutions).map((p) => ({ id: p.id, content: p.content })),
  }),
  solution: (q) => ({ choice_ids: q.possible_solutions.filter((s) => s.is_correct === 1).map((s) => s.id), accepted: [], expected: null, pairs: [] }),
  checkOnSave: async () => 0,
  checkVariant: async (_ctx, _caller, _q, ps) => {
    const empty = ps.findIndex((p) => p.content.trim() === '');
    if (empty >= 0) return `le choix ${empty + 1} est vide`;
    const texts = ps.map((p) => p.content.trim().toLowerCase());
    const twice = texts.findIndex((x, i) => texts.indexOf(x) !== i);
    if (twice >= 0) return `deux choix ont le même texte ${quoted(ps[twice]!.content, 200)}`;
    return null;
  },
  moodle: {
    write: (q) => {
      // Vrai / Faux leaves as Moodle's own true/false, which each site shows in its language.
      const truth = truthOf(q);
      return truth === null ? { type: 'multichoice', body: moodleChoices(q) } : { type: 'truefalse', body: moodleTruefalse(truth) };
    },
    read: { multichoice: readMultichoice, truefalse: readTruefalse },
  },
  gift: {
    // The statement is written [html]: choices too, their marks as tags.
    write: (q) => {
      const truth = truthOf(q);
      if (truth !== null) return truth ? '{T}' : '{F}';
      const ps = q.possible_solutions;
      const right = ps.filter((p) => p.is_correct);
      const wrong = ps.filter((p) => !p.is_correct);
      const text = (p: (typeof ps)[number]) => escapeGift(choiceTextToHtml(p.content));
      if (right.length === 1) return `{\n${ps.map((p) => `\t${p.is_correct ? '=' : '~'}${text(p)}`).join('\n')}\n}`;
      const plus = shareOf(right.length);
      const minus = wrong.length ? shareOf(wrong.length) : 0;
      return `{\n${ps.map((p) => `\t~%${p.is_correct ? plus : -minus}%${text(p)}`).join('\n')}\n}`;
    },
  },
} satisfies ServerQuestionKind<'QCM', QcmQuestion>;
