// The worker thread that draws appeal files (appeal-worker-pool.ts): one PDF at a time, from plain data.
import { parentPort } from 'node:worker_threads';
import { renderAppealPdf, type AppealData } from './appeal-pdf';

parentPort!.on('message', (msg: { id: number; data: AppealData }) => {
  renderAppealPdf(msg.data).then(
    (file) => parentPort!.postMessage({ id: msg.id, buffer: file.buffer, filename: file.filename }),
    (err: unknown) => parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
