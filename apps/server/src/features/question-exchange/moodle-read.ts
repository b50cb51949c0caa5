// Reads a Moodle XML export (Moodle's question bank « Exporter », format documented with Moodle's qformat_xml and
// CodeRunner's question type) into candidates: each question mapped to one of ours, approximated, or skipped with
// its reason. Categories become tags.
import { IMPORT_MAX_PROGRAMS, IMPORT_MAX_QUESTIONS, QUESTION_LIMIT_BOUNDS, QUESTION_POINTS_MAX, type QuestionInput } from '@exam/shared';
import { unprocessable } from '../../lib/errors';
import { htmlToText } from '../../lib/html-text';
import { partialCreditNote, PLUGINFILE, skipped, type Candidate, type EmbeddedFile } from './types';
import { child, childrenOf, parseXml, textOf, type XmlElement } from './xml';

const NO_EQUIVALENT: Record<string, string> = {
  essay: 'Rédaction libre (essay) : aucune correction automatique équivalente ici.',
  multianswer: 'Texte à trous (Cloze) : pas d’équivalent ici.',
  description: 'Simple description, sans réponse à donner.',
  ddwtos: 'Glisser-déposer dans le texte : pas d’équivalent ici.',
  ddimageortext: 'Glisser-déposer sur une image : pas d’équivalent ici.',
  ddmarker: 'Glisser-déposer de marqueurs : pas d’équivalent ici.',
  gapselect: 'Menus déroulants dans le texte : pas d’équivalent ici.',
  match: 'Appariement : pas d’équivalent ici.',
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
const isTrue = (s: string) => /^(1|true)$/i.test(s.trim());
const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);
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

interface Answer {
  fraction: number;
  html: string;
  el: XmlElement;
}
/** An answer's text: HTML read as text, Moodle's plain formats as they are. */
const answerText = (a: Answer) => (a.el.attrs.format === 'html' ? plain(a.html) : a.html.trim());

const answersOf = (q: XmlElement): Answer[] =>
  childrenOf(q, 'answer').map((a) => ({ fraction: num(a.attrs.fraction ?? '0'), html: child(a, 'text')?.text ?? a.text, el: a }));

function feedbackNote(answers: Answer[], notes: string[]) {
  if (answers.some((a) => plain(textOf(a.el, 'feedback')))) notes.push('Les commentaires propres à chaque réponse ne sont pas repris.');
}

function multichoice(q: XmlElement, notes: string[]): QuestionInput['possible_solutions'] | string {
  const answers = answersOf(q);
  feedbackNote(answers, notes);
  if (answers.some((a) => a.html.includes(PLUGINFILE))) notes.push('Les images des réponses ne sont pas reprises (les choix sont du texte).');
  const single = isTrue(textOf(q, 'single') || 'true');
  if (single) {
    const best = Math.max(...answers.map((a) => a.fraction), 0);
    if (best <= 0) return 'Aucune réponse n’est juste.';
    if (best < 100) notes.push(`Aucune réponse ne vaut 100 % : celle qui vaut ${best} % est comptée juste.`);
    const partial = answers.filter((a) => a.fraction > 0 && a.fraction < best);
    if (partial.length) notes.push(`${partial.length > 1 ? `${partial.length} réponses partiellement justes comptées fausses` : 'Une réponse partiellement juste comptée fausse'} : ici, une réponse est juste ou fausse.`);
    return answers.map((a) => ({ content: plain(a.html), is_correct: bit(a.fraction === best) }));
  }
  if (!answers.some((a) => a.fraction > 0)) return 'Aucune réponse n’est juste.';
  notes.push('Plusieurs réponses justes : la notation partielle de Moodle devient « tout ou rien » (il faut cocher exactement les bonnes réponses).');
  return answers.map((a) => ({ content: plain(a.html), is_correct: bit(a.fraction > 0) }));
}

