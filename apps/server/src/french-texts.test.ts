// The French of the server's messages, the shared labels and schemas' errors, and the runner's messages: one
// apostrophe style, the typographic one (« l’examen », never « l'examen »), as in the web app's texts
// (apps/web/src/app/product-texts.test.ts). Every string and template literal of the non-test sources is read with
// the TypeScript parser (comments, imports and SQL templates are not texts).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'packages/shared/src', 'packages/runner/src'];
/** A French elision (l’, d’, n’, qu’, jusqu’…) written with a straight quote (escaped or not) before a letter. */
const STRAIGHT_ELISION = /\b(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|aujourd)\\?'(?=[a-zàâäéèêëîïôöùûüœ]|\$\{)/iu;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Each string or template literal of the file that holds a straight-quoted elision, with its line. */
function straightElisions(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node, inSql: boolean): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    const sql = inSql || (ts.isTaggedTemplateExpression(n) && n.tag.getText(sf) === 'sql');
    const literal = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n);
    if (literal && !sql) {
      const raw = text.slice(n.getStart(sf), n.end);
      if (STRAIGHT_ELISION.test(raw)) out.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${raw.slice(0, 120)}`);
    }
    ts.forEachChild(n, (c) => visit(c, sql));
  };
  visit(sf, false);
  return out;
}

describe('French texts of the server, the shared package and the runner', () => {
  it('finds a straight apostrophe in a French literal, and none in a comment, an English text or SQL', () => {
    const sample = [
      "const a = \"L'examen est clos.\";",
      "const b = 'Il n\\'a pas répondu.';",
      'const c = `Jusqu\'à ${x} minutes`;',
      'const g = `L\'${kind} a été créé.`;',
      "// l'examen, in a comment",
      "const d = 'the page\\'s timer';",
      "const e = sql`select 'd'un'`;",
      "const f = 'L’examen est clos.';",
    ].join('\n');
    expect(straightElisions('sample.ts', sample).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '4']);
  });

  it('use the typographic apostrophe in every French message', () => {
    expect(SOURCES.flatMap(sourceFiles).flatMap((f) => straightElisions(f, fs.readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
