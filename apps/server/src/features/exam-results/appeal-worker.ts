// The worker thread that draws appeal files (appeal-worker-pool.ts): one PDF at a time, from plain data.
import { serveInThread } from '../../lib/worker-thread';
import { renderAppealPdf, type AppealData } from './appeal-pdf';

serveInThread(async (data: AppealData) => {
  const file = await renderAppealPdf(data);
  return { buffer: file.buffer, filename: file.filename };
});
