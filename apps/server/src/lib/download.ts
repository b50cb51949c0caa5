// Sends a generated file (PDF, archive) as a download: its name kept (RFC 6266 / 5987) with an ASCII fallback, never
// cached.
import type { FastifyReply } from 'fastify';

export function attachmentHeader(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\;/]/g, '_').trim() || 'fichier';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendDownload(reply: FastifyReply, mediaType: string, file: { buffer: Buffer; filename: string }) {
  return reply.header('content-type', mediaType).header('content-disposition', attachmentHeader(file.filename)).header('cache-control', 'no-store').send(file.buffer);
}