function truefalse(q: XmlElement, notes: string[]): QuestionInput['possible_solutions'] | string {
  const answers = answersOf(q);
  feedbackNote(answers, notes);
  const truth = answers.find((a) => plain(a.html).toLowerCase() === 'true');
  if (!truth) return 'Réponse « vrai » introuvable.';
  const isTrueRight = truth.fraction > 0;
  return [
    { content: 'Vrai', is_correct: bit(isTrueRight) },
    { content: 'Faux', is_correct: bit(!isTrueRight) },
  ];
}

function shortanswer(q: XmlElement, notes: string[]): QuestionInput['possible_solutions'] | string {
  const answers = answersOf(q);
  feedbackNote(answers, notes);
  if (isTrue(textOf(q, 'usecase') || '0')) notes.push('Moodle tenait compte de la casse : ici, majuscules et minuscules sont confondues.');
  const full = answers.filter((a) => a.fraction === 100);
  const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100);
  if (partial.length) notes.push(partialCreditNote(partial.length));
  const wild = full.filter((a) => a.html.includes('*'));
  if (wild.length) notes.push(`${wild.length > 1 ? `${wild.length} réponses avec joker « * » non reprises` : 'Une réponse avec joker « * » non reprise'} : ici, la réponse est comparée telle quelle.`);
  const accepted = full.filter((a) => !a.html.includes('*')).map(answerText).filter(Boolean);
  if (!accepted.length) return 'Aucune réponse entièrement juste sans joker.';
  if (accepted.length > 20) notes.push(`Seules les 20 premières réponses acceptées sont reprises (${accepted.length}).`);
  return accepted.slice(0, 20).map((content) => ({ content }));
}

function numerical(q: XmlElement, notes: string[]): { solutions: QuestionInput['possible_solutions']; tolerance: { kind: 'absolute'; value: number } | null } | string {
  const answers = answersOf(q);
  feedbackNote(answers, notes);
  const full = answers.filter((a) => a.fraction === 100 && Number.isFinite(num(answerText(a))));
  if (!full.length) return 'Aucune réponse numérique entièrement juste.';
  const partial = answers.filter((a) => a.fraction > 0 && a.fraction < 100);
  if (partial.length) notes.push(partialCreditNote(partial.length));
  const tolerances = [...new Set(full.map((a) => Math.abs(num(textOf(a.el, 'tolerance')) || 0)))];
  if (tolerances.length > 1) notes.push(`Tolérances différentes selon les réponses : la plus grande (${Math.max(...tolerances)}) vaut pour toutes.`);
  if (childrenOf(child(q, 'units'), 'unit').length) notes.push('Les unités ne sont pas reprises : l’étudiant répond par le nombre seul.');
  const tol = Math.max(...tolerances);
  return { solutions: full.slice(0, 20).map((a) => ({ content: answerText(a) })), tolerance: { kind: 'absolute', value: tol } };
}

const clamp = (v: number, b: { min: number; max: number }) => Math.min(b.max, Math.max(b.min, Math.round(v)));

