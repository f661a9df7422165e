// 5. Faktura / doklad on the print route (the PDF: apps/server/src/features/invoice/invoice.pdf.ts; the layout:
// packages/shared/src/pdf/layouts.ts).
import { type InvoiceLayout, invoiceLayout } from '@volant/shared/pdf/layouts';
import type { InvoiceVm } from '@volant/shared/pdf/view-models';
import { useEffect, useState } from 'react';
import { LayoutGrid, LayoutTable, SignatureLines, Sheet } from './print-parts.tsx';

/** The QR code as SVG markup; `qrcode` is loaded only here, when a document has a QR Platba (issue 17). */
export async function qrSvg(payload: string): Promise<string> {
  const qrcode = await import('qrcode');
  return qrcode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
}

/** The QR Platba beside its lines; until the code is drawn its place stays empty (same size, no jump). */
function QrPayment({ qr }: { qr: NonNullable<InvoiceLayout['qr']> }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(qr.payload).then(
      (s) => live && setSvg(s),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [qr.payload]);
  return (
    <div className="print-qr" data-qr-payment={qr.payload}>
      <div className="print-qr__code">{svg ? <img alt={qr.title} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} /> : null}</div>
      <div>
        <div className="print-small">{qr.title}</div>
        {qr.lines.map((t) => (
          <div key={t}>{t}</div>
        ))}
      </div>
    </div>
  );
}

function Party({ p }: { p: InvoiceLayout['parties'][number] }) {
  return (
    <div>
      <div className="print-small">{p.title}</div>
      <strong>{p.name}</strong>
      {p.lines.map((t) => (
        <div key={t}>{t}</div>
      ))}
    </div>
  );
}

export function InvoicePrint({ vm }: { vm: InvoiceVm }) {
  const l = invoiceLayout(vm);
  return (
    <Sheet vm={vm}>
      {l.cancelled ? (
        <div className="print-cancelled">
          <strong>{l.cancelled.label}</strong>
          {l.cancelled.text}
        </div>
      ) : null}
      <div className="print-parties">
        {l.parties.map((p) => (
          <Party key={p.title} p={p} />
        ))}
      </div>
      <LayoutGrid grid={l.grid} />
      <h2>{l.items.title}</h2>
      <LayoutTable table={l.items.table} />
      {l.vat ? (
        <>
          <h2>{l.vat.title}</h2>
          <LayoutTable table={l.vat.table} />
        </>
      ) : null}
      <div className="print-total">
        <span className="print-small">{l.total.note}</span>
        <span className="print-total__sum">
          {l.total.label}
          <strong>{l.total.amount}</strong>
        </span>
      </div>
      {l.qr ? <QrPayment qr={l.qr} /> : null}
      {l.note ? <p>{l.note}</p> : null}
      <SignatureLines labels={[l.signature]} />
    </Sheet>
  );
}
