import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import type { ReportBlock, ReportColumn, YearReport } from '../yearreport/YearReport.js';
import { AtomicFile } from './AtomicFile.js';

type Doc = PDFKit.PDFDocument;

/** A4 in points, and the margins: the foot line sits in the bottom margin. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 50, bottom: 60, left: 45, right: 45 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' };
const SIZE = { title: 18, subtitle: 10, heading: 12, text: 8.5, table: 7, foot: 7 };
const PAD = 2;
const GREY = '#555555';

/**
 * Lays the report out on A4 with pdfkit's standard fonts (no font file: they cover Latin-1 and the few signs the
 * report uses; amounts carry their currency's code, never a symbol) and writes it atomically. A character those
 * fonts lack (a token named in another script) is written `?` rather than as a wrong glyph. `createdAt` is the
 * document's date, so the same report gives the same text.
 */
export async function writeReportPdf(report: YearReport, file: string, createdAt: Date): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: clean(`${report.title} · ${report.subtitle}`), Author: 'ledgerscan', Creator: 'ledgerscan', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(doc, 'end');
  doc.font(FONT.bold).fontSize(SIZE.title).text(clean(report.title));
  doc.font(FONT.regular).fontSize(SIZE.subtitle).fillColor(GREY).text(clean(report.subtitle)).fillColor('black');
  for (const section of report.sections) {
    doc.moveDown(1.2);
    ensureRoom(doc, 60);
    doc.font(FONT.bold).fontSize(SIZE.heading).text(clean(section.title), MARGIN.left);
    rule(doc, doc.y + 1);
    doc.moveDown(0.5);
    for (const block of section.blocks) drawBlock(doc, block);
  }
  footers(doc, report.footer);
  doc.end();
  await ended;
  const out = new AtomicFile(file);
  try {
    await out.write(Buffer.concat(chunks));
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
}

function drawBlock(doc: Doc, block: ReportBlock): void {
  if (block.kind === 'text') {
    doc.font(FONT.regular).fontSize(SIZE.text).text(clean(block.text), MARGIN.left, doc.y, { width: WIDTH });
  } else if (block.kind === 'facts') {
    const labelWidth = 80;
    doc.fontSize(SIZE.text);
    for (const [label, value] of block.rows) {
      const height = Math.max(textHeight(doc, FONT.bold, label, labelWidth), textHeight(doc, FONT.regular, value, WIDTH - labelWidth));
      ensureRoom(doc, height);
      const y = doc.y;
      doc.font(FONT.bold).text(clean(label), MARGIN.left, y, { width: labelWidth });
      doc.font(FONT.regular).text(clean(value), MARGIN.left + labelWidth, y, { width: WIDTH - labelWidth });
      doc.y = y + height + 1;
    }
  } else {
    drawTable(doc, block.columns, block.rows, block.total);
  }
  doc.moveDown(0.5);
}

/** Rows that do not fit go to the next page, under the header drawn again. */
function drawTable(doc: Doc, columns: readonly ReportColumn[], rows: readonly (readonly string[])[], total?: readonly string[]): void {
  const shares = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / shares) * WIDTH);
  doc.fontSize(SIZE.table);
  const header = (): void => {
    drawRow(
      doc,
      columns,
      widths,
      columns.map((column) => column.title),
      FONT.bold,
    );
    rule(doc, doc.y);
  };
  ensureRoom(
    doc,
    2 *
      rowHeight(
        doc,
        columns,
        widths,
        columns.map((column) => column.title),
        FONT.bold,
      ),
  );
  header();
  for (const row of rows) {
    if (doc.y + rowHeight(doc, columns, widths, row, FONT.regular) > BOTTOM) {
      doc.addPage();
      header();
    }
    drawRow(doc, columns, widths, row, FONT.regular);
  }
  if (total !== undefined) {
    ensureRoom(doc, rowHeight(doc, columns, widths, total, FONT.bold));
    rule(doc, doc.y);
    drawRow(doc, columns, widths, total, FONT.bold);
  }
}

function drawRow(doc: Doc, columns: readonly ReportColumn[], widths: readonly number[], cells: readonly string[], font: string): void {
  const y = doc.y + PAD;
  const height = rowHeight(doc, columns, widths, cells, font);
  let x = MARGIN.left;
  columns.forEach((column, index) => {
    const width = widths[index] ?? 0;
    doc.font(column.mono && font === FONT.regular ? FONT.mono : font).text(clean(cells[index] ?? ''), x + PAD, y, {
      width: width - 2 * PAD,
      align: column.align,
    });
    x += width;
  });
  doc.x = MARGIN.left;
  doc.y = y + height - PAD;
}

function rowHeight(doc: Doc, columns: readonly ReportColumn[], widths: readonly number[], cells: readonly string[], font: string): number {
  const heights = columns.map((column, index) =>
    textHeight(doc, column.mono && font === FONT.regular ? FONT.mono : font, cells[index] ?? '', (widths[index] ?? 0) - 2 * PAD),
  );
  return Math.max(...heights) + 2 * PAD;
}

function textHeight(doc: Doc, font: string, text: string, width: number): number {
  return doc.font(font).heightOfString(clean(text) || ' ', { width });
}

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}

/** Every page's foot: the report's line and `page N of M`, drawn once the page count is known. */
function footers(doc: Doc, footer: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Inside the bottom margin: with it kept, pdfkit would start a new page for the foot line.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(SIZE.foot)
      .fillColor(GREY)
      .text(clean(`${footer} · page ${index + 1} of ${count}`), MARGIN.left, PAGE.height - MARGIN.bottom / 2, {
        width: WIDTH,
        align: 'center',
      })
      .fillColor('black');
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

/** The characters the standard fonts' encoding (Windows-1252) has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function clean(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?';
  }
  return out;
}
