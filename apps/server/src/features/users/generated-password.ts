// Hashes for passwords the server generates (import, account without a chosen password).
// They are random 14-character strings (about 81 bits): guessing one is out of reach whatever the
// hashing cost, so a light scrypt cost keeps a 5,000-student import within seconds; the holder must
// replace it at first sign-in (must_change_password), and that new password gets the full cost of
// lib/password.ts. verifyPassword reads the cost from the stored hash, so both kinds verify alike.
import { randomBytes, scrypt as scryptCb } from 'node:crypto';

const N = 128;
const R = 8;
const P = 1;

export function hashGeneratedPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, 32, { N, r: R, p: P }, (e, key) =>
      e ? reject(e) : resolve(`scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`),
    ),
  );
}
