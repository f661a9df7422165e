import { createPrintTokenInput, openPrintDocumentInput } from '@volant/shared/pdf/print';
import { router } from '../../trpc/init.ts';
import { publicProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { createPrintToken, openPrintDocument } from './print.service.ts';

export const printRouter = router({
  /** A short-lived link (PRINT_TOKEN_MINUTES, set by the server) to print one of the school's documents (spec §2 print routes); {token, path, expiresAt}. */
  createPrintToken: schoolProcedure
    .input(createPrintTokenInput)
    .mutation(({ ctx, input }) => createPrintToken(ctx, { schoolId: ctx.school.id, sessionId: ctx.session.id }, input)),
  /** Public: the print page trades its link's token for the document's view-model (a POST: the token stays out of URLs). */
  openPrintDocument: publicProcedure.input(openPrintDocumentInput).mutation(({ ctx, input }) => openPrintDocument(ctx, input.token)),
});
