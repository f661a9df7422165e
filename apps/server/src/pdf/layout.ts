// The page frame every document shares (issue 10): A4, margins, a running header with the school and the document's
// title, a footer with the page number and the day the document was made, and the few primitives the forms are built
// from (a labelled field grid, ruled tables, signature lines, a signature picture). Pure: view-model in, pdfmake
// definition out; fonts come from pdf/render.ts.
import { formatDate } from '@volant/shared/format';
import { signatureImage, signatureStrokes } from '@volant/shared/pdf/signature-image';
import { type FieldGridLayout, type LayoutField, orDash, schoolFields, type TableLayout } from '@volant/shared/pdf/layouts';
import { type DocumentVm, documentSubtitle, documentTitle, isLandscape, type SchoolVm } from '@volant/shared/pdf/view-models';
import type { CanvasElement, Content, ContentTable, PageOrientation, StyleDictionary, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { PDF_FONT_CONDENSED } from './render.ts';

const GREY = '#666666';
const RULE = '#9a9a9a';
const HEAD_FILL = '#eeeeee';

export const STYLES: StyleDictionary = {
  title: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
  subtitle: { fontSize: 9.5, color: GREY, margin: [0, 0, 0, 10] },
  h2: { fontSize: 11, bold: true, margin: [0, 12, 0, 5] },
  label: { fontSize: 7.5, color: GREY },
  value: { fontSize: 9.5 },
  th: { fontSize: 7.5, bold: true },
  td: { fontSize: 8.5 },
  small: { fontSize: 7.5, color: GREY },
  statement: { fontSize: 9.5, italics: true, margin: [0, 10, 0, 0] },
};

export interface PageOptions {
  /** The form's heading, e.g. 'Evidence o výcviku v řízení vozidla'. */
  title: string;
  /** A line under the title (the legal basis, the subject). */
  subtitle?: string;
  school?: SchoolVm | null;
  /** The school's calendar day the document was made ('YYYY-MM-DD'). */
  generatedOn: string;
  orientation?: PageOrientation;
  content: Content[];
}

/** One document: A4, the running header (school · title) from page 2 on, the footer 'Strana x / y' on every page. */
export function page(o: PageOptions): TDocumentDefinitions {
  const running = [o.school?.name, o.title].filter(Boolean).join(' · ');
  return {
    pageSize: 'A4',
    pageOrientation: o.orientation ?? 'portrait',
    pageMargins: [36, 40, 36, 44],
    info: { title: o.title, author: o.school?.name ?? 'Volant', creator: 'Volant' },
    styles: STYLES,
    defaultStyle: { fontSize: 9.5, lineHeight: 1.15 },
    header: (currentPage) => (currentPage === 1 ? null : { text: running, style: 'small', margin: [36, 20, 36, 0], alignment: 'left' }),
    footer: (currentPage, pageCount) => ({
      margin: [36, 14, 36, 0],
      columns: [
        { text: `Vytvořeno ${formatDate(o.generatedOn)} v aplikaci Volant`, style: 'small' },
        { text: `Strana ${currentPage} / ${pageCount}`, style: 'small', alignment: 'right' },
      ],
    }),
    content: [
      { text: o.title, style: 'title' },
      ...(o.subtitle ? [{ text: o.subtitle, style: 'subtitle' }] : [{ text: '', margin: [0, 0, 0, 8] as [number, number, number, number] }]),
      ...o.content,
    ],
  };
}

/** The page frame of one document from its view-model: its title and subtitle, the school (when it has one), the day, the orientation. */
export function documentPage(vm: DocumentVm, content: Content[]): TDocumentDefinitions {
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: 'school' in vm ? vm.school : undefined,
    generatedOn: vm.generatedOn,
    orientation: isLandscape(vm.kind) ? 'landscape' : 'portrait',
    content,
  });
}

export type Field = LayoutField;
export { schoolFields };

/**
 * Labelled fields in a ruled grid of `columns` columns, as on a printed form: the label small above the value. An
 * empty value leaves the box empty (to be written in by hand), never 'null'.
 */
export function fieldGrid(fields: Field[], columns = 3): Content {
  const rows: TableCell[][] = [];
  let row: TableCell[] = [];
  let used = 0;
  const push = () => {
    while (used < columns) {
      row.push({ text: '' });
      used += 1;
    }
    rows.push(row);
    row = [];
    used = 0;
  };
  for (const f of fields) {
    const span = Math.min(f.span ?? 1, columns);
    if (used + span > columns) push();
    row.push({
      colSpan: span,
      stack: [
        { text: f.label, style: 'label' },
        { text: f.value?.trim() ? f.value : ' ', style: 'value' },
      ],
    });
    for (let i = 1; i < span; i++) row.push({ text: '' });
    used += span;
  }
  if (used > 0) push();
  return {
    table: { widths: Array(columns).fill('*'), body: rows, dontBreakRows: true },
    layout: {
      hLineColor: () => RULE,
      vLineColor: () => RULE,
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      paddingTop: () => 2,
      paddingBottom: () => 3,
      paddingLeft: () => 4,
      paddingRight: () => 4,
    },
  };
}

export interface Column {
  header: string;
  width: number | '*' | 'auto';
  align?: 'left' | 'right' | 'center';
}

/**
 * A ruled table with a repeated, shaded header row. Rows never break across pages; `condensed` sets the narrow
 * family for wide tables. Cells are strings or pdfmake cells.
 */
