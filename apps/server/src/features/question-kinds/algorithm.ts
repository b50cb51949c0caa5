// ALGORITHM on the server: test cases stored as possible solutions (stdin, expected_output, is_hidden, weight, and
// test_code run after the student's code, display), the language, starter code, reference solution, limits, grading
// (all or nothing, or per case) and input echo on the question; the student sees the examples only (a hidden case's
// test code never leaves the server); graded by running the program on every case, a syntax error said once; the
// reference solution checked on save and on each variant; Moodle CodeRunner (python3, python3_w_input, r; randomised
// ones as a generator, coderunner-twig.ts; the penalty regime named, as the exam holds penalties) in and
// out, no GIFT equivalent.
import { judge, type CodeRunner, type TestCaseResult } from '@exam/runner';
import { caseDisplayOf, CASE_DISPLAYS, MAX_CODE_LENGTH, PLACEHOLDER_PATTERN, QUESTION_LIMIT_BOUNDS, VERDICT_LABELS, type CaseDisplay, type Question } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { unprocessable } from '../../lib/errors';
import { cdata, child, childrenOf, textOf, type XmlElement } from '../../lib/xml';
import { checkRate, onRunner, requireRunner, runnerSlots } from '../runner';
import { mapTemplateParams } from './coderunner-twig';
import { firstFailure, programOf, runCases, runLimits, syntaxErrorOf, toOutcome, type AlgorithmQuestion } from './algorithm-runs';
import { answerError, bit, GRADING_TEXTS, isTrue, logFailure, moodleGrade, num, quoted, shorten } from './common';
import { NO_STUDENT_FIELDS, type GradeCaller, type KindCaller, type KindImport, type ReferenceFailure, type SaveCheckSource, type ServerQuestionKind, type StoredSolution } from './types';

function codeAnswer(answer: unknown): string {
  if (typeof answer !== 'string') throw answerError(GRADING_TEXTS.textShape);
  if (answer.trim() === '') throw answerError(GRADING_TEXTS.codeRequired);
  if (answer.length > MAX_CODE_LENGTH) throw answerError(GRADING_TEXTS.codeTooLong);
  return answer;
}

/** Runs a reference solution on every case; first failing case with expected vs got, or null when all pass.
 *  `metered: false`: the caller counted the run against the user's limit already (an import counts once). */
export async function checkReferenceSolution(
  ctx: AppContext,
  input: GradeCaller & { question: AlgorithmQuestion; code: string; metered?: boolean },
): Promise<ReferenceFailure | null> {
  const { question } = input;
  if (question.tests.length === 0) return null;
  const runner: CodeRunner = requireRunner(ctx);
  if (input.metered !== false) await checkRate(ctx, input.userId);
  const result = await onRunner(() => runCases(runner, question, input.code, question.tests, runnerSlots(ctx.config), String(input.userId)), logFailure(input));
  return firstFailure(question, result, input.code);
}

/**
 * Runs a reference solution on every case of a question's variant, one result per case: a case whose expected
 * output is empty is not compared (its output is the one the variant expects), the others are. Outside the
 * per-user limit when `limitRate` is false (a publication checks many variants for one teacher's click);
 * `concurrency`: most cases of this program at once.
 */
export async function runReference(
  ctx: AppContext,
  input: GradeCaller & { question: AlgorithmQuestion; code: string; limitRate?: boolean; concurrency?: number },
): Promise<TestCaseResult[]> {
  const { question } = input;
  if (question.tests.length === 0) return [];
  const runner = requireRunner(ctx);
  if (input.limitRate !== false) await checkRate(ctx, input.userId);
  const tests = question.tests.map((t) => ({
    stdin: t.stdin,
    code: programOf(question, input.code, t.test_code),
    expectedOutput: t.expected_output === '' ? undefined : t.expected_output,
    hidden: t.is_hidden,
  }));
  const result = await onRunner(
    () => judge(runner, question.language, input.code, tests, { limits: runLimits(question.limits), concurrency: input.concurrency ?? runnerSlots(ctx.config), owner: String(input.userId) }),
    logFailure(input),
  );
  return result.cases;
}

type CaseSource = Pick<StoredSolution, 'stdin' | 'expected_output' | 'is_hidden' | 'weight'> & { id?: number; test_code?: string; display?: CaseDisplay | null };

