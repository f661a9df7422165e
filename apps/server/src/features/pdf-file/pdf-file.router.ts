import { exportStudentDocumentInput, pdfFileIdInput, pdfFilesInput, requestPdfInput } from '@volant/shared/pdf/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { exportStudentDocument, getPdfFile, getPdfFiles, requestPdf } from './pdf-file.service.ts';

export const pdfFileRouter = router({
  /** Stores a PDF job for the kind's subject; returns {id, clientCode}; the file arrives as OnPdfFileChanged. */
  requestPdf: schoolProcedure.input(requestPdfInput).mutation(({ ctx, input }) => requestPdf(ctx, ctx.school.id, ctx.user.id, input)),
  /** The school's generated files, newest first (Nastavení → Historie PDF). */
  getPdfFiles: schoolProcedure.input(pdfFilesInput).query(({ ctx, input }) => getPdfFiles(ctx, ctx.school.id, input)),
  /** One job's status (the client's fallback when the live message is missed). */
  getPdfFile: schoolProcedure.input(pdfFileIdInput).query(({ ctx, input }) => getPdfFile(ctx, ctx.school.id, input.id)),
});

/**
 * spec §7 puts the two student exports under `student` (student.exportReportClassBook,
 * student.exportReportVehicleDrivingTraining): the app router merges this into the student router.
 */
export const pdfFileStudentRouter = router({
  exportReportClassBook: schoolProcedure
    .input(exportStudentDocumentInput)
    .mutation(({ ctx, input }) => exportStudentDocument(ctx, ctx.school.id, ctx.user.id, 'REPORT_CLASS_BOOK', input)),
  exportReportVehicleDrivingTraining: schoolProcedure
    .input(exportStudentDocumentInput)
    .mutation(({ ctx, input }) => exportStudentDocument(ctx, ctx.school.id, ctx.user.id, 'REPORT_VEHICLE_DRIVING_TRAINING', input)),
});
