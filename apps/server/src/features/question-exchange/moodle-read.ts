// Reads a Moodle XML export (Moodle's question bank « Exporter », format documented with Moodle's qformat_xml and
// CodeRunner's question type) into candidates: each question mapped to one of ours by the reader of the kind that
// takes its Moodle type (../question-kinds), approximated, or skipped with its reason. Categories become tags.
import { IMPORT_MAX_PROGRAMS, IMPORT_MAX_QUESTIONS, QUESTION_KINDS, QUESTION_POINTS_MAX, type QuestionInput } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { serverKind, type MoodleReader } from '../question-kinds';
import { PLUGINFILE, skipped, type Candidate, type EmbeddedFile } from './types';
import { child, childrenOf, parseXml, textOf, type XmlElement } from '../../lib/xml';

const NO_EQUIVALENT: Record<string, string> = {
  essay: 'Rédaction libre (essay) : aucune correction automatique équivalente ici.',
  multianswer: 'Texte à trous (Cloze) : pas d’équivalent ici.',
  description: 'Simple description, sans réponse à donner.',
  ddwtos: 'Glisser-déposer dans le texte : pas d’équivalent ici.',
  ddimageortext: 'Glisser-déposer sur une image : pas d’équivalent ici.',
  ddmarker: 'Glisser-déposer de marqueurs : pas d’équivalent ici.',
  gapselect: 'Menus déroulants dans le texte : pas d’équivalent ici.',
  randomsamatch: 'Appariement aléatoire : pas d’équivalent ici.',
  calculated: 'Question calculée (jeux de données) : pas d’équivalent ici.',
  calculatedsimple: 'Question calculée (jeux de données) : pas d’équivalent ici.',
  calculatedmulti: 'Question calculée (jeux de données) : pas d’équivalent ici.',
  ordering: 'Mise en ordre : pas d’équivalent ici.',
  stack: 'STACK : son arbre de réponse ne se traduit pas en une expression attendue unique.',
  random: 'Question aléatoire tirée d’une catégorie : importez plutôt la catégorie.',
};

const num = (s: string | undefined): number => {
  const v = Number(String(s ?? '').trim().replace(',', '.'));
  return Number.isFinite(v) ? v : NaN;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const plain = (html: string) => htmlToText(html, { math: 'plain' }).trim();
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tags from a category path: its last part ($course$/top/Statistique/Moyennes → « Moyennes »). */
function categoryTag(path: string): string | null {
  const parts = path
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('$') && p.toLowerCase() !== 'top');
  const last = parts[parts.length - 1];
  return last ? last.slice(0, 50) : null;
}

/** The statement as HTML, and what was changed on the way. */
function statementOf(q: XmlElement, notes: string[]): { html: string; files: EmbeddedFile[] } {
  const qt = child(q, 'questiontext');
  const format = qt?.attrs.format ?? 'html';
  const raw = textOf(q, 'questiontext');
  let html: string;
  if (format === 'plain_text' || format === 'markdown') {
    html = raw
      .split(/\n{2,}/)
      .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
      .join('');
    if (format === 'markdown') notes.push('Énoncé en Markdown repris comme texte simple.');
  } else {
    html = raw;
  }
  const embedded = new Map<string, Buffer>();
  for (const f of childrenOf(qt, 'file')) {
    if ((f.attrs.encoding ?? 'base64') !== 'base64' || !f.attrs.name) continue;
    embedded.set(f.attrs.name, Buffer.from(f.text.replace(/\s+/g, ''), 'base64'));
  }
  const files: EmbeddedFile[] = [];
  const missing = new Set<string>();
  // Each reference written one way (encodeURIComponent of the name), whatever encoding the exporting site used.
  html = html.replace(/@@PLUGINFILE@@\/([^"'\s?#<>]+)/g, (_all, raw: string) => {
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      name = raw;
    }
    const content = embedded.get(name);
    if (content && !files.some((f) => f.name === name)) files.push({ name, content });
    else if (!content) missing.add(name);
    return `${PLUGINFILE}/${encodeURIComponent(name)}`;
  });
  for (const name of missing) notes.push(`Le fichier « ${name} » de l’énoncé manque dans l’export : il est retiré.`);
  return { html, files };
}

