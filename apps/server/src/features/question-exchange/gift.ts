// GIFT, Moodle's text format for questions (docs.moodle.org « Format GIFT »): read into candidates, and written back
// for the types it has (choices, short and numerical answers, matching), each answer block by its kind's module. Questions are separated by blank lines; `//` starts a
// comment (`// [tag:nom]` gives a tag); `$CATEGORY:` gives the next questions a tag; ~ = # { } : \ are escaped by \.
import { IMPORT_MAX_QUESTIONS, type Question, type QuestionInput } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { escapeGift, partialCreditNote, readGiftMatching, serverKind } from '../question-kinds';
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
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

function readBlock(b: Block, index: number, categoryTags: string[]): Candidate {
  const text = b.lines.join('\n');
  const lineAt = (pos: number) => b.line + (text.slice(0, pos).match(/\n/g)?.length ?? 0);
  let rest = text.trim();
  let name = '';
  if (rest.startsWith('::')) {
    const end = findUnescaped(rest, '::', 2);
    if (end < 0) throw giftRefusal(b.line, 'le titre ouvert par « :: » n’est pas fermé.');
    name = unescape(rest.slice(2, end)).trim();
    rest = rest.slice(end + 2);
  }
  const open = findUnescaped(rest, '{');
  const offset = text.indexOf(rest);
  if (open < 0) {
    if (findUnescaped(rest, '}') >= 0) throw giftRefusal(lineAt(offset + findUnescaped(rest, '}')), 'une accolade « } » est fermée sans avoir été ouverte.');
    const base = { index, line: b.line, name: name || `Question ${index}`, source_type: 'description' };
    return skipped(base, 'Simple description, sans réponse à donner.');
  }
  const close = findUnescaped(rest, '}', open + 1);
  if (close < 0) throw giftRefusal(lineAt(offset + open), 'l’accolade « { » des réponses n’est jamais fermée.');
  if (findUnescaped(rest.slice(open + 1, close), '{') >= 0) throw giftRefusal(lineAt(offset + open), 'une accolade « { » est ouverte dans les réponses.');
  let before = rest.slice(0, open);
  const after = rest.slice(close + 1).trim();
  const body = rest.slice(open + 1, close).trim();
  let format = 'moodle';
  const fm = /^\s*\[(html|moodle|plain|markdown)\]/.exec(before);
  if (fm) {
    format = fm[1]!;
    before = before.slice(fm[0].length);
  }
  const notes: string[] = [];
  const toHtml = (s: string) => {
    const u = unescape(s).trim();
    return format === 'html' ? u : u ? `<p>${escapeHtml(u).replace(/\n/g, '<br>')}</p>` : '';
  };
  const answerText = (s: string) => {
    const u = unescape(s).trim();
    return format === 'html' ? htmlToText(u, { math: 'plain' }).trim() : u;
  };
  if (format === 'markdown') notes.push('Énoncé en Markdown repris comme texte simple.');
  let statement = toHtml(before);
  if (after) {
    statement = toHtml(`${before.trim()} _____ ${after}`);
    notes.push('Réponse à placer dans le texte : l’emplacement est marqué « _____ ».');
  }
  const derivedName = name || htmlToText(statement).slice(0, 60) || `Question ${index}`;
  const tags = [...categoryTags, ...b.tags].slice(0, 20);
  const base = { index, line: b.line, name: derivedName.slice(0, 200) };
  const done = (source_type: string, input: Omit<QuestionInput, 'statement' | 'tags' | 'points'>): Candidate => ({
    ...base,
    source_type,
    outcome: notes.length ? 'approximated' : 'imported',
    notes,
    input: { ...input, statement, tags, points: 1 } as QuestionInput,
    files: [],
  });
  const generalFeedback = findUnescaped(body, '####');
  const core = generalFeedback >= 0 ? body.slice(0, generalFeedback) : body;
  if (generalFeedback >= 0) notes.push('Le commentaire général (feedback) n’est pas repris.');

  if (core.trim() === '') return skipped({ ...base, source_type: 'essay' }, 'Rédaction libre (essay) : aucune correction automatique équivalente ici.');
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/s.exec(core.trim());
  if (tf) {
    if (tf[2] && tf[2].slice(1).trim()) notes.push('Les commentaires propres à chaque réponse ne sont pas repris.');
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
  if (parts.some((p) => p.feedback)) notes.push('Les commentaires propres à chaque réponse ne sont pas repris.');
  if (parts.some((p) => /->/.test(p.text))) {
    const read = readGiftMatching(parts, answerText);
    return typeof read === 'string' ? skipped({ ...base, source_type: 'match' }, read) : done('match', read);
  }
  const isMulti = parts.some((p) => p.mark === '~');
  if (!isMulti) {
    const accepted = parts.filter((p) => p.weight === null || p.weight === 100);
    if (accepted.length < parts.length) notes.push(partialCreditNote(parts.length - accepted.length));
    if (!accepted.length) return skipped({ ...base, source_type: 'shortanswer' }, 'Aucune réponse entièrement juste.');
    return done('shortanswer', { type: 'EXACT', possible_solutions: accepted.slice(0, 20).map((p) => ({ content: answerText(p.text) })) });
  }
  const weighted = parts.some((p) => p.weight !== null);
  if (!weighted) {
    const right = parts.filter((p) => p.mark === '=');
    if (!right.length) return skipped({ ...base, source_type: 'multichoice' }, 'Aucune réponse n’est juste.');
    return done('multichoice', { type: 'QCM', possible_solutions: parts.map((p) => ({ content: answerText(p.text), is_correct: bit(p.mark === '=') })) });
  }
  const positive = parts.filter((p) => (p.mark === '=' ? 100 : (p.weight ?? 0)) > 0);
  if (!positive.length) return skipped({ ...base, source_type: 'multichoice' }, 'Aucune réponse n’est juste.');
  notes.push('Plusieurs réponses justes : la notation partielle de Moodle devient « tout ou rien » (il faut cocher exactement les bonnes réponses).');
  return done('multichoice', {
    type: 'QCM',
    possible_solutions: parts.map((p) => ({ content: answerText(p.text), is_correct: bit((p.mark === '=' ? 100 : (p.weight ?? 0)) > 0) })),
  });
}

function numericBlock(
  body: string,
  base: { index: number; line: number; name: string },
  notes: string[],
  done: (t: string, i: Omit<QuestionInput, 'statement' | 'tags' | 'points'>) => Candidate,
  line: number,
): Candidate {
  const entries = /^\s*[=~]/.test(body) ? splitAnswers(body).map((a) => ({ mark: a.mark, ...answerParts(a.text) })) : [{ mark: '=' as const, ...answerParts(body) }];
  const values: Array<{ value: number; tol: number }> = [];
  let dropped = 0;
  for (const e of entries) {
    if (e.mark === '~' || (e.weight !== null && e.weight !== 100)) {
      dropped++;
      continue;
    }
    const t = unescape(e.text).trim();
    const range = /^(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(t);
    const point = /^(-?[\d.]+(?:e-?\d+)?)(?::(-?[\d.]+(?:e-?\d+)?))?$/i.exec(t);
    if (range) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      values.push({ value: (lo + hi) / 2, tol: Math.abs(hi - lo) / 2 });
    } else if (point && Number.isFinite(Number(point[1]))) {
      values.push({ value: Number(point[1]), tol: Math.abs(Number(point[2] ?? 0)) });
    } else {
      throw giftRefusal(line, `« ${t.slice(0, 40)} » n’est pas une réponse numérique (nombre, nombre:tolérance ou min..max).`);
    }
  }
  if (entries.some((e) => e.feedback)) notes.push('Les commentaires propres à chaque réponse ne sont pas repris.');
  if (dropped) notes.push(partialCreditNote(dropped));
  if (!values.length) return skipped({ ...base, source_type: 'numerical' }, 'Aucune réponse numérique entièrement juste.');
  const tols = [...new Set(values.map((v) => v.tol))];
  if (tols.length > 1) notes.push(`Tolérances différentes selon les réponses : la plus grande (${Math.max(...tols)}) vaut pour toutes.`);
  return done('numerical', {
    type: 'EXACT',
    possible_solutions: values.slice(0, 20).map((v) => ({ content: String(v.value) })),
    tolerance: { kind: 'absolute', value: Math.max(...tols) },
  });
}

// --- Writing ------------------------------------------------------------------------------------

/** A question in GIFT (its answer block written by its kind's module), or null when GIFT has no such type
 *  (programs, expressions). */
export function writeGiftQuestion(q: Question): string | null {
  const answers = serverKind(q.type).gift.write(q);
  if (answers === null) return null;
  const name = escapeGift(htmlToText(q.statement).replace(/\s+/g, ' ').trim().slice(0, 60) || `Question ${q.id}`);
  const head = `${q.tags.map((t) => `// [tag:${t.replace(/[\]\n]/g, ' ')}]\n`).join('')}::${name}::[html]${escapeGift(q.statement)}`;
  return `${head}${answers}`;
}
