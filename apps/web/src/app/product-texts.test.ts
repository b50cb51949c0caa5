// The French of the product, checked over every source file that can put a text in front of a user (the web app,
// the server's messages and files, the shared labels, the runner's messages): no « (s) » plural, « Étudiants » with
// its accent, one apostrophe style (the typographic one) in the texts of the web app.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src', 'packages/runner/src'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The lines of the product's sources (comments left out: they speak to developers), with where they are. */
function productLines(dirs = SOURCES): Array<{ where: string; text: string }> {
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ where: `${file}:${i + 1}`, text }))
      .filter(({ text }) => !/^\s*(\/\/|\*|\/\*)/.test(text)),
  );
}

const found = (re: RegExp, dirs?: string[]) => productLines(dirs).filter(({ text }) => re.test(text)).map(({ where, text }) => `${where}: ${text.trim()}`);

describe('French texts of the product', () => {
  it('never write a plural as « (s) »', () => {
    // A word followed by (s) and then a space, a closing quote or punctuation: « question(s) validée(s) ». A call
    // on a variable named s (`f(s)`, `x.test(s)`) is code, not text.
    expect(found(/(?<![.\w])\p{L}+\(s\)(?=\s+[\p{L}«]|['’`»,]|$)/u)).toEqual([]);
  });

  it('write « Étudiant » with its accent', () => {
    // The demo passwords (« Etudiant123! ») are not texts.
    expect(found(/\bEtudiant(?!\d)/u)).toEqual([]);
  });

  it('use the typographic apostrophe in the texts of the web app', () => {
    // French elisions (l’, d’, n’, qu’…) written with a straight quote, in a string or a JSX text.
    expect(found(/\b(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)'[a-zàâäéèêëîïôöùûüœ]/iu, ['apps/web/src'])).toEqual([]);
  });
});
