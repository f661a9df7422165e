import { cachedRead } from '../../trpc/cached-read.ts';
import {
  addChargeInput,
  createPaymentInput,
  owingStudentsInput,
  paymentItemsInput,
  priceExtraInput,
  priceListItemInput,
  removeChargeInput,
  removePaymentInput,
  studentPriceInput,
} from '@volant/shared/payment-item/inputs';
import { router } from '../../trpc/init.ts';
import { adminProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import {
  addCharge,
  createPayment,
  getOwingStudents,
  getPaymentItems,
  getPriceExtras,
  getPriceList,
  getStudentPrice,
  removeCharge,
  removePayment,
  setPriceExtra,
  setPriceListItem,
  setStudentPrice,
} from './payment-item.service.ts';

export const paymentItemRouter = router({
  /** The student's payments and charges, newest first, with the price, discount, charges, owed, paid and due (haléře). */
  getPaymentItems: schoolProcedure.input(paymentItemsInput).query(({ ctx, input }) => getPaymentItems(ctx, ctx.school.id, input.studentId)),
  createPayment: schoolProcedure.input(createPaymentInput).mutation(({ ctx, input }) => createPayment(ctx, ctx.school.id, ctx.user.id, input)),
  removePayment: schoolProcedure.input(removePaymentInput).mutation(({ ctx, input }) => removePayment(ctx, ctx.school.id, ctx.user.id, input)),
  addCharge: schoolProcedure.input(addChargeInput).mutation(({ ctx, input }) => addCharge(ctx, ctx.school.id, ctx.user.id, input)),
  removeCharge: schoolProcedure.input(removeChargeInput).mutation(({ ctx, input }) => removeCharge(ctx, ctx.school.id, ctx.user.id, input)),
  getStudentPrice: schoolProcedure.input(paymentItemsInput).query(({ ctx, input }) => getStudentPrice(ctx, ctx.school.id, input.studentId)),
  setStudentPrice: adminProcedure.input(studentPriceInput).mutation(({ ctx, input }) => setStudentPrice(ctx, ctx.school.id, ctx.user.id, input)),
  getPriceList: schoolProcedure.query(({ ctx }) => getPriceList(ctx, ctx.school.id)),
  setPriceListItem: adminProcedure.input(priceListItemInput).mutation(({ ctx, input }) => setPriceListItem(ctx, ctx.school.id, ctx.user.id, input)),
  getPriceExtras: schoolProcedure.query(({ ctx }) => getPriceExtras(ctx, ctx.school.id)),
  setPriceExtra: adminProcedure.input(priceExtraInput).mutation(({ ctx, input }) => setPriceExtra(ctx, ctx.school.id, ctx.user.id, input)),
  /** The school's students who owe, with since when (Platby → Nedoplatky). */
  getOwingStudents: schoolProcedure
    .input(owingStudentsInput)
    .use(cachedRead())
    .query(({ ctx, input }) => getOwingStudents(ctx, ctx.school.id, input)),
});
