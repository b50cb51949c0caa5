// Writes questions as a Moodle XML file that Moodle's question bank imports (qformat_xml; CodeRunner for programs):
// the head here, each question's body by its kind's module (../question-kinds).
// Images of a statement travel inside it, base64, as Moodle's own exports carry them (@@PLUGINFILE@@).
import type { Question } from '@exam/shared';
import { htmlToText } from '../../lib/html-text';
import { serverKind } from '../question-kinds';
import { cdata, escapeXml } from '../../lib/xml';

export interface StoredFile {
  name: string;
  content: Buffer;
}
export type FileContent = (id: number) => Promise<StoredFile | null>;

const text = (s: string) => `<text>${escapeXml(s)}</text>`;
const html = (s: string) => `<text>${s ? cdata(s) : ''}</text>`;
const grade = (n: number) => n.toFixed(7);
/** Its name, or (Moodle needs one) the start of its statement. */
const nameOf = (q: Question) => q.name ?? (htmlToText(q.statement).replace(/\s+/g, ' ').trim().slice(0, 60) || `Question ${q.id}`);

/** The statement with our file addresses turned into @@PLUGINFILE@@ ones, and the files to embed. */
async function statementWithFiles(q: Question, fileContent: FileContent, notes: string[]): Promise<{ html: string; files: string }> {
  let out = q.statement;
  const parts: string[] = [];
  const used = new Set<string>();
  const ids = [...new Set([...q.statement.matchAll(/\/api\/files\/(\d{1,10})\/(?:inline\/[0-9a-f]{64}|download)/g)].map((m) => Number(m[1])))];
  for (const id of ids) {
    const f = await fileContent(id);
    if (!f) {
      notes.push(`Le fichier n° ${id} de l’énoncé est introuvable : son adresse reste, sans contenu.`);
      continue;
    }
    let name = f.name;
    if (used.has(name)) name = `${id}-${name}`;
    used.add(name);
    const re = new RegExp(`/api/files/${id}/(?:inline/[0-9a-f]{64}|download)`, 'g');
    out = out.replace(re, `@@PLUGINFILE@@/${encodeURIComponent(name)}`);
    parts.push(`<file name="${escapeXml(name)}" path="/" encoding="base64">${f.content.toString('base64')}</file>`);
  }
  return { html: out, files: parts.join('\n') };
}

async function head(q: Question, type: string, fileContent: FileContent, notes: string[]): Promise<string> {
  const { html: statement, files } = await statementWithFiles(q, fileContent, notes);
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

/** Text inside an XML comment (never « -- »). */
const escapeComment = (s: string) => s.replace(/-{2,}/g, '-');

const tagsOf = (q: Question) => (q.tags.length ? `    <tags>\n${q.tags.map((t) => `      <tag>${text(t)}</tag>`).join('\n')}\n    </tags>\n` : '');

/** The Moodle XML of the questions, each body written by its kind's module; those Moodle has no type for
 *  (expressions) are left out with their reason, and what a question lost on the way is said beside it. */
export async function writeMoodleXml(
  questions: Question[],
  fileContent: FileContent,
): Promise<{ xml: string; omitted: Array<{ id: number; reason: string }>; notes: Array<{ id: number; note: string }> }> {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const omitted: Array<{ id: number; reason: string }> = [];
  const notes: Array<{ id: number; note: string }> = [];
  for (const q of questions) {
    const written = serverKind(q.type).moodle.write(q);
    if ('omitted' in written) {
      omitted.push({ id: q.id, reason: written.omitted });
      parts.push(`<!-- question ${q.id} : ${escapeComment(written.omitted)} : omise. -->`);
      continue;
    }
    const lost: string[] = [];
    // A kind may write its own question text (a cloze's gaps in Moodle's syntax).
    const shown = written.statement === undefined ? q : { ...q, statement: written.statement };
    parts.push(`<!-- question: ${q.id}  -->`, `${await head(shown, written.type, fileContent, lost)}\n${written.body}\n${tagsOf(q)}  </question>`);
    for (const note of lost) notes.push({ id: q.id, note });
  }
  parts.push('</quiz>', '');
  return { xml: parts.join('\n'), omitted, notes };
}
