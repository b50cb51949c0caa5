// Reads a Moodle XML export (Moodle's question bank « Exporter », format documented with Moodle's qformat_xml and
// CodeRunner's question type) into candidates: each question mapped to one of ours by the reader of the kind that
// takes its Moodle type (../question-kinds), approximated, or skipped with its reason. Categories become tags.
import { IMPORT_MAX_PROGRAMS, IMPORT_MAX_QUESTIONS, QUESTION_KINDS, QUESTION_NAME_MAX, QUESTION_POINTS_MAX, type QuestionInput } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { toHtml } from '../../lib/moodle-text';
import { serverKind, type MoodleReader } from '../question-kinds';
import { PLUGINFILE, skipped, type Candidate, type EmbeddedFile } from './types';
import { child, childrenOf, parseXml, textOf, type XmlElement } from '../../lib/xml';

const NO_EQUIVALENT: Record<string, string> = {
  description: 'Simple description (texte sans réponse à donner) : rien à corriger, ce n’est pas une question ici.',
  ddimageortext: 'Glisser-déposer sur une image (l’étudiant place des étiquettes ou des images sur un fond) : ce geste n’existe pas ici.',
  ddmarker: 'Glisser-déposer de marqueurs (l’étudiant pointe des endroits d’une image) : ce geste n’existe pas ici.',
  randomsamatch: 'Appariement aléatoire (Moodle tire ses paires parmi les réponses courtes d’une catégorie) : importez plutôt ces réponses courtes, ou écrivez un appariement.',
  calculated: 'Question calculée (formule et jeux de valeurs de Moodle) : elle n’a pas d’équivalent direct ; refaites-la en question paramétrée (générateur).',
  calculatedsimple: 'Question calculée simple (formule et jeux de valeurs de Moodle) : elle n’a pas d’équivalent direct ; refaites-la en question paramétrée (générateur).',
  calculatedmulti: 'Choix multiple calculé (formules de Moodle dans les choix) : il n’a pas d’équivalent direct ; refaites-le en QCM paramétré (générateur).',
  ordering: 'Mise en ordre : pas d’équivalent ici.',
  stack: 'STACK : son arbre de réponse ne se traduit pas en une expression attendue unique.',
  random: 'Question « aléatoire » de Moodle (un tirage dans une catégorie, pas une question) : importez plutôt les questions de la catégorie.',
};

const num = (s: string | undefined): number => {
  const v = Number(String(s ?? '').trim().replace(',', '.'));
  return Number.isFinite(v) ? v : NaN;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const plain = (html: string) => htmlToText(html, { math: 'plain' }).trim();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The combined feedback Moodle fills in by itself (English and French sites): nothing of the teacher's is lost. */
const STANDARD_FEEDBACK = new Set([
  'your answer is correct.',
  'your answer is partially correct.',
  'your answer is incorrect.',
  'votre réponse est correcte.',
  'votre réponse est partiellement correcte.',
  'votre réponse est incorrecte.',
]);

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
  let html = toHtml(raw, format === 'plain_text' ? 'plain' : format === 'markdown' ? 'markdown' : format === 'moodle_auto_format' ? 'moodle' : 'html');
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
  for (const name of missing) {
    notes.push(`Le fichier « ${name} » de l’énoncé manque dans l’export : il est retiré.`);
    const ref = escapeRe(`${PLUGINFILE}/${encodeURIComponent(name)}`);
    // The image goes (its alternative text stays, when it has one); a link keeps its text.
    html = html
      .replace(new RegExp(`<img\\b[^>]*${ref}[^>]*>`, 'gi'), (img) => {
        const alt = /\balt="([^"]*)"/i.exec(img)?.[1]?.trim();
        return alt ? `[${alt}]` : '';
      })
      .replace(new RegExp(`<a\\b[^>]*${ref}[^>]*>([\\s\\S]*?)</a>`, 'gi'), '$1')
      .split(`${PLUGINFILE}/${encodeURIComponent(name)}`)
      .join('');
  }
  // Images come only from the platform's files: one from another address would be removed by the statement's cleaning.
  const outside = [...html.matchAll(/<img\b[^>]*\bsrc="(https?:\/\/[^"]+|data:[^"]{0,40})/gi)].map((m) => m[1]!);
  if (outside.length) {
    notes.push(
      outside.length > 1
        ? `${outside.length} images venues d’autres adresses ne sont pas reprises (${outside.slice(0, 3).map((u) => `« ${u.slice(0, 80)} »`).join(', ')}) : téléversez-les dans l’énoncé.`
        : `L’image « ${outside[0]!.slice(0, 80)} », venue d’une autre adresse, n’est pas reprise : téléversez-la dans l’énoncé.`,
    );
  }
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
  const combined = ['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].filter((f) => {
    const said = plain(textOf(q, f));
    return said && !STANDARD_FEEDBACK.has(said.toLowerCase());
  });
  if (combined.length) notes.push('Les commentaires combinés (réponse juste, partiellement juste, fausse) ne sont pas repris.');
  const hints = childrenOf(q, 'hint').filter((h) => plain(textOf(h, 'text') || h.text)).length;
  if (hints) notes.push(hints > 1 ? `Les ${hints} indices (hint) des essais suivants ne sont pas repris.` : 'L’indice (hint) des essais suivants n’est pas repris.');
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
    // Moodle writes its Cloze questions as type="cloze" in its own exports (qformat_xml), and reads them as multianswer.
    out.push(readQuestion(q, type === 'cloze' ? 'multianswer' : type, base, categoryTags));
  }
  return out;
}

