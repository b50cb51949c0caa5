// Generated programs of one question for the similarity benchmarks (run.ts, api.ts): each student writes the same ten
// helpers (statistics of a list of marks), each helper in one of three algorithms, with their own names, order,
// literals and comments, padded to about 100 lines; `planted` of them copy another student's program with identifiers
// renamed. Deterministic (a fixed seed).

let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
const WORDS = ['val', 'note', 'x', 'elt', 'item', 'v', 'n', 'k', 'res', 'acc', 'tmp', 'cur', 'data', 'tab', 'lst', 'liste', 'seq', 'nb', 'total', 'compte'];
const ident = () => `${pick(WORDS)}${Math.floor(rand() * 90 + 10)}`;

/** Each helper in three ways; `f` is its name, the rest are fresh identifiers. */
const HELPERS: Array<Array<(f: string, a: string, b: string, c: string, lit: number) => string>> = [
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = 0\n    for ${c} in ${a}:\n        ${b} = ${b} + ${c}\n    return ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    return sum(${a})\n`,
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = 0\n    ${c} = 0\n    while ${c} < len(${a}):\n        ${b} += ${a}[${c}]\n        ${c} += 1\n    return ${b}\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = ${a}[0]\n    for ${c} in ${a}:\n        if ${c} > ${b}:\n            ${b} = ${c}\n    return ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    return max(${a})\n`,
    (f, a, b) => `def ${f}(${a}):\n    ${b} = sorted(${a})\n    return ${b}[-1]\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = ${a}[0]\n    for ${c} in ${a}:\n        if ${c} < ${b}:\n            ${b} = ${c}\n    return ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    return min(${a})\n`,
    (f, a, b) => `def ${f}(${a}):\n    ${b} = sorted(${a})\n    return ${b}[0]\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = list(${a})\n    for ${c} in range(1, len(${b})):\n        cle = ${b}[${c}]\n        j = ${c} - 1\n        while j >= 0 and ${b}[j] > cle:\n            ${b}[j + 1] = ${b}[j]\n            j -= 1\n        ${b}[j + 1] = cle\n    return ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    return sorted(${a})\n`,
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = list(${a})\n    for ${c} in range(len(${b})):\n        m = ${c}\n        for j in range(${c} + 1, len(${b})):\n            if ${b}[j] < ${b}[m]:\n                m = j\n        ${b}[${c}], ${b}[m] = ${b}[m], ${b}[${c}]\n    return ${b}\n`,
  ],
  [
    (f, a, b, c, lit) => `def ${f}(${a}, ${b}):\n    ${c} = 0\n    for x in ${a}:\n        if x >= ${b} + ${lit}:\n            ${c} += 1\n    return ${c}\n`,
    (f, a, b, _c, lit) => `def ${f}(${a}, ${b}):\n    return len([x for x in ${a} if x >= ${b} + ${lit}])\n`,
    (f, a, b, _c, lit) => `def ${f}(${a}, ${b}):\n    return sum(1 for x in ${a} if x >= ${b} + ${lit})\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = {}\n    for ${c} in ${a}:\n        if ${c} in ${b}:\n            ${b}[${c}] += 1\n        else:\n            ${b}[${c}] = 1\n    return ${b}\n`,
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = {}\n    for ${c} in ${a}:\n        ${b}[${c}] = ${b}.get(${c}, 0) + 1\n    return ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    from collections import Counter\n    return dict(Counter(${a}))\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = 0\n    for ${c} in ${a}:\n        ${b} += ${c} * ${c}\n    return ${b} / len(${a})\n`,
    (f, a) => `def ${f}(${a}):\n    return sum(x * x for x in ${a}) / len(${a})\n`,
    (f, a, b) => `def ${f}(${a}):\n    ${b} = [x ** 2 for x in ${a}]\n    return sum(${b}) / len(${b})\n`,
  ],
  [
    (f, a, b, c, lit) => `def ${f}(${a}):\n    ${b} = []\n    for ${c} in ${a}:\n        if ${c} < ${lit}:\n            ${b}.append(${c})\n    return ${b}\n`,
    (f, a, _b, _c, lit) => `def ${f}(${a}):\n    return [x for x in ${a} if x < ${lit}]\n`,
    (f, a, _b, _c, lit) => `def ${f}(${a}):\n    return list(filter(lambda x: x < ${lit}, ${a}))\n`,
  ],
  [
    (f, a, b, c) => `def ${f}(${a}):\n    ${b} = ${a}[0]\n    ${c} = ${a}[0]\n    for x in ${a}:\n        ${b} = min(${b}, x)\n        ${c} = max(${c}, x)\n    return ${c} - ${b}\n`,
    (f, a) => `def ${f}(${a}):\n    return max(${a}) - min(${a})\n`,
    (f, a, b) => `def ${f}(${a}):\n    ${b} = sorted(${a})\n    return ${b}[-1] - ${b}[0]\n`,
  ],
  [
    (f, a, b, c, lit) => `def ${f}(${a}):\n    ${b} = []\n    for ${c} in ${a}:\n        ${b}.append(round(${c} * ${lit} / 20, 2))\n    return ${b}\n`,
    (f, a, _b, _c, lit) => `def ${f}(${a}):\n    return [round(x * ${lit} / 20, 2) for x in ${a}]\n`,
    (f, a, b, c, lit) => `def ${f}(${a}):\n    ${b} = list(${a})\n    for ${c} in range(len(${b})):\n        ${b}[${c}] = round(${b}[${c}] * ${lit} / 20, 2)\n    return ${b}\n`,
  ],
];

