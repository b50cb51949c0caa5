// Server features depend on each other one way only: an import cycle between two features (even through a third,
// even type-only) fails here. Tests are left out: nothing imports them, so they close no cycle.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const features = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The other features a feature's files import (static, dynamic and type-only imports, re-exports). */
function dependenciesOf(feature: string): string[] {
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(root, feature), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const full = path.join(root, feature, file);
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(full, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const [top] = path.relative(root, path.resolve(path.dirname(full), fileName)).split(path.sep);
      if (top !== feature && features.includes(top)) out.add(top);
    }
  }
  return [...out].sort();
}

/** Every cycle met by a depth-first walk, each as the list of features it goes through. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string) => {
    const at = stack.indexOf(node);
    if (at >= 0) {
      cycles.push([...stack.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node);
  return cycles;
}

describe('server features', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('import each other without a cycle', () => {
    const graph = new Map(features.map((f) => [f, dependenciesOf(f)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(0);
    expect(cyclesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});
