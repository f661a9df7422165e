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
};
