// Uploaded content on disk, under DATA_DIR/files/<first two hex digits>/<sha256>: one copy per
// distinct content, whatever its names. Uploads stream to a temporary file while being hashed.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const HEAD_BYTES = 8192;

export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function blobPath(dataDir: string, hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('invalid hash');
  return path.join(filesRoot(dataDir), hash.slice(0, 2), hash);
}

export interface Received {
  tmp: string;
  hash: string;
  size: number;
  head: Buffer;
}

/** Writes the stream to a temporary file, hashing it and keeping its first bytes for type checks. */
export async function receive(dataDir: string, stream: Readable): Promise<Received> {
  const tmpDir = path.join(filesRoot(dataDir), 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const hasher = createHash('sha256');
  let size = 0;
  const heads: Buffer[] = [];
  let headLen = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hasher.update(chunk);
      size += chunk.length;
      if (headLen < HEAD_BYTES) {
        heads.push(chunk.subarray(0, HEAD_BYTES - headLen));
        headLen += Math.min(chunk.length, HEAD_BYTES - headLen);
      }
      cb(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  return { tmp, hash: hasher.digest('hex'), size, head: Buffer.concat(heads) };
}

/** Moves a received upload to its content-addressed place (or drops it if that content is stored). */
export async function keep(dataDir: string, r: Received): Promise<void> {
  const target = blobPath(dataDir, r.hash);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) {
    await fsp.rm(r.tmp, { force: true });
    return;
  }
  await fsp.rename(r.tmp, target);
}

export async function discard(r: Received): Promise<void> {
  await fsp.rm(r.tmp, { force: true });
}

export async function removeBlobs(dataDir: string, hashes: string[]): Promise<void> {
  for (const h of hashes) await fsp.rm(blobPath(dataDir, h.trim()), { force: true });
}

/** Stores content already in memory (an import's embedded files) at its content-addressed place; its hash. */
export async function keepContent(dataDir: string, content: Buffer): Promise<string> {
  const hash = createHash('sha256').update(content).digest('hex');
  const target = blobPath(dataDir, hash);
  if (fs.existsSync(target)) return hash;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const tmpDir = path.join(filesRoot(dataDir), 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  await fsp.writeFile(tmp, content, { flag: 'wx', mode: 0o600 });
  await fsp.rename(tmp, target);
  return hash;
}
