// The print routes (spec §2: export-report, export-invoice, export-exam, export-evidence-of-trainings,
// export-school-book): a document's view-model as printable A4 HTML, opened without login by a short-lived signed
// document token. Staff ask for a token (`print.createPrintToken`), the web opens the route with the token in the
// URL's fragment (never sent to a server, never in a log or a referrer), and the page trades it for the view-model
// (`print.openPrintDocument`, a public POST).
import { z } from 'zod';
import { PDF_KINDS, type PdfKind } from '../enums.ts';
import { text, uuidInput } from '../validation.ts';
import { registerBookRangeInput } from './inputs.ts';

/** How long a print link works, from the moment the server makes it (the client has no say). */
export const PRINT_TOKEN_MINUTES = 10;

/** The print route of each kind (the two decree documents print on the nearest route of the spec). */
export const PRINT_ROUTE_OF_KIND: Record<PdfKind, string> = {
  REPORT: 'export-report',
  INVOICE: 'export-invoice',
  EXAM: 'export-exam',
  REPORT_VEHICLE_DRIVING_TRAINING: 'export-evidence-of-trainings',
  REPORT_CLASS_BOOK: 'export-school-book',
  REGISTER_BOOK: 'export-report',
  PARTIAL_COMPLETION: 'export-evidence-of-trainings',
  COURSE_CLASS_BOOK: 'export-school-book',
};

/** The link of a token: the route with the token in the fragment. */
export const printPath = (kind: PdfKind, token: string) => `/${PRINT_ROUTE_OF_KIND[kind]}#t=${token}`;

/** A document to print: the subject's id, or for the Evidenční kniha its range. */
export const createPrintTokenInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(PDF_KINDS.filter((k) => k !== 'REGISTER_BOOK') as [Exclude<PdfKind, 'REGISTER_BOOK'>]), entityId: uuidInput }),
  z.object({ kind: z.literal('REGISTER_BOOK'), range: registerBookRangeInput }),
]);
export type CreatePrintTokenInput = z.input<typeof createPrintTokenInput>;

export const openPrintDocumentInput = z.object({ token: text('Chybí odkaz').trim().min(10).max(200) });