/** The cases as grading takes them: no test code and the display of is_hidden for a case kept before they existed. */
const asTests = (ps: CaseSource[]): AlgorithmQuestion['tests'] =>
  ps.map((row, i) => ({
    id: row.id ?? -(i + 1),
    stdin: row.stdin,
    expected_output: row.expected_output,
    is_hidden: row.is_hidden === 1,
    weight: row.weight,
    test_code: row.test_code ?? '',
    display: caseDisplayOf(row),
  }));

/** The question a save checks: the reference solution runs with the same echo as students' programs. */
const savedQuestion = (q: SaveCheckSource & { language: 'PYTHON' | 'R' }, ps: CaseSource[]): AlgorithmQuestion => ({
  type: 'ALGORITHM',
  language: q.language,
  tests: asTests(ps),
  limits: q.limits,
  grading: 'PER_CASE',
  echo_input: q.echo_input === 1,
});

/** The reference solution on every case before a save: a failing case refuses it (422 naming the case). */
async function checkOnSave(ctx: AppContext, caller: KindCaller, q: SaveCheckSource, solutions: StoredSolution[]): Promise<number> {
  if (!q.reference_solution || !q.language) return 0;
  const question = savedQuestion({ ...q, language: q.language }, solutions);
  const failure = await checkReferenceSolution(ctx, { ...caller, question, code: q.reference_solution });
  if (!failure) return question.tests.length;
  const n = failure.index + 1;
  const verdict = VERDICT_LABELS[failure.verdict].toLowerCase();
  const detail =
    failure.verdict === 'WRONG_ANSWER'
      ? `sortie attendue ${quoted(failure.expected)}, obtenue ${quoted(failure.got)}`
      : `${verdict}${failure.stderr.trim() ? ` : ${shorten(failure.stderr.trim(), 500)}` : ''} (sortie attendue ${quoted(failure.expected)}, obtenue ${quoted(failure.got)})`;
  const message = `La solution de référence échoue au cas de test ${n} : ${detail}. Rien n’a été enregistré.`;
  throw unprocessable(
    {
      [`possible_solutions.${failure.index}.expected_output`]: [`Cas ${n} : attendu ${quoted(failure.expected)}, obtenu ${quoted(failure.got)}.`],
      reference_solution: [message],
    },
    message,
  );
}

function writeCoderunner(q: Question): string {
  const html = (s: string) => `<text>${s ? cdata(s) : ''}</text>`;
  const tests = q.possible_solutions
    .map((p) =>
      [
        `      <testcase testtype="0" useasexample="${p.is_hidden ? 0 : 1}" hiderestiffail="0" mark="${moodleGrade(p.weight)}" >`,
        `      <testcode>${html(p.test_code ?? '')}</testcode>`,
        `      <stdin>${html(p.stdin)}</stdin>`,
        `      <expected>${html(p.expected_output)}</expected>`,
        `      <extra><text></text></extra>`,
        `      <display><text>${caseDisplayOf(p)}</text></display>`,
        `    </testcase>`,
      ].join('\n'),
    )
    .join('\n');
  return [
    // python3_w_input: CodeRunner's own Python whose input() echoes what it reads.
    `    <coderunnertype>${q.language === 'R' ? 'r' : q.echo_input ? 'python3_w_input' : 'python3'}</coderunnertype>`,
    `    <prototypetype>0</prototypetype>`,
    `    <allornothing>${q.grading === 'ALL_OR_NOTHING' ? 1 : 0}</allornothing>`,
    `    <penaltyregime>0</penaltyregime>`,
    `    <precheck>0</precheck>`,
    `    <hidecheck>0</hidecheck>`,
    `    <showsource>0</showsource>`,
    `    <answerboxlines>18</answerboxlines>`,
    `    <answerboxcolumns>100</answerboxcolumns>`,
    `    <answerpreload>${q.starter_code ? cdata(q.starter_code) : ''}</answerpreload>`,
    `    <globalextra></globalextra>`,
    `    <useace></useace>`,
    `    <resultcolumns></resultcolumns>`,
    `    <template></template>`,
    `    <iscombinatortemplate></iscombinatortemplate>`,
    `    <allowmultiplestdins></allowmultiplestdins>`,
    `    <answer>${q.reference_solution ? cdata(q.reference_solution) : ''}</answer>`,
    `    <validateonsave>1</validateonsave>`,
    `    <testsplitterre></testsplitterre>`,
    `    <language></language>`,
    `    <acelang></acelang>`,
    `    <sandbox></sandbox>`,
    `    <grader></grader>`,
    `    <cputimelimitsecs>${q.limits?.cpu_seconds ?? ''}</cputimelimitsecs>`,
    `    <memlimitmb>${q.limits?.memory_mb ?? ''}</memlimitmb>`,
    `    <sandboxparams></sandboxparams>`,
    `    <templateparams></templateparams>`,
    `    <hoisttemplateparams>1</hoisttemplateparams>`,
    `    <extractcodefromjson>1</extractcodefromjson>`,
    `    <templateparamslang>None</templateparamslang>`,
    `    <templateparamsevalpertry>0</templateparamsevalpertry>`,
    `    <templateparamsevald>{}</templateparamsevald>`,
    `    <twigall>0</twigall>`,
    `    <uiplugin></uiplugin>`,
    `    <uiparameters></uiparameters>`,
    `    <attachments>0</attachments>`,
    `    <attachmentsrequired>0</attachmentsrequired>`,
    `    <maxfilesize>10240</maxfilesize>`,
    `    <filenamesregex></filenamesregex>`,
    `    <filenamesexplain></filenamesexplain>`,
    `    <displayfeedback>1</displayfeedback>`,
    `    <giveupallowed>0</giveupallowed>`,
    `    <prototypeextra></prototypeextra>`,
    `    <testcases>`,
    tests,
    `    </testcases>`,
  ].join('\n');
}

