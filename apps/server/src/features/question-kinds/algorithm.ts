// ALGORITHM on the server: test cases stored as possible solutions (stdin, expected_output, is_hidden, weight), the
// language, starter code, reference solution and limits on the question; the student sees the visible cases only;
// graded by running the program on every case; the reference solution checked on save and on each variant;
// Moodle CodeRunner (python3, r) in and out, no GIFT equivalent.
import { judge, type CodeRunner, type TestCaseResult } from '@exam/runner';
import { MAX_CODE_LENGTH, QUESTION_LIMIT_BOUNDS, VERDICT_LABELS, type Question } from '@exam/shared';
import type { AppContext } from '../../lib/context';
import { unprocessable } from '../../lib/errors';
import { cdata, child, childrenOf, textOf, type XmlElement } from '../../lib/xml';
import { checkRate, onRunner, requireRunner, runnerSlots } from '../runner';
import { firstFailure, runCases, runLimits, toOutcome, type AlgorithmQuestion } from './algorithm-runs';
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
  return firstFailure(question, result);
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
  const tests = question.tests.map((t) => ({ stdin: t.stdin, expectedOutput: t.expected_output === '' ? undefined : t.expected_output, hidden: t.is_hidden }));
  const result = await onRunner(
    () => judge(runner, question.language, input.code, tests, { limits: runLimits(question.limits), concurrency: input.concurrency ?? runnerSlots(ctx.config), owner: String(input.userId) }),
    logFailure(input),
  );
  return result.cases;
}

const asTests = (ps: Array<Pick<StoredSolution, 'id' | 'stdin' | 'expected_output' | 'is_hidden' | 'weight'>>) =>
  ps.map((s, i) => ({ id: s.id ?? -(i + 1), stdin: s.stdin, expected_output: s.expected_output, is_hidden: s.is_hidden === 1, weight: s.weight }));

/** The reference solution on every case before a save: a failing case refuses it (422 naming the case). */
async function checkOnSave(ctx: AppContext, caller: KindCaller, q: SaveCheckSource, solutions: StoredSolution[]): Promise<number> {
  if (!q.reference_solution || !q.language) return 0;
  const question: AlgorithmQuestion = { type: 'ALGORITHM', language: q.language, tests: asTests(solutions), limits: q.limits };
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
        `      <testcode><text></text></testcode>`,
        `      <stdin>${html(p.stdin)}</stdin>`,
        `      <expected>${html(p.expected_output)}</expected>`,
        `      <extra><text></text></extra>`,
        `      <display><text>${p.is_hidden ? 'HIDE' : 'SHOW'}</text></display>`,
        `    </testcase>`,
      ].join('\n'),
    )
    .join('\n');
  return [
    `    <coderunnertype>${q.language === 'R' ? 'r' : 'python3'}</coderunnertype>`,
    `    <prototypetype>0</prototypetype>`,
    `    <allornothing>0</allornothing>`,
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

function readCoderunner(q: XmlElement, notes: string[]): KindImport | string {
  const kind = textOf(q, 'coderunnertype').trim();
  const language = /^python3/i.test(kind) ? ('PYTHON' as const) : /^r(_.*)?$/i.test(kind) ? ('R' as const) : null;
  if (!language) return `CodeRunner « ${kind || '?'} » : seuls les programmes python3 et R sont repris.`;
  if (num(textOf(q, 'prototypetype')) > 0) return 'Prototype CodeRunner (modèle de questions), pas une question.';
  if (textOf(q, 'template').trim()) notes.push('Le modèle (template) propre à la question est ignoré : le programme est exécuté tel quel sur chaque entrée.');
  const cases = childrenOf(child(q, 'testcases'), 'testcase');
  if (cases.some((c) => textOf(c, 'testcode').trim())) {
    return 'Ses tests appellent le code de l’étudiant (testcode) : ici, un programme lit l’entrée et écrit la sortie.';
  }
  const precheckOnly = cases.filter((c) => c.attrs.testtype === '1');
  if (precheckOnly.length) notes.push(precheckOnly.length > 1 ? `${precheckOnly.length} tests de pré-vérification seule non repris.` : 'Un test de pré-vérification seule non repris.');
  const kept = cases.filter((c) => c.attrs.testtype !== '1');
  if (kept.some((c) => textOf(c, 'extra').trim())) notes.push('Le champ « extra » des tests est ignoré.');
  if (kept.some((c) => c.attrs.hiderestiffail === '1')) notes.push('« Cacher la suite en cas d’échec » n’existe pas ici : chaque cas est exécuté.');
  if (!kept.length) return 'Aucun cas de test à reprendre.';
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
  return {
    type: 'ALGORITHM',
    language,
    reference_solution: answer.trim() ? answer : null,
    starter_code: textOf(q, 'answerpreload') || null,
    limits,
    possible_solutions: tests,
  };
}

export const algorithmServerKind = {
  kind: 'ALGORITHM',
  fields: { language: true, program: true, tolerance: false, scoring: false },
  storeSolution: (p, empty) => ({ ...empty, content: p.content, stdin: p.stdin, expected_output: p.expected_output, is_hidden: p.is_hidden, weight: p.weight }),
  toGradable: (q) => ({
    type: 'ALGORITHM',
    language: q.language ?? 'PYTHON',
    tests: q.possible_solutions.map((p) => ({ id: p.id, stdin: p.stdin, expected_output: p.expected_output, is_hidden: p.is_hidden === 1, weight: p.weight })),
    limits: q.limits,
  }),
  grade: async (ctx, input, mode) => {
    const code = codeAnswer(input.answer);
    const { question } = input;
    const tests = input.visibleOnly ? question.tests.filter((t) => !t.is_hidden) : question.tests;
    if (tests.length === 0) throw answerError(input.visibleOnly && question.tests.length ? GRADING_TEXTS.noVisibleTest : GRADING_TEXTS.noTest);
    const runner = requireRunner(ctx);
    // One unit of the per-user limit for the program, whatever its number of cases.
    if (mode.limitRate) await checkRate(ctx, input.userId);
    const result = await onRunner(
      () => runCases(runner, question, code, tests, mode.concurrency ?? runnerSlots(ctx.config), String(input.userId), input.exam),
      logFailure(input),
    );
    return toOutcome(question, tests, result);
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
    tests: q.possible_solutions.filter((p) => p.is_hidden !== 1).map((p) => ({ stdin: p.stdin, expected_output: p.expected_output })),
  }),
  solution: () => null,
  checkOnSave,
  checkVariant: async (ctx, caller, q, ps) => {
    if (!q.reference_solution || !q.language) return null;
    const question: AlgorithmQuestion = { type: 'ALGORITHM', language: q.language, tests: asTests(ps), limits: q.limits };
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
