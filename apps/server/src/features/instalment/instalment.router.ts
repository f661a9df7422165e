import {
  applyInstalmentTemplateInput,
  autoChargeSettingsInput,
  instalmentTemplateInput,
  paymentReminderSettingsInput,
  removeInstalmentTemplateInput,
  setStudentInstalmentsInput,
  studentInstalmentsInput,
} from '@volant/shared/instalment/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import {
  applyInstalmentTemplate,
  getInstalmentTemplates,
  getStudentInstalments,
  removeInstalmentTemplate,
  saveInstalmentTemplate,
  setStudentInstalments,
} from './instalment.service.ts';
import { getAutoChargeSettings, setAutoChargeSettings } from './auto-charges.ts';
import { getReminderSettings, getSentReminders, setReminderSettings } from './payment-reminders.ts';

// Splátkový kalendář (issue 21 §2). Who may call what is the permission table's (packages/shared/src/permissions.ts).
export const instalmentRouter = router({
  /** The student's instalments with the paid part and state of each, and what is overdue and still to come (haléře). */
  getStudentInstalments: schoolProcedure.input(studentInstalmentsInput).query(({ ctx, input }) => getStudentInstalments(ctx, ctx.school.id, input.studentId)),
  /** Replaces the student's whole plan (an empty list removes it). */
  setStudentInstalments: schoolProcedure
    .input(setStudentInstalmentsInput)
    .mutation(({ ctx, input }) => setStudentInstalments(ctx, ctx.school.id, ctx.user.id, input)),
  /** The student's course price (after the discount) split by one of the school's templates. */
  applyTemplate: schoolProcedure
    .input(applyInstalmentTemplateInput)
    .mutation(({ ctx, input }) => applyInstalmentTemplate(ctx, ctx.school.id, ctx.user.id, input)),
  getTemplates: schoolProcedure.query(({ ctx }) => getInstalmentTemplates(ctx, ctx.school.id)),
  saveTemplate: schoolProcedure.input(instalmentTemplateInput).mutation(({ ctx, input }) => saveInstalmentTemplate(ctx, ctx.school.id, ctx.user.id, input)),
  /** The school's payment reminders: days before a due date, days after it, the text. */
  getReminderSettings: schoolProcedure.query(({ ctx }) => getReminderSettings(ctx, ctx.school.id)),
  setReminderSettings: schoolProcedure
    .input(paymentReminderSettingsInput)
    .mutation(({ ctx, input }) => setReminderSettings(ctx, ctx.school.id, ctx.user.id, input)),
  /** 'Odeslané upomínky': the payment reminders mailed to the student. */
  getSentReminders: schoolProcedure.input(studentInstalmentsInput).query(({ ctx, input }) => getSentReminders(ctx, ctx.school.id, input.studentId)),
  /** The school's automatic charges (a repeated exam). */
  getAutoCharges: schoolProcedure.query(({ ctx }) => getAutoChargeSettings(ctx, ctx.school.id)),
  setAutoCharges: schoolProcedure.input(autoChargeSettingsInput).mutation(({ ctx, input }) => setAutoChargeSettings(ctx, ctx.school.id, ctx.user.id, input)),
  removeTemplate: schoolProcedure
    .input(removeInstalmentTemplateInput)
    .mutation(({ ctx, input }) => removeInstalmentTemplate(ctx, ctx.school.id, ctx.user.id, input)),
});
