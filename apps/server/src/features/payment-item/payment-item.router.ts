import { createPaymentInput, paymentItemsInput, priceListItemInput, removePaymentInput, studentPriceInput } from '@volant/shared/payment-item/inputs';
import { router } from '../../trpc/init.ts';
import { adminProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { createPayment, getPaymentItems, getPriceList, getStudentPrice, removePayment, setPriceListItem, setStudentPrice } from './payment-item.service.ts';

export const paymentItemRouter = router({
  /** The student's payments, newest first, with the price, discount, paid and due (haléře). */
  getPaymentItems: schoolProcedure.input(paymentItemsInput).query(({ ctx, input }) => getPaymentItems(ctx, ctx.school.id, input.studentId)),
  createPayment: schoolProcedure.input(createPaymentInput).mutation(({ ctx, input }) => createPayment(ctx, ctx.school.id, ctx.user.id, input)),
  removePayment: schoolProcedure.input(removePaymentInput).mutation(({ ctx, input }) => removePayment(ctx, ctx.school.id, ctx.user.id, input)),
  getStudentPrice: schoolProcedure.input(paymentItemsInput).query(({ ctx, input }) => getStudentPrice(ctx, ctx.school.id, input.studentId)),
  setStudentPrice: adminProcedure.input(studentPriceInput).mutation(({ ctx, input }) => setStudentPrice(ctx, ctx.school.id, ctx.user.id, input)),
  getPriceList: schoolProcedure.query(({ ctx }) => getPriceList(ctx, ctx.school.id)),
  setPriceListItem: adminProcedure.input(priceListItemInput).mutation(({ ctx, input }) => setPriceListItem(ctx, ctx.school.id, ctx.user.id, input)),
});
