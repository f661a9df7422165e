// The primitives the printable documents are built from — the same frame and parts as the PDF (apps/server/src/pdf/
// layout.ts): a sheet with the title and the legal-basis line, labelled field grids, ruled tables with a repeated
// header, signature lines, and signature pictures (only the safe SVG subset, as an <img>, never as inline markup).
import { formatDate } from '@volant/shared/format';
import { signatureImage } from '@volant/shared/pdf/signature-image';
import { type FieldGridLayout, type LayoutField, orDash, schoolFields, type TableLayout } from '@volant/shared/pdf/layouts';
import { type DocumentVm, documentSubtitle, documentTitle, isLandscape } from '@volant/shared/pdf/view-models';
import type { ReactNode } from 'react';

export function Sheet({ vm, children }: { vm: DocumentVm; children: ReactNode }) {
  const subtitle = documentSubtitle(vm);
  return (
    <article className={isLandscape(vm.kind) ? 'print-doc print-doc--landscape' : 'print-doc'} data-kind={vm.kind}>
      <h1>{documentTitle(vm)}</h1>
      {subtitle ? <p className="print-doc__subtitle">{subtitle}</p> : null}
      {children}
      <footer className="print-doc__footer">
        <span>Vytvořeno {formatDate(vm.generatedOn)} v aplikaci Volant</span>
      </footer>
    </article>
  );
}

export type Field = LayoutField;

/** Labelled boxes in a grid of `columns`, as on a printed form; an empty value leaves the box empty. */
export function FieldGrid({ fields, columns = 3 }: { fields: Field[]; columns?: number }) {
  return (
    <dl className="print-fields" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {fields.map((f) => (
        <div key={f.label} style={f.span && f.span > 1 ? { gridColumn: `span ${Math.min(f.span, columns)}` } : undefined}>
          <dt>{f.label}</dt>
          <dd>{f.value?.trim() ? f.value : '\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}

export { schoolFields };

export interface Column {
  header: string;
  align?: 'num' | 'center';
  width?: string;
}
export type Cell = ReactNode;

export function Table({ columns, rows, footer, condensed }: { columns: Column[]; rows: Cell[][]; footer?: Cell[]; condensed?: boolean }) {
  return (
    <table className={condensed ? 'print-table print-table--condensed' : 'print-table'}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} className={c.align} style={c.width ? { width: c.width } : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed, printed list
          <tr key={i}>
            {r.map((cell, j) => (
              <td key={columns[j]?.header ?? j} className={columns[j]?.align}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer ? (
        <tfoot>
          <tr>
            {footer.map((cell, j) => (
              <td key={columns[j]?.header ?? j} className={columns[j]?.align}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/** A shared table layout (packages/shared/src/pdf/layouts.ts) as a print table, or its 'empty' line when it has no rows. */
export function LayoutTable({
  table: t,
  condensed,
  cells,
  widths,
}: {
  table: TableLayout;
  condensed?: boolean;
  /** Cells the renderer adds after each row's text cells (the signatures). */
  cells?: (row: number) => Cell[];
  /** CSS widths by column, where one is fixed. */
  widths?: (string | undefined)[];
}) {
  if (t.rows.length === 0 && t.empty !== null) return <p className="print-small">{t.empty}</p>;
  return (
    <Table
      condensed={condensed}
      columns={t.columns.map((c, i) => ({ header: c.header, align: c.align === 'right' ? 'num' : c.align, width: widths?.[i] }))}
      rows={t.rows.map((r, n) => [...r.map((v, i) => (t.columns[i]?.strong ? <strong key="s">{v}</strong> : v)), ...(cells?.(n) ?? [])])}
      footer={t.totals}
    />
  );
}

/** A shared field grid layout as the print grid. */
export const LayoutGrid = ({ grid }: { grid: FieldGridLayout }) => <FieldGrid fields={grid.fields} columns={grid.columns} />;

/** A stored signature as a picture (cropped to its strokes), or nothing when absent or not in the safe subset. */
export function Signature({ svg, label }: { svg: string | null | undefined; label: string }) {
  const image = signatureImage(svg);
  if (!image) return null;
  return <img className="print-signature" alt={label} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(image)}`} />;
}

export function SignatureLines({ labels, place, date }: { labels: string[]; place?: string | null; date?: string | null }) {
  return (
    <div className="print-sign">
      {place || date ? (
        <div>
          Místo a datum: {place ?? '…………………'}, {date ? formatDate(date) : '…………………'}
        </div>
      ) : null}
      <div className="print-sign__lines">
        {labels.map((l) => (
          <div key={l} className="print-sign__line">
            {l}
          </div>
        ))}
      </div>
    </div>
  );
}

export { orDash };
