// The print routes (spec §2: export-report, export-invoice, export-exam, export-evidence-of-trainings,
// export-school-book): no login and no boot screen. The link carries a short-lived document token in its fragment
// (#t=…), which never reaches a server log or a referrer; the page trades it for the document's view-model and shows
// it as A4 sheets, with 'Tisknout' on screen only.
import type { PdfKind } from '@volant/shared/enums';
import type { DocumentVm } from '@volant/shared/pdf/view-models';
import { useEffect, useState } from 'react';
import { PrintDocument } from '../features/print/print-document.tsx';
import { describeError, trpcClient } from '../lib/trpc.ts';
import '../features/print/print.css';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; kind: PdfKind; vm: DocumentVm };

/** The token of a print link's fragment ('#t=…'), or null. */
export function tokenOfHash(hash: string): string | null {
  const t = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return t?.trim() ? t.trim() : null;
}

export default function PrintPage() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const token = tokenOfHash(window.location.hash);
    if (!token) {
      setState({ status: 'error', message: 'Odkaz je neplatný nebo jeho platnost vypršela.' });
      return;
    }
    let live = true;
    trpcClient.print.openPrintDocument
      .mutate({ token })
      .then((r) => live && setState({ status: 'ready', kind: r.kind, vm: r.vm }))
      .catch((e: unknown) => live && setState({ status: 'error', message: describeError(e).message }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state.status === 'ready') document.title = `${state.vm.kind === 'INVOICE' ? 'Doklad' : 'Tisk'} – Volant`;
  }, [state]);

  return (
    <div className="print-screen">
      {state.status === 'loading' ? <p className="print-status">Načítání...</p> : null}
      {state.status === 'error' ? (
        <p className="print-status print-status--error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <div className="print-toolbar">
            <button type="button" onClick={() => window.print()}>
              Tisknout
            </button>
          </div>
          <PrintDocument vm={state.vm} />
        </>
      ) : null}
    </div>
  );
}
