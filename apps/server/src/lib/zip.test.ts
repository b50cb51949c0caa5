import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzip, zip } from './zip';

describe('zip', () => {
  it('writes an archive that reads back entry by entry, deflated or stored, with UTF-8 names', () => {
    const big = Buffer.from('données '.repeat(500));
    const tiny = Buffer.from([1, 2, 3]);
    const archive = zip([
      { name: 'données.json', data: big },
      { name: 'dossier/é.bin', data: tiny },
    ]);
    expect(archive.length).toBeLessThan(big.length);
    const back = unzip(archive);
    expect([...back.keys()]).toEqual(['données.json', 'dossier/é.bin']);
    expect(back.get('données.json')!.equals(big)).toBe(true);
    expect(back.get('dossier/é.bin')!.equals(tiny)).toBe(true);
  });

  it('is read by the system’s unzip, which checks every CRC', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
    try {
      const file = path.join(dir, 'a.zip');
      fs.writeFileSync(file, zip([{ name: 'a.txt', data: Buffer.from('bonjour\n'.repeat(100)) }, { name: 'b/c.txt', data: Buffer.from('x') }]));
      let out: string;
      try {
        out = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // no unzip on this machine: the first test stands
        throw err;
      }
      expect(out).toMatch(/No errors detected/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
