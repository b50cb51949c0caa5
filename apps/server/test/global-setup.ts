// Runs once before the server tests: migrates a template PGlite and dumps it, so each test file
// starts from a copy in a fraction of the time a fresh migration takes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, openDb } from '../src/db';

export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const lite = new PGlite();
  const handle = await openDb({ pglite: lite });
  await migrate(handle.db);
  const dump = await lite.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `exam-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.EXAM_TEMPLATE_DUMP = file;
  return () => fs.rmSync(file, { force: true });
}
