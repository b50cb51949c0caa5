// Writes questions as a Moodle XML file that Moodle's question bank imports (qformat_xml; CodeRunner for programs).
// Images of a statement travel inside it, base64, as Moodle's own exports carry them (@@PLUGINFILE@@).
import type { Question } from '@exam/shared';
import { htmlToText } from '../../lib/html-text';
import { shareOf } from './gift';
import { cdata, escapeXml } from './xml';

export interface StoredFile {
  name: string;
  content: Buffer;
}
export type FileContent = (id: number) => Promise<StoredFile | null>;

const text = (s: string) => `<text>${escapeXml(s)}</text>`;
const html = (s: string) => `<text>${s ? cdata(s) : ''}</text>`;
const grade = (n: number) => n.toFixed(7);
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const nameOf = (q: Question) => htmlToText(q.statement).replace(/\s+/g, ' ').trim().slice(0, 60) || `Question ${q.id}`;

/** The statement with our file addresses turned into @@PLUGINFILE@@ ones, and the files to embed. */
async function statementWithFiles(q: Question, fileContent: FileContent): Promise<{ html: string; files: string }> {
  let out = q.statement;
  const parts: string[] = [];
  const used = new Set<string>();
  const ids = [...new Set([...q.statement.matchAll(/\/api\/files\/(\d{1,10})\/(?:inline\/[0-9a-f]{64}|download)/g)].map((m) => Number(m[1])))];
  for (const id of ids) {
    const f = await fileContent(id);
    if (!f) continue;
    let name = f.name;
    if (used.has(name)) name = `${id}-${name}`;
    used.add(name);
    const re = new RegExp(`/api/files/${id}/(?:inline/[0-9a-f]{64}|download)`, 'g');
    out = out.replace(re, `@@PLUGINFILE@@/${encodeURIComponent(name)}`);
    parts.push(`<file name="${escapeXml(name)}" path="/" encoding="base64">${f.content.toString('base64')}</file>`);
  }
  return { html: out, files: parts.join('\n') };
}

async function head(q: Question, type: string, fileContent: FileContent): Promise<string> {
  const { html: statement, files } = await statementWithFiles(q, fileContent);
  return [
    `  <question type="${type}">`,
    `    <name>${text(nameOf(q))}</name>`,
    `    <questiontext format="html">${html(statement)}${files ? `\n${files}\n` : ''}</questiontext>`,
    `    <generalfeedback format="html"><text></text></generalfeedback>`,
    `    <defaultgrade>${grade(q.points)}</defaultgrade>`,
    `    <penalty>0.0000000</penalty>`,
    `    <hidden>0</hidden>`,
    `    <idnumber></idnumber>`,
  ].join('\n');
}

const tagsOf = (q: Question) => (q.tags.length ? `    <tags>\n${q.tags.map((t) => `      <tag>${text(t)}</tag>`).join('\n')}\n    </tags>\n` : '');

function choices(q: Question): string {
  const ps = q.possible_solutions;
  const right = ps.filter((p) => p.is_correct).length;
  const wrong = ps.length - right;
  const single = right === 1;
  const answers = ps
    .map((p) => {
      const fraction = p.is_correct ? (single ? 100 : shareOf(right)) : single || !wrong ? 0 : -shareOf(wrong);
      return `    <answer fraction="${fraction}" format="html">${html(`<p>${escapeHtml(p.content)}</p>`)}<feedback format="html"><text></text></feedback></answer>`;
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

function exact(q: Question): { type: string; body: string } {
  const ps = q.possible_solutions;
  const numeric = q.tolerance && ps.every((p) => Number.isFinite(Number(p.content.replace(',', '.'))));
  if (numeric && q.tolerance) {
    const tol = (p: string) => (q.tolerance!.kind === 'absolute' ? q.tolerance!.value : Math.abs(Number(p.replace(',', '.'))) * q.tolerance!.value);
    const answers = ps
      .map((p) => `    <answer fraction="100" format="moodle_auto_format">${text(p.content.replace(',', '.'))}<feedback format="html"><text></text></feedback><tolerance>${tol(p.content)}</tolerance></answer>`)
      .join('\n');
    return { type: 'numerical', body: `${answers}\n    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>` };
  }
  const answers = ps.map((p) => `    <answer fraction="100" format="moodle_auto_format">${text(p.content)}<feedback format="html"><text></text></feedback></answer>`).join('\n');
  return { type: 'shortanswer', body: `    <usecase>0</usecase>\n${answers}` };
}

function program(q: Question): string {
  const tests = q.possible_solutions
    .map((p) =>
      [
        `      <testcase testtype="0" useasexample="${p.is_hidden ? 0 : 1}" hiderestiffail="0" mark="${grade(p.weight)}" >`,
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

/** The Moodle XML of the questions; those Moodle has no type for (expressions) are left out and counted. */
export async function writeMoodleXml(questions: Question[], fileContent: FileContent): Promise<{ xml: string; omitted: number[] }> {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const omitted: number[] = [];
  for (const q of questions) {
    let type: string;
    let body: string;
    if (q.type === 'QCM') {
      type = 'multichoice';
      body = choices(q);
    } else if (q.type === 'EXACT') {
      ({ type, body } = exact(q));
    } else if (q.type === 'ALGORITHM') {
      type = 'coderunner';
      body = program(q);
    } else {
      omitted.push(q.id);
      parts.push(`<!-- question ${q.id} : expression mathématique, sans équivalent Moodle sans extension (STACK) : omise. -->`);
      continue;
    }
    parts.push(`<!-- question: ${q.id}  -->`, `${await head(q, type, fileContent)}\n${body}\n${tagsOf(q)}  </question>`);
  }
  parts.push('</quiz>', '');
  return { xml: parts.join('\n'), omitted };
}
