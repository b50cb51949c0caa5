import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ensureFirstAdmin } from './features/users';
import { openTestDb } from '../test/helper';
import { verifyPassword } from './lib/password';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'pas une url', ADMIN_PASSWORD: 'court' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_PASSWORD/,
    );
  });
});

describe('first admin', () => {
  it('is created once, on a database without admin, with a hashed password', async () => {
    const handle = await openTestDb();
    try {
      expect(await ensureFirstAdmin(handle.db, 'Chef@Univ.example', 'MotDePasse9!')).toBe(true);
      expect(await ensureFirstAdmin(handle.db, 'autre@univ.example', 'MotDePasse9!')).toBe(false);
      const admins = await handle.db.selectFrom('users').selectAll().where('role', '=', 'ADMIN').execute();
      expect(admins).toHaveLength(1);
      expect(admins[0].email).toBe('chef@univ.example');
      expect(admins[0].password_hash).not.toContain('MotDePasse9!');
      expect(await verifyPassword('MotDePasse9!', admins[0].password_hash)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
