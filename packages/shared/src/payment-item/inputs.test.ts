import { describe, expect, it } from 'vitest';
import { hasWholeHalere, toCzk, toHalere } from '../format.ts';
import { addChargeInput, createPaymentInput, owingStudentsInput, PAYMENT_MESSAGES, priceExtraInput, priceListItemInput, studentPriceInput } from './inputs.ts';

const studentId = '00000000-0000-4000-8000-000000000001';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
}

describe('money: koruny ↔ haléře', () => {
  it('converts exactly, with no float residue', () => {
    expect(toHalere(1234.56)).toBe(123456);
    expect(toHalere(0.1 + 0.2)).toBe(30);
    expect(toHalere(1_000_000)).toBe(100_000_000);
    expect(toHalere(19.99)).toBe(1999);
    expect(toCzk(123456)).toBe(1234.56);
  });

  it('knows a haléř is the smallest unit', () => {
    expect([1234.56, 0.01, 7, 0.1 + 0.2].map(hasWholeHalere)).toEqual([true, true, true, true]);
    expect([0.001, 1.005 + 0.0001, Number.NaN, Number.POSITIVE_INFINITY].map(hasWholeHalere)).toEqual([false, false, false, false]);
  });
});

describe('createPaymentInput', () => {
  it('parses koruny into haléře, defaults the method and empties the note', () => {
    expect(createPaymentInput.parse({ studentId, price: 1234.56, note: '' })).toEqual({ studentId, price: 123456, paidOn: null, method: 'CASH', note: null });
    expect(createPaymentInput.parse({ studentId, price: 0, paidOn: '2026-11-23', method: 'TRANSFER', note: ' záloha ' })).toEqual({
      studentId,
      price: 0,
      paidOn: '2026-11-23',
      method: 'TRANSFER',
      note: 'záloha',
    });
  });

  it('says what is wrong in Czech at the field', () => {
    expect(messages(createPaymentInput.safeParse({ studentId }))).toEqual([`price: ${PAYMENT_MESSAGES.priceRequired}`]);
    expect(messages(createPaymentInput.safeParse({ studentId, price: null }))).toEqual([`price: ${PAYMENT_MESSAGES.priceRequired}`]);
    expect(messages(createPaymentInput.safeParse({ studentId, price: -1 }))).toEqual(['price: Částka musí být 0 až 1 000 000 Kč']);
    expect(messages(createPaymentInput.safeParse({ studentId, price: 1_000_000.01 }))).toEqual(['price: Částka musí být 0 až 1 000 000 Kč']);
    expect(messages(createPaymentInput.safeParse({ studentId, price: 10.005 }))).toEqual([`price: ${PAYMENT_MESSAGES.priceDecimals}`]);
    expect(messages(createPaymentInput.safeParse({ studentId, price: 1, note: 'x'.repeat(1001) }))).toEqual(['note: Poznámka může mít nejvýše 1000 znaků']);
    expect(messages(createPaymentInput.safeParse({ studentId, price: 1, method: 'BITCOIN' }))).toEqual([`method: ${PAYMENT_MESSAGES.method}`]);
    expect(messages(createPaymentInput.safeParse({ studentId, price: 1, paidOn: '2026-02-30' }))).toEqual(['paidOn: Neplatné datum']);
    expect(createPaymentInput.safeParse({ studentId, price: 1_000_000, note: 'x'.repeat(1000) }).success).toBe(true);
  });
});

describe('price inputs', () => {
  it('the student price: discount at most the price', () => {
    expect(studentPriceInput.parse({ studentId, price: 15000, discount: 500.5, discountReason: 'sourozenec' })).toEqual({
      studentId,
      price: 1_500_000,
      discount: 50050,
      discountReason: 'sourozenec',
    });
    expect(studentPriceInput.parse({ studentId, price: 100 }).discount).toBe(0);
    expect(messages(studentPriceInput.safeParse({ studentId, price: 100, discount: 100.01 }))).toEqual([`discount: ${PAYMENT_MESSAGES.discountOverPrice}`]);
  });

  it('a price list item: a known group, kind and type; null removes', () => {
    expect(priceListItemInput.parse({ group: 'B', kind: 'BASIC', variant: 'COURSE', price: 18990 })).toEqual({
      group: 'B',
      kind: 'BASIC',
      variant: 'COURSE',
      price: 1_899_000,
    });
    expect(priceListItemInput.parse({ group: 'B', kind: 'BASIC', variant: 'ISP', price: null }).price).toBeNull();
    expect(priceListItemInput.safeParse({ group: 'X', kind: 'BASIC', variant: 'ISP', price: 1 }).success).toBe(false);
  });
});

describe('extras and charges', () => {
  it('an extra price: a known item, koruny to haléře, null removes', () => {
    expect(priceExtraInput.parse({ item: 'EXTRA_RIDE', price: 650.5 })).toEqual({ item: 'EXTRA_RIDE', price: 65050 });
    expect(priceExtraInput.parse({ item: 'ADMIN_FEE', price: null }).price).toBeNull();
    expect(messages(priceExtraInput.safeParse({ item: 'NOPE', price: 1 }))).toEqual([`item: ${PAYMENT_MESSAGES.item}`]);
  });

  it('a charge: one piece today by default, the label trimmed, the price in haléře', () => {
    expect(addChargeInput.parse({ studentId, item: 'EXTRA_RIDE', label: ' Kondiční jízda ', unitPrice: 700 })).toEqual({
      studentId,
      item: 'EXTRA_RIDE',
      label: 'Kondiční jízda',
      quantity: 1,
      unitPrice: 70000,
      chargedOn: null,
      note: null,
    });
  });

  it('a charge: says what is wrong in Czech at the field', () => {
    const ok = { studentId, item: 'EXTRA_RIDE', label: 'Jízda', unitPrice: 700 };
    expect(messages(addChargeInput.safeParse({ ...ok, label: '  ' }))).toEqual([`label: ${PAYMENT_MESSAGES.label}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, label: 'x'.repeat(201) }))).toEqual([`label: ${PAYMENT_MESSAGES.labelMax}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, quantity: 0 }))).toEqual([`quantity: ${PAYMENT_MESSAGES.quantityRange}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, quantity: 1001 }))).toEqual([`quantity: ${PAYMENT_MESSAGES.quantityRange}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, quantity: 1.5 }))).toEqual([`quantity: ${PAYMENT_MESSAGES.quantityRange}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, unitPrice: undefined }))).toEqual([`unitPrice: ${PAYMENT_MESSAGES.unitPrice}`]);
    expect(messages(addChargeInput.safeParse({ ...ok, unitPrice: 1_000_001 }))).toEqual(['unitPrice: Částka musí být 0 až 1 000 000 Kč']);
    expect(messages(addChargeInput.safeParse({ ...ok, chargedOn: '2026-13-01' }))).toEqual(['chargedOn: Neplatné datum']);
    expect(addChargeInput.safeParse({ ...ok, quantity: 1000, unitPrice: 1_000_000 }).success).toBe(true);
  });

  it('the owing list filters: koruny least amount, due first by default', () => {
    expect(owingStudentsInput.parse({})).toEqual({ sort: 'due' });
    expect(owingStudentsInput.parse({ fullText: ' novák ', minDue: 1000, sort: 'since' })).toEqual({ fullText: 'novák', minDue: 100_000, sort: 'since' });
  });
});
