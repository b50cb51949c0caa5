// The tool's own RSA signing keys (through jose): the newest key not retired signs; a retired key stays in the
// published key set for RETIRED_KEY_PUBLISHED_MS, longer than any message it signed lives, then is deleted.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

export const ALG = 'RS256';
/** A retired key is still published for a day: tool messages (client assertions, deep-linking answers) live 5 minutes. */
export const RETIRED_KEY_PUBLISHED_MS = 24 * 3600_000;

async function createKey(db: Db): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const pub = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  await db.insertInto('lti_keys').values({ kid, public_jwk: JSON.stringify(pub), private_jwk: JSON.stringify(priv) }).execute();
  return kid;
}

async function activeKey(db: Db) {
  return db.selectFrom('lti_keys').select(['kid', 'private_jwk']).where('retired_at', 'is', null).orderBy('created_at', 'desc').orderBy('kid').executeTakeFirst();
}

/** The signing key, made on first use. */
export async function signingKey(db: Db): Promise<{ kid: string; key: CryptoKey | Uint8Array }> {
  let row = await activeKey(db);
  if (!row) {
    await createKey(db);
    row = (await activeKey(db))!;
  }
  return { kid: row.kid, key: await importJWK(row.private_jwk as JWK, ALG) };
}

/** A new key signs from now on; the others are retired (still published for a day). */
export async function rotateKeys(db: Db): Promise<{ kid: string; published: string[] }> {
  const kid = await db.transaction().execute(async (trx) => {
    await trx.updateTable('lti_keys').set({ retired_at: sql`now()` }).where('retired_at', 'is', null).execute();
    return createKey(trx);
  });
  const set = await publishedKeys(db);
  return { kid, published: set.keys.map((k) => String(k.kid)) };
}

/** The public key set: active keys and keys retired less than a day ago. Older retired keys are deleted. */
export async function publishedKeys(db: Db): Promise<{ keys: JWK[] }> {
  await db.deleteFrom('lti_keys').where('retired_at', '<', new Date(Date.now() - RETIRED_KEY_PUBLISHED_MS)).execute();
  if (!(await activeKey(db))) await createKey(db);
  const rows = await db.selectFrom('lti_keys').select(['public_jwk']).orderBy('created_at', 'desc').execute();
  return { keys: rows.map((r) => r.public_jwk as JWK) };
}

/** Signs a JWT with the tool's key, valid five minutes. */
export async function signToolJwt(db: Db, payload: JWTPayload): Promise<string> {
  const { kid, key } = await signingKey(db);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomBytes(16).toString('base64url'))
    .sign(key);
}
