// GIFT, Moodle's text format for questions: read into candidates as Moodle reads and grades them, and written back for
// the types it has (choices, short and numerical answers, matching), each answer block by its kind's module. Questions
// are separated by blank lines; `//` starts a comment (`// [tag:nom]` gives a tag); `$CATEGORY:` gives the next
// questions a tag; ~ = # { } : \ are escaped by \; `[html]`, `[moodle]` (the default), `[plain]`, `[markdown]` say how
// a text is written.
import { choiceTextPlain, IMPORT_MAX_QUESTIONS, type Question, type QuestionInput } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { escapeGift, partialCreditNote, readGiftMatching, serverKind } from '../question-kinds';
import { choiceText, toHtml, type TextFormat } from '../../lib/moodle-text';
import { skipped, type Candidate } from './types';

export const giftRefusal = (line: number, why: string) => {
  const m = `Le fichier GIFT est mal formé à la ligne ${line} : ${why} Rien n’a été enregistré.`;
  return unprocessable({ file: [m] }, m);
};

/** The text with GIFT's escapes read (\n is a line break). */
function unescape(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Index of the first unescaped `ch` at or after `from`, or -1. */
function findUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(ch, i)) return i;
  }
  return -1;
}

/** Splits an answer block at its unescaped `=` and `~` (each starts an answer). */
function splitAnswers(body: string): Array<{ mark: '=' | '~'; text: string }> {
  const out: Array<{ mark: '=' | '~'; text: string }> = [];
  let cur: { mark: '=' | '~'; text: string } | null = null;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      if (cur) cur.text += c + body[i + 1];
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      cur = { mark: c, text: '' };
      out.push(cur);
      continue;
    }
    if (cur) cur.text += c;
  }
  return out;
}

/** An answer's weight (%50%), its text, and whether it carries feedback (#…). */
function answerParts(raw: string): { weight: number | null; text: string; feedback: boolean } {
  let t = raw;
  let weight: number | null = null;
  const w = /^\s*%(-?\d+(?:[.,]\d+)?)%/.exec(t);
  if (w) {
    weight = Number(w[1]!.replace(',', '.'));
    t = t.slice(w[0].length);
  }
  const hash = findUnescaped(t, '#');
  const feedback = hash >= 0 && t.slice(hash + 1).trim() !== '';
  if (hash >= 0) t = t.slice(0, hash);
  return { weight, text: t.trim(), feedback };
}

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

interface Block {
  line: number;
  lines: string[];
  tags: string[];
}

function blocksOf(source: string): Array<Block | { category: string }> {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: Array<Block | { category: string }> = [];
  let cur: Block | null = null;
  let pendingTags: string[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '') {
      cur = null;
      return;
    }
    if (trimmed.startsWith('//')) {
      for (const m of trimmed.matchAll(/\[tag:([^\]]{1,50})\]/g)) pendingTags.push(m[1]!.trim());
      return;
    }
    const cat = /^\$CATEGORY:\s*(.*)$/.exec(trimmed);
    if (cat && !cur) {
      out.push({ category: cat[1]! });
      return;
    }
    if (!cur) {
      cur = { line: i + 1, lines: [], tags: pendingTags };
      pendingTags = [];
      out.push(cur);
    }
    cur.lines.push(line);
  });
  return out;
}

function categoryTag(path: string): string | null {
  const parts = path
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('$') && p.toLowerCase() !== 'top');
  return parts.length ? parts[parts.length - 1]!.slice(0, 50) : null;
}

export function readGift(source: string): Candidate[] {
  const out: Candidate[] = [];
  let categoryTags: string[] = [];
  const blocks = blocksOf(source);
  const count = blocks.filter((b) => 'lines' in b).length;
  if (count > IMPORT_MAX_QUESTIONS) {
    const m = `Le fichier contient ${count} questions : ${IMPORT_MAX_QUESTIONS} au plus par import.`;
    throw unprocessable({ file: [m] }, m);
  }
  for (const b of blocks) {
    if ('category' in b) {
      const tag = categoryTag(b.category);
      categoryTags = tag ? [tag] : [];
      continue;
    }
    out.push(readBlock(b, out.length + 1, categoryTags));
  }
  return out;
}

const FORMAT = /^\s*\[(html|moodle|plain|markdown)\]/;

