import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { classBookVm, drivingRecordVm, examVm, invoiceVm, partialCompletionVm, registerBookVm, reportVm } from '@volant/shared/pdf/view-model-fixtures';
import { qrSvg } from './invoice-print.tsx';
import { PrintDocument } from './print-document.tsx';

/** The printed text (tags dropped, entities decoded, whitespace collapsed). */
function textOf(html: string) {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;|&#xA0;/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('print documents', () => {
  it('prints the hlášenka as a landscape form with the school, the office and the students', () => {
    const html = renderToStaticMarkup(<PrintDocument vm={reportVm} />);
    expect(html).toContain('print-doc--landscape');
    const text = textOf(html);
    expect(text).toContain('Seznam žadatelů zařazených do výuky a výcviku');
    expect(text).toContain('zahájení 2.2.2026');
    expect(text).toContain('Obecní úřad obce s rozšířenou působností Magistrát města Brna');
    expect(text).toContain('Řidičák Plus s.r.o., IČO 27182818, Údolní 5, 602 00 Brno');
    expect(text).toContain('EV-2026/014 Řeháková Žofie, Bc. 17.5.2006 Lidická 12, 602 00 Brno B Základní 2.2.2026');
    expect(text).toContain('Místo a datum: Brno, 20.4.2026');
    expect(text).toContain('Vytvořeno 20.4.2026 v aplikaci Volant');
  });

  it('prints the ride record with the signature as an image of the safe SVG and leaves out an unsafe one', () => {
    const html = renderToStaticMarkup(<PrintDocument vm={drivingRecordVm} />);
    const text = textOf(html);
    expect(text).toContain('Evidence o výcviku v řízení vozidla');
    expect(text).toContain('Vozidlo: Škoda Octavia, RZ 1BČ2345');
    expect(text).toMatch(/3\.2\.2026 08:00–09:30 2 48\s200 48\s231 31 Ing\. Miroslav Kříž/);
    expect(text).toContain('1 jízda, 2 hodiny výcviku v řízení');
    const images = html.match(/<img[^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toContain('alt="Podpis žadatele"');
    expect(images[0]).toContain('src="data:image/svg+xml;charset=utf-8,%3Csvg');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('%3Cscript');
  });

  it('prints the class book with attendance, the interpreter and each hour', () => {
    const text = textOf(renderToStaticMarkup(<PrintDocument vm={classBookVm} />));
    expect(text).toContain('Třídní kniha');
    expect(text).toContain('PPV 18 · celkem 18');
    expect(text).toContain('Řeháková Žofie, Bc. 17.5.2006 AM B 17/18 17/18 Ševčenková Oksana, Mgr.');
    expect(text).toContain('Tlumočníci');
    expect(text).toContain('PPV – Předpisy o provozu vozidel Téma 1 – řízení ve městě Ing. Miroslav Kříž 0/1 EV-2026/014');
  });

  it('prints the exam application with the parts and the statement', () => {
    const text = textOf(renderToStaticMarkup(<PrintDocument vm={examVm} />));
    expect(text).toContain('Přihláška ke zkoušce');
    expect(text).toContain('Termín zkoušky 14.5.2026');
    expect(text).toContain('B: PPV (2. pokus)');
    expect(text).toContain('Žadatel absolvoval výuku a výcvik v rozsahu stanoveném zákonem');
  });

  it("prints a payer's cancelled invoice with the VAT recap and the credit note", () => {
    const html = renderToStaticMarkup(<PrintDocument vm={invoiceVm} />);
    expect(html).not.toContain('print-doc--landscape');
    const text = textOf(html);
    expect(text).toContain('Faktura – daňový doklad č. 20260007');
    expect(text).toContain('STORNOVÁNO dne 2.4.2026 · důvod: Chybná částka · opravný doklad č. 20260008');
    expect(text).toContain('DIČ: CZ27182818');
    expect(text).toContain('Rekapitulace DPH');
    expect(text).toMatch(/21 % 10\s000,00\sKč 2\s100,00\sKč 12\s100,00\sKč/);
    expect(text).toMatch(/Celkem k úhradě: 12\s100,00\sKč/);
    expect(text).not.toContain('Neplátce DPH');
  });

  it('prints a bank-transfer invoice with the account, the IBAN, the VS and its QR Platba (issue 17)', async () => {
    const qrPayment = 'SPD*1.0*ACC:CZ6508000000192000145399*AM:12100.00*CC:CZK*DT:20260415*X-VS:20260007*MSG:Faktura 20260007';
    const html = renderToStaticMarkup(<PrintDocument vm={{ ...invoiceVm, cancelled: null, qrPayment }} />);
    const text = textOf(html);
    expect(text).toContain('Bankovní účet 19-2000145399/0800');
    expect(text).toContain('IBAN CZ65 0800 0000 1920 0014 5399');
    expect(text).toContain('Variabilní symbol 20260007');
    expect(text).toContain('QR Platba Naskenujte v aplikaci své banky. Účet: 19-2000145399/0800');
    expect(html).toContain(`data-qr-payment="${qrPayment}"`);
    // The code itself: an SVG from the lazily loaded qrcode package.
    const svg = await qrSvg(qrPayment);
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    // No QR Platba when there is nothing to pay by transfer.
    expect(renderToStaticMarkup(<PrintDocument vm={invoiceVm} />)).not.toContain('QR Platba');
  });

  it('prints the register book and the partial-completion certificate', () => {
    const book = textOf(renderToStaticMarkup(<PrintDocument vm={registerBookVm} />));
    expect(book).toContain('Evidenční kniha');
    expect(book).toContain('žadatelé přijatí od 1.1.2026 do 31.3.2026');
    expect(book).toContain('15.1.2026 2.2.2026 Probíhající B PPV: Prospěl 20.3.2026');
    const cert = textOf(renderToStaticMarkup(<PrintDocument vm={partialCompletionVm} />));
    expect(cert).toContain('Potvrzení o částečném absolvování výuky a výcviku');
    expect(cert).toContain('PPV – Předpisy o provozu vozidel 12 18 2.2.2026 – 20.2.2026');
    expect(cert).toContain('Výcvik v řízení vozidla 3 6 28 2.3.2026 – 4.3.2026');
  });
});
