// 5. Faktura / doklad on the print route (the PDF: apps/server/src/pdf/documents/invoice.ts).
import { PAYMENT_METHOD_LABELS } from '@volant/shared/enums';
import { formatDate, formatMoney } from '@volant/shared/format';
import type { InvoicePartyVm, InvoiceVm } from '@volant/shared/pdf/view-models';
import { FieldGrid, SignatureLines, Sheet, Table } from './print-parts.tsx';

function Party({ title, p, extra = [] }: { title: string; p: InvoicePartyVm; extra?: string[] }) {
  return (
    <div>
      <div className="print-small">{title}</div>
      <strong>{p.name}</strong>
      {p.address ? <div>{p.address}</div> : null}
      {p.companyNumber ? <div>IČO: {p.companyNumber}</div> : null}
      {p.vatId ? <div>DIČ: {p.vatId}</div> : null}
      {extra.map((t) => (
        <div key={t}>{t}</div>
      ))}
    </div>
  );
}

export function InvoicePrint({ vm }: { vm: InvoiceVm }) {
  const payer = vm.vatMode === 'PAYER';
  return (
    <Sheet vm={vm}>
      {vm.cancelled ? (
        <div className="print-cancelled">
          <strong>STORNOVÁNO</strong>
          {vm.cancelled.at ? ` dne ${formatDate(vm.cancelled.at)}` : ''}
          {vm.cancelled.reason ? ` · důvod: ${vm.cancelled.reason}` : ''}
          {vm.creditNote ? ` · opravný doklad č. ${vm.creditNote}` : ''}
        </div>
      ) : null}
      <div className="print-parties">
        <Party title="Dodavatel" p={vm.supplier} extra={payer ? [] : ['Neplátce DPH']} />
        <Party title="Odběratel" p={vm.customer} extra={vm.student && vm.customer.name !== vm.student.name ? [`Žák: ${vm.student.name}`] : []} />
      </div>
      <FieldGrid
        fields={[
          { label: 'Datum vystavení', value: formatDate(vm.issuedOn) },
          { label: 'Datum splatnosti', value: formatDate(vm.dueOn) },
          payer
            ? { label: 'Datum uskutečnění zdanitelného plnění', value: formatDate(vm.taxableOn) }
            : { label: 'Evidenční číslo žáka', value: vm.student?.registrationNumber ?? null },
          { label: 'Variabilní symbol', value: vm.variableSymbol },
          { label: 'Způsob úhrady', value: PAYMENT_METHOD_LABELS[vm.paymentMethod] },
          { label: 'Bankovní účet', value: vm.bankAccount },
          ...(vm.creditNoteFor ? [{ label: 'Opravný doklad k dokladu', value: `č. ${vm.creditNoteFor}`, span: 3 }] : []),
        ]}
      />
      <h2>Položky</h2>
      <Table
        columns={[
          { header: 'Č.', align: 'num' },
          { header: 'Označení dodávky' },
          { header: 'Množství', align: 'num' },
          { header: payer ? 'Cena za jednotku s DPH' : 'Cena za jednotku', align: 'num' },
          ...(payer ? [{ header: 'DPH', align: 'num' as const }] : []),
          { header: 'Celkem', align: 'num' },
        ]}
        rows={vm.lines.map((l, i) => [i + 1, l.text, l.quantity, formatMoney(l.unitPrice), ...(payer ? [`${l.vatRate} %`] : []), formatMoney(l.total)])}
      />
      {payer && vm.vatRows.length ? (
        <>
          <h2>Rekapitulace DPH</h2>
          <Table
            columns={[
              { header: 'Sazba', align: 'num' },
              { header: 'Základ', align: 'num' },
              { header: 'DPH', align: 'num' },
              { header: 'Celkem', align: 'num' },
            ]}
            rows={vm.vatRows.map((r) => [`${r.rate} %`, formatMoney(r.base), formatMoney(r.vat), formatMoney(r.gross)])}
          />
        </>
      ) : null}
      <div className="print-total">
        <span className="print-small">{payer ? `z toho DPH ${formatMoney(vm.totalVat)}` : 'Dodavatel není plátcem DPH.'}</span>
        <span className="print-total__sum">
          {vm.invoiceKind === 'RECEIPT' ? 'Přijato celkem: ' : 'Celkem k úhradě: '}
          <strong>{formatMoney(vm.total)}</strong>
        </span>
      </div>
      {vm.note ? <p>{vm.note}</p> : null}
      <SignatureLines labels={[vm.invoiceKind === 'RECEIPT' ? 'Přijal (razítko a podpis)' : 'Vystavil (razítko a podpis)']} />
    </Sheet>
  );
}