export function table(columns: Column[], rows: TableCell[][], o: { condensed?: boolean; footer?: TableCell[][]; fontSize?: number } = {}): ContentTable {
  const fontSize = o.fontSize ?? 8.5;
  const cell = (c: TableCell, i: number): TableCell => {
    const align = columns[i]?.align;
    if (typeof c === 'string' || typeof c === 'number') return { text: String(c), alignment: align };
    if (!align || typeof c !== 'object' || c === null || Array.isArray(c) || 'alignment' in c) return c;
    return { ...(c as object), alignment: align } as TableCell;
  };
  const head = columns.map((c) => ({ text: c.header, style: 'th', fillColor: HEAD_FILL, alignment: c.align }));
  const foot = (o.footer ?? []).map((r) => r.map((c, i) => ({ ...(cell(c, i) as object), bold: true, fillColor: HEAD_FILL }) as TableCell));
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columns.map((c) => c.width),
      body: [head, ...rows.map((r) => r.map(cell)), ...foot],
    },
    ...(o.condensed ? { font: PDF_FONT_CONDENSED } : {}),
    fontSize,
    layout: {
      hLineColor: () => RULE,
      vLineColor: () => RULE,
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      paddingTop: () => 2,
      paddingBottom: () => 2,
      paddingLeft: () => 3,
      paddingRight: () => 3,
    },
  };
}

/**
 * A shared table layout (packages/shared/src/pdf/layouts.ts) as a PDF table of these widths, or its 'empty' line when
 * it has no rows; the strong column bold.
 */
export function layoutTable(
  t: TableLayout,
  widths: Column['width'][],
  o: { condensed?: boolean; fontSize?: number; cells?: (row: number) => TableCell[] } = {},
): Content {
  if (t.rows.length === 0 && t.empty !== null) return { text: t.empty, style: 'small' };
  return table(
    t.columns.map((c, i) => ({ header: c.header, width: widths[i] ?? '*', align: c.align })),
    t.rows.map((r, n) => [...r.map((v, i) => (t.columns[i]?.strong ? { text: v ?? '', bold: true } : v) as TableCell), ...(o.cells?.(n) ?? [])]),
    { condensed: o.condensed, fontSize: o.fontSize, footer: t.totals ? [t.totals] : undefined },
  );
}

/** A shared field grid layout as the PDF's ruled grid. */
export const layoutGrid = (g: FieldGridLayout): Content => fieldGrid(g.fields, g.columns);

/**
 * The signature in a box of at most w × h points, centred, drawn as native vector strokes (see signatureStrokes;
 * the SVG renderer only for a picture with transforms), or a blank of that height when there is none.
 */
export function signatureCell(svg: string | null | undefined, w = 56, h = 18): TableCell {
  const blank: TableCell = { text: '', margin: [0, h / 2, 0, h / 2] };
  const strokes = signatureStrokes(svg);
  if (!strokes) {
    const image = svg?.includes('transform=') ? signatureImage(svg) : null;
    return image ? { svg: image, fit: [w, h], alignment: 'center' } : blank;
  }
  const scale = Math.min(w / strokes.width, h / strokes.height);
  const dx = (w - strokes.width * scale) / 2;
  const dy = (h - strokes.height * scale) / 2;
  const r = (n: number) => Math.round(n * 10) / 10;
  // Points closer than a fifth of a point to the last one kept add nothing at this size.
  const thin = (points: [number, number][]) => {
    const out: { x: number; y: number }[] = [];
    for (const [px, py] of points) {
      const p = { x: r(dx + px * scale), y: r(dy + py * scale) };
      const last = out.at(-1);
      if (!last || Math.abs(p.x - last.x) + Math.abs(p.y - last.y) >= 0.2) out.push(p);
    }
    return out.length > 1 ? out : [out[0], out[0]];
  };
  const canvas: CanvasElement[] = [
    ...strokes.strokes.map(
      (s): CanvasElement => ({
        type: 'polyline',
        points: thin(s.points),
        lineWidth: Math.max(0.25, r(s.width * scale)),
        lineColor: s.color,
        lineCap: 'round',
      }),
    ),
    ...strokes.dots.map(
      (d): CanvasElement => ({
        type: 'ellipse',
        x: r(dx + d.x * scale),
        y: r(dy + d.y * scale),
        r1: Math.max(0.2, d.r * scale),
        r2: Math.max(0.2, d.r * scale),
        color: d.color,
      }),
    ),
  ];
  return { canvas, width: w, height: h } as TableCell;
}

/** Lines to sign by hand, side by side ('Razítko a podpis'), under the place and date. */
export function signatureLines(labels: string[], o: { place?: string | null; date?: string | null } = {}): Content {
  // 'Místo a datum', not 'V … dne': the place is stored in the nominative ('V Brno' would be wrong Czech).
  const dated = o.place || o.date ? [`Místo a datum: ${o.place ?? '…………………'}, ${o.date ? formatDate(o.date) : '…………………'}`] : [];
  return {
    margin: [0, 28, 0, 0],
    unbreakable: true,
    stack: [
      ...dated.map((t) => ({ text: t, margin: [0, 0, 0, 26] as [number, number, number, number] })),
      {
        columns: labels.map((l) => ({
          stack: [
            { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5, lineColor: '#000000' }] },
            { text: l, style: 'small', margin: [0, 3, 0, 0] },
          ],
        })),
        columnGap: 40,
      },
    ],
  };
}

export { orDash };