const clamp = (v: number, b: { min: number; max: number }) => Math.min(b.max, Math.max(b.min, Math.round(v)));

/** CodeRunner's answer boxes whose answer is a program (the others hold JSON: a graph, a table, Parsons blocks). */
const CODE_UIS = new Set(['', 'ace', 'codemirror', 'textarea', 'scratchpad', 'none']);
/** A Twig tag or value: a randomised question's placeholder a student would see as it is. */
const TWIG = /\{\{|\{%/;
/** One of our placeholders (`{{nom}}`), as a variant fills them. */
const PLACEHOLDER = new RegExp(PLACEHOLDER_PATTERN.source);

const frenchNumber = (n: number) => String(Math.round(n * 10) / 10).replace('.', ',');

/**
 * What becomes of CodeRunner's penalty regime (« 10, 20, ... »: the part of the mark taken off after each wrong
 * submission, the list continued by its last step when it ends with « ... », else its last value kept), or null when
 * it takes nothing off. Here the penalty is a rule of the exam, the same part for each wrong answer: the note names
 * the exam's value that gives the same marks, when there is one.
 */
export function penaltyNote(regime: string): string | null {
  const raw = regime.trim();
  const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
  const open = parts[parts.length - 1] === '...';
  const values = (open ? parts.slice(0, -1) : parts).map((p) => Number(p.replace('%', '')));
  if (!values.length || values.every((v) => v === 0)) return null;
  const said = `Pénalités de CodeRunner « ${raw} » non reprises avec la question : ici, la pénalité se règle dans l’examen (« Pénalité pour chaque essai incorrect », ou par question de l’examen)`;
  if (values.some((v) => !Number.isFinite(v))) return `${said}.`;
  const step = values[0]!;
  // Linear: the k-th value is k steps; a closed list must reach 100 %, after which both take everything.
  const linear = step > 0 && values.every((v, k) => Math.abs(v - step * (k + 1)) <= 0.5) && (open || values[values.length - 1]! >= 99.5);
  return linear
    ? `${said} ; ce barème y correspond à ${frenchNumber(step)} %.`
    : `${said} et retire la même part à chaque essai incorrect : ce barème n’y a pas d’équivalent exact.`;
}

/** A randomised CodeRunner question's generator and its texts with our placeholders, the French reason it cannot be
 *  taken, or null for a question that is not randomised (CodeRunner expands Twig in its texts only with « twigall »). */
function randomised(q: XmlElement, texts: string[], notes: string[]): { generator: string; texts: string[] } | string | null {
  const params = textOf(q, 'templateparams').trim();
  const used = texts.some((t) => TWIG.test(t));
  if (!params || params === '{}' || !used) return null;
  if (!isTrue(textOf(q, 'twigall') || '0')) {
    return 'Question CodeRunner aux paramètres de modèle dont les textes contiennent des {{ … }} que CodeRunner laisse tels quels (« Twig partout » n’est pas coché) : les étudiants les verraient.';
  }
  const mapped = mapTemplateParams(params, textOf(q, 'templateparamslang'), texts);
  if ('reason' in mapped) return mapped.reason;
  // The starter code is not filled by a variant here: a student would see its placeholder.
  if (PLACEHOLDER.test(mapped.texts[2]!)) return 'Question CodeRunner aléatoire dont le code de départ (answerpreload) dépend des paramètres : ici, le code de départ est le même pour tous. Elle n’est pas reprise.';
  notes.push(
    'Question aléatoire de CodeRunner : ses paramètres de modèle deviennent le générateur de la question (chaque étudiant reçoit une variante, faite à la publication) et ses {{ … }} des paramètres ; vérifiez les variantes avec « Tester le générateur ».',
  );
  return mapped;
}

function readCoderunner(q: XmlElement, notes: string[], statement: string): KindImport | string {
  const kind = textOf(q, 'coderunnertype').trim();
  const language = /^python3/i.test(kind) ? ('PYTHON' as const) : /^r(_.*)?$/i.test(kind) ? ('R' as const) : null;
  if (!language) return `CodeRunner « ${kind || '?'} » : seuls les programmes python3 et R sont repris.`;
  if (num(textOf(q, 'prototypetype')) > 0) return 'Prototype CodeRunner (modèle de questions), pas une question.';
  const ui = textOf(q, 'uiplugin').trim().toLowerCase();
  if (!CODE_UIS.has(ui)) return `Réponse CodeRunner par l’interface « ${ui} » (pas un programme à écrire) : pas d’équivalent ici.`;
  const cases = childrenOf(child(q, 'testcases'), 'testcase');
  if (textOf(q, 'template').trim()) notes.push('Le modèle (template) propre à la question est ignoré : le code de l’étudiant est exécuté sur chaque cas, suivi du code de test du cas.');
  const precheckOnly = cases.filter((c) => c.attrs.testtype === '1');
  if (precheckOnly.length) notes.push(precheckOnly.length > 1 ? `${precheckOnly.length} tests de pré-vérification seule non repris.` : 'Un test de pré-vérification seule non repris.');
  const kept = cases.filter((c) => c.attrs.testtype !== '1');
  if (kept.some((c) => textOf(c, 'extra').trim())) notes.push('Le champ « extra » des tests est ignoré.');
  if (kept.some((c) => c.attrs.hiderestiffail === '1')) {
    notes.push('« Cacher la suite en cas d’échec » (hiderestiffail) n’est pas repris : ici, chaque cas est montré ou caché selon son seul affichage, même après un échec.');
  }
  const penalties = penaltyNote(textOf(q, 'penaltyregime'));
  if (penalties) notes.push(penalties);
  if (!kept.length) return 'Aucun cas de test à reprendre.';
  if (kept.length > 50) notes.push(`Seuls les 50 premiers cas de test sont repris (${kept.length}).`);
  const fields = ['testcode', 'stdin', 'expected'] as const;
  const texts = [statement, textOf(q, 'answer'), textOf(q, 'answerpreload'), ...kept.slice(0, 50).flatMap((c) => fields.map((f) => textOf(c, f)))];
  const random = randomised(q, texts, notes);
  if (typeof random === 'string') return random;
  const text = random ? random.texts : texts;
  const tests = kept.slice(0, 50).map((c, i) => {
    // The mark is an attribute of <testcase> in Moodle's export; some files write it as an element.
    const mark = num(c.attrs.mark ?? (textOf(c, 'mark') || '1'));
    const display = textOf(c, 'display').trim().toUpperCase();
    const [testCode, stdin, expected] = text.slice(3 + i * 3, 6 + i * 3) as [string, string, string];
    return {
      stdin,
      expected_output: expected,
      test_code: testCode.trim() ? testCode : '',
      is_hidden: bit(!isTrue(c.attrs.useasexample ?? '0')),
      display: (CASE_DISPLAYS as readonly string[]).includes(display) ? (display as CaseDisplay) : null,
      weight: Number.isFinite(mark) && mark > 0 ? Math.min(1000, mark) : 1,
    };
  });
  const answer = text[1]!;
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
  // CodeRunner counts all or nothing unless told otherwise.
  const allOrNothing = child(q, 'allornothing') ? isTrue(textOf(q, 'allornothing') || '0') : true;
  return {
    type: 'ALGORITHM',
    language,
    ...(random ? { statement: text[0], generator: random.generator } : {}),
    reference_solution: answer.trim() ? answer : null,
    starter_code: textOf(q, 'answerpreload') || null,
    limits,
    grading: allOrNothing ? 'ALL_OR_NOTHING' : 'PER_CASE',
    // python3_w_input: CodeRunner's Python whose input() writes what it reads, as a terminal shows it.
    echo_input: bit(language === 'PYTHON' && /^python3_w_input$/i.test(kind)),
    possible_solutions: tests,
  };
}

export const algorithmServerKind = {
  kind: 'ALGORITHM',
  fields: { language: true, program: true, tolerance: false, scoring: false },
  storeSolution: (p, empty) => ({
    ...empty,
    content: p.content,
    stdin: p.stdin,
    expected_output: p.expected_output,
    is_hidden: p.is_hidden,
    weight: p.weight,
    test_code: p.test_code,
    display: p.display,
  }),
  toGradable: (q): AlgorithmQuestion => ({
    type: 'ALGORITHM',
    language: q.language ?? 'PYTHON',
    tests: asTests(q.possible_solutions),
    limits: q.limits,
    grading: q.grading ?? 'PER_CASE',
    echo_input: q.language === 'PYTHON' && q.echo_input === 1,
  }),
  grade: async (ctx, input, mode) => {
    const code = codeAnswer(input.answer);
    const { question } = input;
    const tests = input.visibleOnly ? question.tests.filter((t) => !t.is_hidden) : question.tests;
    if (tests.length === 0) throw answerError(input.visibleOnly && question.tests.length ? GRADING_TEXTS.noVisibleTest : GRADING_TEXTS.noTest);
    const runner = requireRunner(ctx);
    // One unit of the per-user limit for the program, whatever its number of cases.
    if (mode.limitRate) await checkRate(ctx, input.userId);
    const owner = String(input.userId);
    const result = await onRunner(() => runCases(runner, question, code, tests, mode.concurrency ?? runnerSlots(ctx.config), owner, input.exam), logFailure(input));
    // Cases failing as a syntax error does: the student's code alone is read, and the error said once.
    const syntax = await syntaxErrorOf(runner, question, code, result, owner, input.exam);
    return toOutcome(question, tests, result, code, syntax);
  },
  ungradable: (q) => {
    const hidden = q.tests.filter((t) => t.is_hidden).length;
    return { type: 'ALGORITHM', verdict: 'RUNTIME_ERROR', passed: 0, total: q.tests.length, visible: [], hidden: { passed: 0, total: hidden } };
  },
  usesRunner: true,
  runsExamples: true,
  student: (q) => ({
    ...NO_STUDENT_FIELDS,
    language: q.language,
    starter_code: q.starter_code,
    limits: q.limits,
    // The examples only: a hidden case (its input, its test code, its output) never reaches the browser.
    tests: q.possible_solutions
      .filter((p) => p.is_hidden !== 1)
      .map((p) => ({ stdin: p.stdin, expected_output: p.expected_output, ...(p.test_code ? { test_code: p.test_code } : {}) })),
  }),
  solution: () => null,
  checkOnSave,
  checkVariant: async (ctx, caller, q, ps) => {
    if (!q.reference_solution || !q.language) return null;
    const question = savedQuestion({ ...q, language: q.language }, ps);
    const cases = await runReference(ctx, { ...caller, question, code: q.reference_solution, limitRate: false });
    for (const [i, c] of cases.entries()) {
      const given = ps[i]!.expected_output;
      if (c.verdict === 'WRONG_ANSWER') return `la solution de référence échoue au cas de test ${i + 1} : sortie attendue ${quoted(given, 200)}, obtenue ${quoted(c.stdout, 200)}`;
      if (c.verdict !== 'OK') {
        const err = c.stderr.trim().split('\n').slice(-1)[0];
        return `la solution de référence s’arrête au cas de test ${i + 1} (${VERDICT_LABELS[c.verdict].toLowerCase()}${err ? ` : ${shorten(err, 200)}` : ''})`;
      }
      // An expected output left empty is the reference's output on this variant's input.
      if (given === '') ps[i] = { ...ps[i]!, expected_output: c.stdout };
    }
    return null;
  },
  moodle: { write: (q) => ({ type: 'coderunner', body: writeCoderunner(q) }), read: { coderunner: readCoderunner } },
  gift: { write: () => null },
} satisfies ServerQuestionKind<'ALGORITHM', AlgorithmQuestion>;
