import { type Ids, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { entity } from '../../testing/isolation.ts';
import { aStudent } from '../student/student.testing.ts';

/** A student of the victim's school with one payment of 1234.56 Kč. */
export async function aPayment(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const { id } = await v.caller.paymentItem.createPayment({ schoolId: v.schoolId, studentId, price: 1234.56, method: 'CARD', note: 'Záloha' });
  return { studentId, paymentId: id };
}

/** A price of the victim's price list: B course 18 765,43 Kč. */
async function aListPrice(_app: unknown, v: Victim) {
  await v.caller.paymentItem.setPriceListItem({ schoolId: v.schoolId, group: 'B', kind: 'BASIC', variant: 'COURSE', price: 18765.43 });
  return { price: '1876543' };
}

const showsListPrice = (result: unknown, _ids: Ids) => (result as { price: number }[]).some((r) => r.price === 1876543);

/** A student of the victim's school charged one extra ride (its id is the charge's). */
async function aCharge(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const { id } = await v.caller.paymentItem.addCharge({ schoolId: v.schoolId, studentId, item: 'EXTRA_RIDE', label: 'Kondiční jízda', unitPrice: 654.32 });
  return { studentId, chargeId: id };
}

/** An extra of the victim's price list: the admin fee 432,10 Kč. */
async function anExtraPrice(_app: unknown, v: Victim) {
  await v.caller.paymentItem.setPriceExtra({ schoolId: v.schoolId, item: 'ADMIN_FEE', price: 432.1 });
  return { price: '43210' };
}

const showsExtraPrice = (result: unknown, _ids: Ids) => (result as { price: number }[]).some((r) => r.price === 43210);

export const paymentItemIsolation: IsolationTable = {
  'paymentItem.getPaymentItems': entity(aPayment, (c, schoolId, { studentId }) => c.paymentItem.getPaymentItems({ schoolId, studentId })),
  'paymentItem.createPayment': entity(aStudent, (c, schoolId, { studentId }) => c.paymentItem.createPayment({ schoolId, studentId, price: 500 })),
  'paymentItem.removePayment': entity(aPayment, (c, schoolId, { studentId, paymentId }) => c.paymentItem.removePayment({ schoolId, studentId, id: paymentId })),
  'paymentItem.getStudentPrice': entity(aStudent, (c, schoolId, { studentId }) => c.paymentItem.getStudentPrice({ schoolId, studentId })),
  'paymentItem.setStudentPrice': entity(aStudent, (c, schoolId, { studentId }) =>
    c.paymentItem.setStudentPrice({ schoolId, studentId, price: 20000, discount: 1000, discountReason: 'Sourozenec' }),
  ),
  'paymentItem.getPriceList': school(aListPrice, (c, schoolId) => c.paymentItem.getPriceList({ schoolId }), showsListPrice),
  'paymentItem.setPriceListItem': school(theSchool, (c, schoolId) =>
    c.paymentItem.setPriceListItem({ schoolId, group: 'B', kind: 'BASIC', variant: 'ISP', price: 15000 }),
  ),
  'paymentItem.addCharge': entity(aStudent, (c, schoolId, { studentId }) =>
    c.paymentItem.addCharge({ schoolId, studentId, item: 'EXAM_REPEAT', label: 'Opravná zkouška', unitPrice: 800 }),
  ),
  'paymentItem.removeCharge': entity(aCharge, (c, schoolId, { studentId, chargeId }) => c.paymentItem.removeCharge({ schoolId, studentId, id: chargeId })),
  'paymentItem.getPriceExtras': school(anExtraPrice, (c, schoolId) => c.paymentItem.getPriceExtras({ schoolId }), showsExtraPrice),
  'paymentItem.setPriceExtra': school(theSchool, (c, schoolId) => c.paymentItem.setPriceExtra({ schoolId, item: 'EXTRA_RIDE', price: 700 })),
  // A charged student owes: the list shows their id.
  'paymentItem.getOwingStudents': school(aCharge, (c, schoolId) => c.paymentItem.getOwingStudents({ schoolId })),
};
