// The worker thread that draws a student's « mes-donnees.pdf » (data-pdf.ts): a student with years of attempts and
// long journals makes a PDF of seconds of CPU, drawn off the API's thread.
import { serveInThread } from '../../lib/worker-thread';
import { renderDataPdf } from './data-pdf';
import type { StudentData } from './gather';

serveInThread((data: StudentData) => renderDataPdf(data));