function common(q: XmlElement, tags: string[], notes: string[]) {
  const grade = num(textOf(q, 'defaultgrade'));
  let points = Number.isFinite(grade) && grade > 0 ? round2(grade) : 1;
  if (points <= 0) points = 1;
  if (points > QUESTION_POINTS_MAX) {
    notes.push(`Note par défaut ${points} ramenée à ${QUESTION_POINTS_MAX}.`);
    points = QUESTION_POINTS_MAX;
  }
  const own = childrenOf(child(q, 'tags'), 'tag').map((t) => (child(t, 'text')?.text ?? t.text).trim()).filter(Boolean);
  const allTags = [...tags, ...own].map((t) => t.slice(0, 50));
  if (allTags.length > 20) notes.push(`Seules les 20 premières étiquettes sont reprises (${allTags.length} dans l’export).`);
  const feedback = plain(textOf(q, 'generalfeedback'));
  if (feedback) notes.push('Le commentaire général (feedback) n’est pas repris.');
  return { points, tags: allTags.slice(0, 20) };
}

/** Every question of a Moodle XML file, in order (categories only give tags). */
export async function readMoodleXml(source: string): Promise<Candidate[]> {
  const quiz = await parseXml(source);
  if (quiz.name !== 'quiz') {
    const m = `Ce fichier XML n’est pas un export de questions Moodle (élément racine <quiz> attendu, <${quiz.name}> trouvé).`;
    throw unprocessable({ file: [m] }, m);
  }
  const questions = childrenOf(quiz, 'question');
  const real = questions.filter((q) => q.attrs.type !== 'category');
  if (real.length > IMPORT_MAX_QUESTIONS) {
    const m = `Le fichier contient ${real.length} questions : ${IMPORT_MAX_QUESTIONS} au plus par import. Exportez-les par catégories.`;
    throw unprocessable({ file: [m] }, m);
  }
  const programs = real.filter((q) => q.attrs.type === 'coderunner').length;
  if (programs > IMPORT_MAX_PROGRAMS) {
    const m = `Le fichier contient ${programs} questions CodeRunner : ${IMPORT_MAX_PROGRAMS} au plus par import, car chacune est exécutée. Exportez-les par catégories.`;
    throw unprocessable({ file: [m] }, m);
  }
  const out: Candidate[] = [];
  let categoryTags: string[] = [];
  for (const q of questions) {
    const type = q.attrs.type ?? '';
    if (type === 'category') {
      const tag = categoryTag(textOf(q, 'category'));
      categoryTags = tag ? [tag] : [];
      continue;
    }
    const index = out.length + 1;
    const name = (textOf(q, 'name').trim() || `Question ${index}`).slice(0, 200);
    const base = { index, line: q.line, name, source_type: type === 'coderunner' ? `coderunner ${textOf(q, 'coderunnertype').trim()}`.trim() : type || '?' };
    out.push(readQuestion(q, type, base, categoryTags));
  }
  return out;
}

/** The Moodle types the kinds read, each with its kind's reader (../question-kinds). */
const READERS: Record<string, MoodleReader> = Object.assign({}, ...QUESTION_KINDS.map((k) => serverKind(k).moodle.read));

function readQuestion(q: XmlElement, type: string, base: Pick<Candidate, 'index' | 'line' | 'name' | 'source_type'>, categoryTags: string[]): Candidate {
  const reader = Object.hasOwn(READERS, type) ? READERS[type] : undefined;
  if (!reader) return skipped(base, NO_EQUIVALENT[type] ?? `Type « ${type} » : pas d’équivalent ici.`);
  const notes: string[] = [];
  const { html, files } = statementOf(q, notes);
  const { points, tags } = common(q, categoryTags, notes);
  const read = reader(q, notes);
  if (typeof read === 'string') return skipped(base, read);
  const input = { ...read, statement: html, points, tags } as QuestionInput;
  return { ...base, outcome: notes.length ? 'approximated' : 'imported', notes, input, files };
}