export const STARTER = 'notes = [float(x) for x in input().split()]\n# Écrivez votre programme ici.\n';
export const REFERENCE = `notes = [float(x) for x in input().split()]\nprint(sum(notes), max(notes), min(notes))\nprint(sorted(notes))\n`;

function program(): { code: string; names: string[] } {
  const names = HELPERS.map(() => `f_${ident()}`);
  const order = HELPERS.map((_, i) => i).sort(() => rand() - 0.5);
  const parts = [STARTER];
  for (const i of order) {
    if (rand() < 0.5) parts.push(`# ${pick(['calcul', 'aide', 'fonction', 'étape'])} ${i}\n`);
    parts.push(pick(HELPERS[i])(names[i], ident(), ident(), ident(), Math.floor(rand() * 20)) + '\n');
  }
  const calls = names.map((n, i) => (i === 4 ? `print(${n}(notes, ${names[0]}(notes) / len(notes)))` : `print(${n}(notes))`));
  parts.push(`def main():\n    ${calls.join('\n    ')}\n\nmain()\n`);
  let code = parts.join('');
  // Padding to about 100 lines: the checks students add around input.
  let lines = code.split('\n').length;
  while (lines < 95) {
    const v = ident();
    code += `\n${v} = len(notes)\nif ${v} == 0:\n    print("aucune note")\n`;
    lines += 4;
  }
  return { code, names };
}

function renamedCopy(code: string): string {
  const ids = [...new Set(code.match(/\b(f_)?[a-z]+\d\d\b/g) ?? [])];
  let out = code;
  for (const id of ids) out = out.replace(new RegExp(`\\b${id}\\b`, 'g'), `${id}_r`);
  return out;
}

/** `n` programs (ids 1..n), the last `planted` of them renamed copies of earlier ones, with the planted pairs. */
export function corpus(N: number, PLANTED: number) {
  const programs = Array.from({ length: N }, (_, i) => ({ id: i + 1, code: program().code }));
  const planted: Array<[number, number]> = [];
  for (let k = 0; k < PLANTED; k++) {
    const from = (k * 7) % Math.max(1, N - PLANTED) + 1;
    const to = N - k;
    programs[to - 1] = { id: to, code: renamedCopy(programs[from - 1].code) };
    planted.push([from, to]);
  }
  return { programs, planted };
}
