// Platba's part in student writes (student.hooks.ts), inside their transaction: a started student without a price of
// their own gets the price list's price copied (so a later price-list change does not move it); undoing the start
// removes that copy; a change of groups, training kind or type of a started student copies the new course's price.
// Not-started students keep the price computed from the price list on read.
import type { StudentHooks } from '../student/student.hooks.ts';
import { copyListPrices, deleteListPriceCopies } from './payment-item.queries.ts';
import { paymentItemMessage } from './payment-item.service.ts';

export const paymentItemStudentHooks: StudentHooks = {
  async onTrainingStarted(tx, { schoolId, studentIds }, after) {
    const copied = await copyListPrices(tx, schoolId, studentIds);
    after.live((live) => {
      for (const studentId of copied) paymentItemMessage(live, schoolId, studentId);
    });
    return {};
  },
  async onStudentsLeftTraining(tx, { schoolId, studentIds, why }, after) {
    if (why !== 'undoneStart') return;
    const removed = await deleteListPriceCopies(tx, schoolId, studentIds);
    after.live((live) => {
      for (const studentId of removed) paymentItemMessage(live, schoolId, studentId);
    });
  },
  async onStudyInfoChanged(tx, { schoolId, studentId }, after) {
    const removed = await deleteListPriceCopies(tx, schoolId, [studentId]);
    if (removed.length === 0) return;
    await copyListPrices(tx, schoolId, [studentId]);
    after.live((live) => paymentItemMessage(live, schoolId, studentId));
  },
};