/** An answer's own format marker (`=[html]…`), else the question's format. */
function withFormat(raw: string, format: TextFormat): { format: TextFormat; text: string } {
  const m = FORMAT.exec(raw);
  return m ? { format: m[1] as TextFormat, text: raw.slice(m[0].length) } : { format, text: raw };
}

/** A number without the noise of binary arithmetic (0.1 + 0.2 → 0.3). */
export const tidy = (n: number) => Number(n.toPrecision(12));

const s = (n: number, one: string, many: string) => (n > 1 ? `${n} ${many}` : one);

function readBlock(b: Block, index: number, categoryTags: string[]): Candidate {
  const text = b.lines.join('\n');
  const lineAt = (pos: number) => b.line + (text.slice(0, pos).match(/\n/g)?.length ?? 0);
  let rest = text.trim();
  let title = '';
  if (rest.startsWith('::')) {
    const end = findUnescaped(rest, '::', 2);
    if (end < 0) throw giftRefusal(b.line, 'le titre ouvert par « :: » n’est pas fermé.');
    title = unescape(rest.slice(2, end)).replace(/\s+/g, ' ').trim();
    rest = rest.slice(end + 2);
  }
  const open = findUnescaped(rest, '{');
  const offset = text.indexOf(rest);
  if (open < 0) {
    if (findUnescaped(rest, '}') >= 0) throw giftRefusal(lineAt(offset + findUnescaped(rest, '}')), 'une accolade « } » est fermée sans avoir été ouverte.');
    const base = { index, line: b.line, name: title || `Question ${index}`, source_type: 'description' };
    return skipped(base, 'Simple description, sans réponse à donner : rien à corriger ici.');
  }
  const close = findUnescaped(rest, '}', open + 1);
  if (close < 0) throw giftRefusal(lineAt(offset + open), 'l’accolade « { » des réponses n’est jamais fermée.');
  if (findUnescaped(rest.slice(open + 1, close), '{') >= 0) throw giftRefusal(lineAt(offset + open), 'une accolade « { » est ouverte dans les réponses.');
  let before = rest.slice(0, open);
  const after = rest.slice(close + 1).trim();
  const body = rest.slice(open + 1, close).trim();
  // Moodle reads a question without marker in its own format (HTML kept, line breaks kept).
  let format: TextFormat = 'moodle';
  const fm = FORMAT.exec(before);
  if (fm) {
    format = fm[1] as TextFormat;
    before = before.slice(fm[0].length);
  }
  const notes: string[] = [];
  const toStatement = (raw: string) => toHtml(unescape(raw), format);
  /** A choice of a QCM: its inline formatting kept. */
  const choice = (raw: string) => {
    const a = withFormat(raw, format);
    const u = unescape(a.text).trim();
    if (/<img\b/i.test(u) && !notes.includes(IMAGE_IN_ANSWER)) notes.push(IMAGE_IN_ANSWER);
    return choiceText(u, a.format);
  };
  /** An accepted answer, a matching's item or answer: plain text. */
  const answerText = (raw: string) => {
    const a = withFormat(raw, format);
    const u = unescape(a.text).trim();
    return a.format === 'plain' ? u : choiceTextPlain(choiceText(u, a.format));
  };
  let statement = toStatement(before);
  if (after) {
    statement = toStatement(`${before.trim()} _____ ${after}`);
    notes.push('Réponse à placer dans le texte : l’emplacement est marqué « _____ ».');
  }
  const reportName = title || htmlToText(statement).replace(/\s+/g, ' ').trim().slice(0, 60) || `Question ${index}`;
  const tags = [...categoryTags, ...b.tags].slice(0, 20);
  const base = { index, line: b.line, name: reportName.slice(0, 200) };
  const done = (source_type: string, input: Omit<QuestionInput, 'statement' | 'tags' | 'points'>): Candidate => ({
    ...base,
    source_type,
    outcome: notes.length ? 'approximated' : 'imported',
    notes,
    input: { ...input, name: title || null, statement, tags, points: 1 } as QuestionInput,
    files: [],
  });
  const generalFeedback = findUnescaped(body, '####');
  const core = generalFeedback >= 0 ? body.slice(0, generalFeedback) : body;
  if (generalFeedback >= 0 && unescape(body.slice(generalFeedback + 4)).trim()) notes.push('Le commentaire général (feedback) n’est pas repris.');

  // Rédaction libre (essay): a written answer graded by a person (ESSAY).
  if (core.trim() === '') return done('essay', { type: 'ESSAY', possible_solutions: [] });
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/s.exec(core.trim());
  if (tf) {
    if (tf[2] && tf[2].replace(/#/g, '').trim()) notes.push(FEEDBACK_NOTE);
    const truth = tf[1]!.startsWith('T');
    return done('truefalse', {
      type: 'QCM',
      possible_solutions: [
        { content: 'Vrai', is_correct: bit(truth) },
        { content: 'Faux', is_correct: bit(!truth) },
      ],
    });
  }
  if (core.trim().startsWith('#')) return numericBlock(core.trim().slice(1), base, notes, done, lineAt(offset + open));
  const answers = splitAnswers(core);
  if (!answers.length) throw giftRefusal(lineAt(offset + open), 'les réponses doivent commencer par « = » ou « ~ ».');
  const parts = answers.map((a) => ({ mark: a.mark, ...answerParts(a.text) }));
  if (parts.some((p) => p.feedback)) notes.push(FEEDBACK_NOTE);
  if (parts.some((p) => /->/.test(p.text))) {
    const read = readGiftMatching(parts, answerText);
    return typeof read === 'string' ? skipped({ ...base, source_type: 'match' }, read) : done('match', read);
  }
  if (!parts.some((p) => p.mark === '~')) return shortAnswer(parts, base, notes, done, answerText);
  // Moodle: any « = » makes a one-answer question (the « = » answers alone get full marks); without one, several
  // answers may be ticked, each worth its weight.
  const right = parts.filter((p) => p.mark === '=');
  if (right.length) {
    const partial = parts.filter((p) => p.mark === '~' && (p.weight ?? 0) > 0);
    if (partial.length) {
      notes.push(
        `${s(partial.length, 'Une réponse à crédit partiel comptée fausse', `réponses à crédit partiel comptées fausses`)} (${partial.map((p) => `${p.weight} %`).join(', ')}) : ici, seule la réponse juste donne les points, les autres aucun.`,
      );
    }
    if (right.length > 1) notes.push(`${right.length} réponses valent chacune tous les points dans Moodle : ici, l’étudiant doit les cocher toutes.`);
    return done('multichoice', { type: 'QCM', possible_solutions: parts.map((p) => ({ content: choice(p.text), is_correct: bit(p.mark === '=') })) });
  }
  const positive = parts.filter((p) => (p.weight ?? 0) > 0);
  if (!positive.length) return skipped({ ...base, source_type: 'multichoice' }, 'Choix multiple dont aucune réponse ne donne de points : rien à corriger.');
  notes.push('Plusieurs réponses justes : la notation partielle de Moodle devient « tout ou rien » (il faut cocher exactement les bonnes réponses).');
  return done('multichoice', { type: 'QCM', possible_solutions: parts.map((p) => ({ content: choice(p.text), is_correct: bit((p.weight ?? 0) > 0) })) });
}

const FEEDBACK_NOTE = 'Les commentaires propres à chaque réponse ne sont pas repris.';
const IMAGE_IN_ANSWER = 'Les images des réponses ne sont pas reprises (les choix sont du texte).';

type Done = (t: string, i: Omit<QuestionInput, 'statement' | 'tags' | 'points'>) => Candidate;
type Part = { mark: '=' | '~'; weight: number | null; text: string; feedback: boolean };

function shortAnswer(parts: Part[], base: { index: number; line: number; name: string }, notes: string[], done: Done, answerText: (s: string) => string): Candidate {
  const full = parts.filter((p) => p.weight === null || p.weight === 100);
  const partial = parts.filter((p) => p.weight !== null && p.weight > 0 && p.weight < 100);
  if (partial.length) notes.push(partialCreditNote(partial.length));
  const wild = full.filter((p) => answerText(p.text).includes('*'));
  if (wild.length) notes.push(`${s(wild.length, 'Une réponse avec joker « * » non reprise', 'réponses avec joker « * » non reprises')} : ici, la réponse est comparée telle quelle.`);
  const accepted = full.filter((p) => !wild.includes(p)).map((p) => answerText(p.text)).filter(Boolean);
  if (!accepted.length) return skipped({ ...base, source_type: 'shortanswer' }, 'Réponse courte sans réponse entièrement juste (hors joker « * ») : rien à accepter.');
  if (accepted.length > 20) notes.push(`Seules les 20 premières réponses acceptées sont reprises (${accepted.length}).`);
  return done('shortanswer', { type: 'EXACT', possible_solutions: accepted.slice(0, 20).map((content) => ({ content })) });
}

function numericBlock(body: string, base: { index: number; line: number; name: string }, notes: string[], done: Done, line: number): Candidate {
  // « {#3:2~#Faux} »: the first answer may come without its « = ».
  const entries = splitAnswers(/^\s*[=~]/.test(body) ? body : `=${body}`).map((a) => ({ mark: a.mark, ...answerParts(a.text) }));
  const values: Array<{ value: number; tol: number }> = [];
  let partial = 0;
  for (const e of entries) {
    const t = unescape(e.text).trim();
    // A wrong answer (« ~ », or worth 0 %) only carries its feedback: any answer not accepted is wrong here too.
    if (e.mark === '~' || e.weight === 0) continue;
    if (e.weight !== null && e.weight !== 100) {
      partial++;
      continue;
    }
    if (t === '') continue;
    const range = /^(-?[\d.]+(?:e-?\d+)?)\.\.(-?[\d.]+(?:e-?\d+)?)$/i.exec(t);
    const point = /^(-?[\d.]+(?:e-?\d+)?)(?::(-?[\d.]+(?:e-?\d+)?))?$/i.exec(t);
    if (range && Number.isFinite(Number(range[1])) && Number.isFinite(Number(range[2]))) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      values.push({ value: tidy((lo + hi) / 2), tol: tidy(Math.abs(hi - lo) / 2) });
    } else if (point && Number.isFinite(Number(point[1]))) {
      values.push({ value: tidy(Number(point[1])), tol: tidy(Math.abs(Number(point[2] ?? 0))) });
    } else {
      throw giftRefusal(line, `« ${t.slice(0, 40)} » n’est pas une réponse numérique (nombre, nombre:tolérance ou min..max).`);
    }
  }
  if (entries.some((e) => e.feedback)) notes.push(FEEDBACK_NOTE);
  if (partial) notes.push(partialCreditNote(partial));
  if (!values.length) return skipped({ ...base, source_type: 'numerical' }, 'Réponse numérique sans valeur entièrement juste : rien à accepter.');
  const tols = [...new Set(values.map((v) => v.tol))];
  if (tols.length > 1) notes.push(`Tolérances différentes selon les réponses : la plus grande (${Math.max(...tols)}) vaut pour toutes.`);
  return done('numerical', {
    type: 'EXACT',
    possible_solutions: values.slice(0, 20).map((v) => ({ content: String(v.value) })),
    tolerance: { kind: 'absolute', value: Math.max(...tols) },
  });
}

// --- Writing ------------------------------------------------------------------------------------

/** The statement for a file that carries no files: our images and attached files taken out, and how many. */
export function withoutOwnFiles(html: string): { html: string; images: number; links: number } {
  let images = 0;
  let links = 0;
  const out = html
    .replace(/<img\b[^>]*\bsrc="\/api\/files\/[^"]*"[^>]*>/gi, () => {
      images++;
      return '';
    })
    .replace(/<a\b[^>]*\bhref="\/api\/files\/[^"]*"[^>]*>([\s\S]*?)<\/a>/gi, (_m, inner: string) => {
      links++;
      return inner;
    });
  return { html: out, images, links };
}

/** A question in GIFT (its answer block written by its kind's module) with what GIFT could not hold, or null when GIFT
 *  has no such type (programs, expressions). `name`: the title to write (by default the question's name; none: Moodle
 *  names it after its text, and our import leaves it unnamed). */
export function writeGiftQuestion(q: Question, name: string | null = q.name): { text: string; notes: string[] } | null {
  const answers = serverKind(q.type).gift.write(q);
  if (answers === null) return null;
  const notes: string[] = [];
  const { html, images, links } = withoutOwnFiles(q.statement);
  if (images) notes.push(`${s(images, 'Son image ne passe pas', 'images ne passent pas')} en GIFT (exportez en Moodle XML pour ${images > 1 ? 'les' : 'la'} garder).`);
  if (links) notes.push(`${s(links, 'Son fichier joint ne passe pas', 'fichiers joints ne passent pas')} en GIFT : seul le texte du lien reste.`);
  const title = name ? `::${escapeGift(name)}::` : '';
  const head = `${notes.map((n) => `// ${n}\n`).join('')}${q.tags.map((t) => `// [tag:${t.replace(/[\]\n]/g, ' ')}]\n`).join('')}${title}[html]${escapeGift(html)}`;
  return { text: `${head}${answers}`, notes };
}
