// A tagged PDF (PDF 1.7, language fr-FR, headings, paragraphs and lists in its structure, page footers marked as
// artifacts) drawn block by block, for the product's administrative documents that a screen reader must read in
// order. The standard fonts write Windows-1252 only: other characters are written as close as they can be.
const TZ = 'Europe/Paris';

/** A time in Paris, « 28/11/2026 à 08:05:00 ». */
export const parisTime = (iso: string | Date | null | undefined) =>
  iso ? new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)).replace(' ', ' à ') : '—';
/** A calendar date 'YYYY-MM-DD' as « 28/11/2026 ». */
export const frenchDate = (ymd: string | null | undefined) => (ymd ? ymd.split('-').reverse().join('/') : '—');

export function latin(text: string): string {
  return text
    .replace(/[→⟶]/g, '->')
    .replace(/[≤]/g, '<=')
    .replace(/[≥]/g, '>=')
    .replace(/[≠]/g, '!=')
    .replace(/[×]/g, 'x')
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/[^\s\u0020-\u007e\u00a1-\u00ff\u2018\u2019\u201c\u201d\u2026\u2013\u2014\u20ac\u0152\u0153\u0178]/gu, '?')
    .replace(/[^\S\n\t ]/g, ' ');
}

export interface PdfWriter {
  h1(t: string): void;
  h2(t: string): void;
  h3(t: string): void;
  para(t: string, size?: number): void;
  line(label: string, value: string): void;
  code(t: string): void;
  list(items: string[], size?: number): void;
  section(fill: () => void): void;
  /** Space for a handwritten signature, under its label. */
  signature(label: string): void;
}

/** Draws a document with `draw`, numbers its pages with `footer` and returns its bytes. */
export async function taggedPdf(meta: { title: string; author: string; subject?: string }, footer: string, draw: (w: PdfWriter) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: latin(meta.title), Author: latin(meta.author), ...(meta.subject ? { Subject: latin(meta.subject) } : {}) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  type Struct = ReturnType<typeof doc.struct>;
  const root = doc.struct('Document');
  doc.addStructure(root);
  let parent: Struct = root;
  const tag = (type: Parameters<typeof doc.struct>[0], fn: () => void) => parent.add(doc.struct(type, {}, [fn]));
  const group = (type: 'Sect' | 'L' | 'LI' | 'LBody', fill: () => void) => {
    const el = doc.struct(type);
    parent.add(el);
    const outer = parent;
    parent = el;
    fill();
    parent = outer;
    el.end();
  };
  const w: PdfWriter = {
    h1: (t) => tag('H1', () => doc.font('Helvetica-Bold').fontSize(16).text(latin(t)).moveDown(0.3)),
    h2: (t) => tag('H2', () => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12.5).text(latin(t)).moveDown(0.2)),
    h3: (t) => tag('H3', () => doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10.5).text(latin(t))),
    para: (t, size = 9.5) => tag('P', () => doc.font('Helvetica').fontSize(size).text(latin(t))),
    line: (label, value) => tag('P', () => doc.font('Helvetica-Bold').fontSize(9.5).text(latin(`${label} : `), { continued: true }).font('Helvetica').text(latin(value))),
    code: (t) => tag('Code', () => doc.font('Courier').fontSize(8.5).text(latin(t || '(vide)'), { indent: 12 })),
    list: (items, size = 9) =>
      group('L', () => {
        for (const it of items) group('LI', () => tag('LBody', () => doc.font('Helvetica').fontSize(size).text(latin(`• ${it}`), { indent: 8 })));
      }),
    section: (fill) => group('Sect', fill),
    signature: (label) =>
      tag('P', () => {
        doc.moveDown(0.8).font('Helvetica-Bold').fontSize(9.5).text(latin(label));
        doc.font('Helvetica').fontSize(8.5).text(latin('Nom, qualité, date et signature :')).moveDown(3);
      }),
  };
  draw(w);
  root.end();

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(latin(`${footer} — page ${i + 1} / ${range.count}`), 50, doc.page.height - 35, { width: doc.page.width - 100, align: 'center', lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