/** CodeRunner questions answered through an interface of their own (not a program's text): what the student does
 *  there, by the interface (`uiplugin`) or the prototype's name. */
const CUSTOM_INTERFACES: Array<[RegExp, string]> = [
  [/graph/, 'l’étudiant y dessine un graphe (sommets et arêtes) à la souris'],
  [/sst/, 'l’étudiant y remplit la trace d’exécution d’un programme (tableau d’états des variables, ligne par ligne)'],
  [/test_?table/, 'l’étudiant y écrit ses propres cas de test dans un tableau'],
  [/parsons/, 'l’étudiant y remet dans l’ordre des lignes de code données'],
  [/gap_?filler/, 'l’étudiant y complète les trous d’un code donné'],
  [/^table$/, 'l’étudiant y remplit un tableau de valeurs'],
  [/^html$/, 'l’étudiant y répond dans un formulaire HTML propre à la question'],
];

/** Why a CodeRunner question is skipped for its interface, or null for a program written as text. */
function customInterface(q: XmlElement): string | null {
  const ui = textOf(q, 'uiplugin').trim().toLowerCase();
  const type = textOf(q, 'coderunnertype').trim().toLowerCase();
  for (const [re, what] of CUSTOM_INTERFACES) {
    if ((ui && re.test(ui)) || re.test(type)) {
      return `Question CodeRunner à interface particulière (${ui || type}) : ${what}. Ici, un programme se répond par son code : elle n’a pas d’équivalent.`;
    }
  }
  return null;
}

/** CodeRunner's scratchpad keeps its answer as JSON (`{"answer_code": [code], …}`) when the question extracts its code
 *  from JSON: the code alone is what a student writes here, and the answer's JSON never reaches the sandbox. */
function scratchpadCode(q: XmlElement, notes: string[]) {
  if (textOf(q, 'extractcodefromjson').trim() !== '1') return;
  for (const field of ['answer', 'answerpreload']) {
    const el = child(q, field);
    const raw = el?.text.trim() ?? '';
    if (!el || !raw.startsWith('{')) continue;
    let code: unknown;
    try {
      code = (JSON.parse(raw) as { answer_code?: unknown }).answer_code;
    } catch {
      continue;
    }
    const text = Array.isArray(code) ? code[0] : undefined;
    if (typeof text !== 'string') continue;
    el.text = text;
    if (field === 'answer') notes.push('Réponse écrite dans la zone d’essai (« scratchpad ») de CodeRunner : seul son code est repris ; « Tester sur les exemples » tient lieu de zone d’essai.');
  }
}

/** The Moodle types the kinds read, each with its kind's reader (../question-kinds). */
const READERS: Record<string, MoodleReader> = Object.assign({}, ...QUESTION_KINDS.map((k) => serverKind(k).moodle.read));

function readQuestion(q: XmlElement, type: string, base: Pick<Candidate, 'index' | 'line' | 'name' | 'source_type'>, categoryTags: string[]): Candidate {
  const reader = Object.hasOwn(READERS, type) ? READERS[type] : undefined;
  if (!reader) return skipped(base, NO_EQUIVALENT[type] ?? `Question de type Moodle « ${type} », un type que la plateforme ne connaît pas : elle n’a pas d’équivalent ici.`);
  const custom = type === 'coderunner' ? customInterface(q) : null;
  if (custom) return skipped(base, custom);
  const notes: string[] = [];
  if (type === 'coderunner') scratchpadCode(q, notes);
  const { html, files } = statementOf(q, notes);
  const { points, tags } = common(q, categoryTags, notes);
  const read = reader(q, notes, html);
  if (typeof read === 'string') return skipped(base, read);
  const name = textOf(q, 'name').replace(/\s+/g, ' ').trim().slice(0, QUESTION_NAME_MAX) || null;
  const input = { ...read, name, statement: read.statement ?? html, points, tags } as QuestionInput;
  return { ...base, outcome: notes.length ? 'approximated' : 'imported', notes, input, files };
}
