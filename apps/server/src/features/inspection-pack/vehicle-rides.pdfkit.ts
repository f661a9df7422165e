// 'Evidence o výcviku v řízení vozidla' per vehicle, the bulk of the inspection pack (issue 22 §2: a year's 60,000
// rides of 40 cars), drawn straight with pdfkit instead of laid out by pdfmake. Every row is one line of fixed height in
// fixed columns, so there is nothing to lay out, and one document per vehicle parses its fonts once: pdfmake spent
// ~200 ms of a core per vehicle-month of ~125 rows, most of it opening the fonts again (docs/decisions/0027).
//
// The page looks as every other document (pdf/layout.ts's `page`): A4 landscape, the same margins, the title and
// subtitle on page 1, the running header 'school · title' from page 2, the footer 'Vytvořeno … v aplikaci Volant' and
// 'Strana x / y'; the table as pdfmake's 'lightHorizontalLines' (a black rule under the header row, repeated on each
// page, grey rules between rows). Each month starts with its heading and totals, and is a bookmark of the PDF. A name
// too long for its column ends with '…'. Fonts: the DejaVu set of pdf/render.ts, embedded as subsets.
import { formatDate } from '@volant/shared/format';
import PDFDocument from 'pdfkit';
import { fontFile } from '../../pdf/render.ts';
import { monthText, ridesByMonth, ridesTotalText, type VehicleRidesVm, vehicleRideCells, vehicleRidesSubtitle } from './inspection-pack.pdf.ts';

const TITLE = 'Evidence o výcviku v řízení vozidla';
const GREY = '#666666';
const RULE = '#aaaaaa';
const MARGIN = { left: 36, right: 36, top: 40, bottom: 44 };
const HEADER = ['#', 'Datum', 'Od–do', 'Hod.', 'Žadatel (ev. č.)', 'Tach. před', 'Tach. po', 'km', 'Učitel', 'Podpis žadatele', 'Podpis učitele'];
/** Column widths in points; 0: the rest of the line (the student). */
const WIDTHS = [24, 46, 52, 26, 0, 40, 40, 26, 90, 108, 108];
/** The columns whose text may be longer than the column (names): cut with '…'; the others are of a fixed form. */
const FITTED = new Set([4, 8]);
const FONT_SIZE = 7.5;
const ROW = 12;
const PAD = 2.5;

export async function renderVehicleRidesPdf(vm: VehicleRidesVm): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: TITLE, Author: vm.school?.name ?? 'Volant', Creator: 'Volant', Producer: 'Volant' },
  });
  doc.registerFont('regular', fontFile('DejaVuSans'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold'));
  doc.registerFont('condensed', fontFile('DejaVuSansCondensed'));
  doc.registerFont('condensed-bold', fontFile('DejaVuSansCondensed-Bold'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const pageWidth = doc.page.width;
  const pageBottom = doc.page.height - MARGIN.bottom;
  const inner = pageWidth - MARGIN.left - MARGIN.right;
  const widths = WIDTHS.map((w) => (w === 0 ? inner - WIDTHS.reduce((s, x) => s + x, 0) : w));
  const xs = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((s, w) => s + w, 0));

  /** A text on one line, cut with '…' to `width` (in the current font and size). */
  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const rule = (y: number, width: number, color: string) => {
    doc
      .moveTo(MARGIN.left, y)
      .lineTo(pageWidth - MARGIN.right, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  };
  /** The column headings (wrapped within their column, as pdfmake's header row), then a black rule. */
  const HEADER_HEIGHT = 2 * FONT_SIZE * 1.2 + 2 * PAD;
  const headerRow = (y: number) => {
    doc.font('condensed-bold').fontSize(FONT_SIZE).fillColor('black');
    HEADER.forEach((h, i) => {
      doc.text(h, (xs[i] as number) + PAD, y + PAD, { width: (widths[i] as number) - 2 * PAD, lineGap: 0 });
    });
    rule(y + HEADER_HEIGHT, 1.5, 'black');
    return y + HEADER_HEIGHT + 1;
  };
  const row = (cells: readonly string[], y: number) => {
    doc.font('condensed').fontSize(FONT_SIZE).fillColor('black');
    cells.forEach((v, i) => {
      const text = FITTED.has(i) ? fit(v, (widths[i] as number) - 2 * PAD) : v;
      doc.text(text, (xs[i] as number) + PAD, y + PAD, { lineBreak: false });
    });
  };

  // Page 1: the title and the subtitle (wrapped).
  doc.font('bold').fontSize(15).fillColor('black').text(TITLE, MARGIN.left, MARGIN.top, { width: inner });
  doc.moveDown(0.15);
  doc.font('regular').fontSize(9.5).fillColor(GREY).text(vehicleRidesSubtitle(vm), { width: inner, lineGap: 1 });
  let y = doc.y + 6;
  if (vm.rides.length === 0) {
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text('Vozidlo nemá v tomto období žádnou zapsanou jízdu.', MARGIN.left, y + 6, { width: inner });
    y = doc.y;
  }
  let n = 0;
  for (const month of ridesByMonth(vm.rides)) {
    // A month's heading with its totals, then its rows under the column headings; a month starts where there is room
    // for its heading and a few rows, else on a new page.
    if (y + 20 + HEADER_HEIGHT + 3 * ROW > pageBottom) {
      doc.addPage();
      y = MARGIN.top;
    }
    const heading = `${monthText(month.month).replace(/^./, (c) => c.toUpperCase())}`;
    doc.outline.addItem(heading);
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(heading, MARGIN.left, y + 8, { lineBreak: false, continued: false });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(ridesTotalText(month.rides), MARGIN.left + 150, y + 10.5, { lineBreak: false });
    y = headerRow(y + 24);
    month.rides.forEach((r, i) => {
      if (y + ROW > pageBottom) {
        doc.addPage();
        y = headerRow(MARGIN.top);
      } else if (i > 0) rule(y, 0.5, RULE);
      row(vehicleRideCells(r, n), y);
      n += 1;
      y += ROW;
    });
  }
  if (vm.rides.length > 0) {
    if (y + 24 > pageBottom) {
      doc.addPage();
      y = MARGIN.top;
    }
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('black')
      .text('Celkem: ', MARGIN.left, y + 10, { continued: true });
    doc.font('regular').text(ridesTotalText(vm.rides));
  }

  // Every page's footer, and the running header from page 2 (as pdf/layout.ts's `page`).
  const running = [vm.school?.name, TITLE].filter(Boolean).join(' · ');
  const pages = doc.bufferedPageRange();
  for (let p = pages.start; p < pages.start + pages.count; p++) {
    doc.switchToPage(p);
    // Writing into the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7.5).fillColor(GREY);
    const footY = doc.page.height - MARGIN.bottom + 14;
    doc.text(`Vytvořeno ${formatDate(vm.generatedOn)} v aplikaci Volant`, MARGIN.left, footY, { lineBreak: false });
    const pageText = `Strana ${p - pages.start + 1} / ${pages.count}`;
    doc.text(pageText, pageWidth - MARGIN.right - doc.widthOfString(pageText), footY, { lineBreak: false });
    if (p > pages.start) doc.text(fit(running, inner), MARGIN.left, 20, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
