#!/usr/bin/env node
// Prints the gzipped JavaScript each kind of visitor downloads, from the chunk graph of the last build
// (dist/.vite/manifest.json): the login page, the staff welcome page, the student courses page, and the heavy
// chunks (editor, maths, charts, tables) that only the screens using them load. Run after `npm run build -w apps/web`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build -w apps/web` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Files a set of modules needs: each module's chunk and, recursively, its static imports. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);

const pages = {
  'login page (/auth/login)': ['index.html', 'src/app/routes/root.tsx', 'src/app/layouts/public-layout.tsx', 'src/features/auth/routes/login.tsx'],
  'landing page (/)': ['index.html', 'src/app/routes/root.tsx', 'src/app/layouts/public-layout.tsx', 'src/features/public/routes/landing.tsx'],
  'staff welcome (/dashboard)': ['index.html', 'src/app/routes/root.tsx', 'src/app/layouts/staff-layout.tsx', 'src/features/dashboard/routes/welcome.tsx'],
  'student courses (/student/courses)': ['index.html', 'src/app/routes/root.tsx', 'src/app/layouts/student-layout.tsx', 'src/features/courses/routes/student-courses.tsx'],
};

console.log('JavaScript downloaded, gzipped (level 9):');
for (const [name, keys] of Object.entries(pages)) {
  const files = closure(keys.filter((k) => manifest[k]));
  console.log(`  ${name.padEnd(38)} ${kb(total(files)).padStart(9)}  (${files.size} files)`);
}

console.log('Heavy chunks, loaded only by the screens that use them:');
const heavy = /^assets\/(tiptap|codemirror|mathlive|katex|charts|datatable|dates)-/;
const chunks = [...new Set(Object.values(manifest).map((m) => m.file))].filter((f) => heavy.test(f)).sort();
for (const f of chunks) console.log(`  ${f.padEnd(38)} ${kb(gzipped(f)).padStart(9)}`);

const login = total(closure(pages['login page (/auth/login)']));
const LIMIT = 250 * 1024;
console.log(`Login page budget: ${kb(login)} of ${kb(LIMIT)} ${login < LIMIT ? '(within)' : '(OVER)'}`);
process.exitCode = login < LIMIT ? 0 : 1;