function coderunner(q: XmlElement, base: Pick<Candidate, 'index' | 'line' | 'name' | 'source_type'>, notes: string[]) {
  const kind = textOf(q, 'coderunnertype').trim();
  const language = /^python3/i.test(kind) ? ('PYTHON' as const) : /^r(_.*)?$/i.test(kind) ? ('R' as const) : null;
  if (!language) return skipped(base, `CodeRunner « ${kind || '?'} » : seuls les programmes python3 et R sont repris.`);
  if (num(textOf(q, 'prototypetype')) > 0) return skipped(base, 'Prototype CodeRunner (modèle de questions), pas une question.');
  if (textOf(q, 'template').trim()) notes.push('Le modèle (template) propre à la question est ignoré : le programme est exécuté tel quel sur chaque entrée.');
  const cases = childrenOf(child(q, 'testcases'), 'testcase');
  if (cases.some((c) => textOf(c, 'testcode').trim())) {
    return skipped(base, 'Ses tests appellent le code de l’étudiant (testcode) : ici, un programme lit l’entrée et écrit la sortie.');
  }
  const precheckOnly = cases.filter((c) => c.attrs.testtype === '1');
  if (precheckOnly.length) notes.push(precheckOnly.length > 1 ? `${precheckOnly.length} tests de pré-vérification seule non repris.` : 'Un test de pré-vérification seule non repris.');
  const kept = cases.filter((c) => c.attrs.testtype !== '1');
  if (kept.some((c) => textOf(c, 'extra').trim())) notes.push('Le champ « extra » des tests est ignoré.');
  if (kept.some((c) => c.attrs.hiderestiffail === '1')) notes.push('« Cacher la suite en cas d’échec » n’existe pas ici : chaque cas est exécuté.');
  if (!kept.length) return skipped(base, 'Aucun cas de test à reprendre.');
  if (kept.length > 50) notes.push(`Seuls les 50 premiers cas de test sont repris (${kept.length}).`);
  const tests = kept.slice(0, 50).map((c) => {
    const mark = num(c.attrs.mark ?? '1');
    return {
      stdin: textOf(c, 'stdin'),
      expected_output: textOf(c, 'expected'),
      is_hidden: bit(!isTrue(c.attrs.useasexample ?? '0')),
      weight: Number.isFinite(mark) && mark > 0 ? Math.min(1000, mark) : 1,
    };
  });
  const answer = textOf(q, 'answer');
  if (!answer.trim()) notes.push('Pas de réponse (solution de référence) dans l’export : les cas de test ne sont pas vérifiés.');
  const cpu = num(textOf(q, 'cputimelimitsecs'));
  const mem = num(textOf(q, 'memlimitmb'));
  const limits =
    (Number.isFinite(cpu) && cpu > 0) || (Number.isFinite(mem) && mem > 0)
      ? {
          cpu_seconds: clamp(Number.isFinite(cpu) && cpu > 0 ? cpu : 2, QUESTION_LIMIT_BOUNDS.cpu_seconds),
          memory_mb: clamp(Number.isFinite(mem) && mem > 0 ? mem : 256, QUESTION_LIMIT_BOUNDS.memory_mb),
        }
      : null;
  return { language, tests, reference: answer.trim() ? answer : null, starter: textOf(q, 'answerpreload') || null, limits };
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

function readQuestion(q: XmlElement, type: string, base: Pick<Candidate, 'index' | 'line' | 'name' | 'source_type'>, categoryTags: string[]): Candidate {
  if (NO_EQUIVALENT[type]) return skipped(base, NO_EQUIVALENT[type]);
  if (!['multichoice', 'truefalse', 'shortanswer', 'numerical', 'coderunner'].includes(type)) {
    return skipped(base, `Type « ${type} » : pas d’équivalent ici.`);
  }
  const notes: string[] = [];
  const { html, files } = statementOf(q, notes);
  const { points, tags } = common(q, categoryTags, notes);
  const shared = { statement: html, points, tags };
  const done = (input: QuestionInput): Candidate => ({ ...base, outcome: notes.length ? 'approximated' : 'imported', notes, input, files });
  switch (type) {
    case 'multichoice': {
      const ps = multichoice(q, notes);
      return typeof ps === 'string' ? skipped(base, ps) : done({ ...shared, type: 'QCM', possible_solutions: ps });
    }
    case 'truefalse': {
      const ps = truefalse(q, notes);
      return typeof ps === 'string' ? skipped(base, ps) : done({ ...shared, type: 'QCM', possible_solutions: ps });
    }
    case 'shortanswer': {
      const ps = shortanswer(q, notes);
      return typeof ps === 'string' ? skipped(base, ps) : done({ ...shared, type: 'EXACT', possible_solutions: ps });
    }
    case 'numerical': {
      const r = numerical(q, notes);
      return typeof r === 'string' ? skipped(base, r) : done({ ...shared, type: 'EXACT', possible_solutions: r.solutions, tolerance: r.tolerance });
    }
    default: {
      const r = coderunner(q, base, notes);
      if ('outcome' in r) return r;
      return done({
        ...shared,
        type: 'ALGORITHM',
        language: r.language,
        reference_solution: r.reference,
        starter_code: r.starter,
        limits: r.limits,
        possible_solutions: r.tests,
      });
    }
  }
}
