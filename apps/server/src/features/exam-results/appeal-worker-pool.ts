// Appeal files are drawn in a worker thread (lib/worker-thread.ts): laying out the PDF of a long journal takes seconds
// of CPU that the API's thread must not spend.
import path from 'node:path';
import { workerThread } from '../../lib/worker-thread';
import type { AppealData, AppealFile } from './appeal-pdf';

const thread = workerThread<AppealData, { buffer: Uint8Array; filename: string }>({
  name: 'appeal file',
  built: path.join(import.meta.dirname, 'appeal-worker.js'),
  source: new URL('./appeal-worker.ts', import.meta.url),
});

/** The PDF of the appeal file, drawn in the worker thread. */
export async function renderInWorker(data: AppealData): Promise<AppealFile> {
  const out = await thread.run(data);
  return { buffer: Buffer.from(out.buffer.buffer, out.buffer.byteOffset, out.buffer.byteLength), filename: out.filename };
}
