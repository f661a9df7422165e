// Payment inputs (issue 9 Platba, spec §3 payment item, §5: price 0 to 1,000,000, note at most 1000). The form sends
// koruny (at most 2 decimals); the parsed value is integer haléře (money.ts `czkInput`, the one rule for money inputs).
import { z } from 'zod';
import { LICENCE_GROUPS, PAYMENT_METHODS, PRICE_EXTRAS, TRAINING_KINDS, TRAINING_TYPES } from '../enums.ts';
import { asHalere, czkInput, MONEY_DECIMALS_MESSAGE, MONEY_MAX_CZK } from '../money.ts';
import { dateInput, optionalText, requiredText, text, uuidInput } from '../validation.ts';

export const PRICE_MAX_CZK = MONEY_MAX_CZK;

export const PAYMENT_MESSAGES = {
  priceRequired: 'Prosím zadejte částku!',
  priceRange: 'Částka musí být 0 až 1 000 000 Kč',
  priceDecimals: MONEY_DECIMALS_MESSAGE,
  note: 'Poznámka může mít nejvýše 1000 znaků',
  discountReason: 'Důvod slevy může mít nejvýše 1000 znaků',
  discountOverPrice: 'Sleva nemůže být vyšší než cena kurzu',
  method: 'Prosím vyberte způsob platby!',
  item: 'Prosím vyberte položku!',
  label: 'Prosím zadejte název položky!',
  labelMax: 'Název položky může mít nejvýše 200 znaků',
  unitPrice: 'Prosím zadejte cenu za kus!',
  quantity: 'Prosím zadejte množství!',
  quantityRange: 'Množství musí být celé číslo 1 až 1000',
  chargedOn: 'Prosím zadejte datum!',
} as const;

/** An amount in koruny, 0 to 1,000,000 with at most 2 decimals → integer haléře. */
export const czkAmount = (required: string = PAYMENT_MESSAGES.priceRequired) => czkInput({ required, range: PAYMENT_MESSAGES.priceRange });

export const createPaymentInput = z.object({
  studentId: uuidInput,
  price: czkAmount(),
  /** The day paid; the school's today when left out. */
  paidOn: dateInput('Prosím zadejte datum!')
    .nullish()
    .transform((v) => v ?? null),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }).default('CASH'),
  note: optionalText(1000, PAYMENT_MESSAGES.note),
});
export type CreatePaymentInput = z.input<typeof createPaymentInput>;

export const paymentItemsInput = z.object({ studentId: uuidInput });
export const removePaymentInput = z.object({ id: uuidInput, studentId: uuidInput });

/** One price of the school's price list (group × training kind × training type); a null price removes it. */
export const priceListItemInput = z.object({
  group: z.enum(LICENCE_GROUPS, { error: 'Neznámá skupina' }),
  kind: z.enum(TRAINING_KINDS, { error: 'Neznámý druh výcviku' }),
  variant: z.enum(TRAINING_TYPES, { error: 'Neznámý typ výcviku' }),
  price: czkAmount().nullable(),
});
export type PriceListItemInput = z.input<typeof priceListItemInput>;

/** The student's own course price and discount (koruny in, haléře out); the discount is at most the price. */
export const studentPriceInput = z
  .object({
    studentId: uuidInput,
    price: czkAmount('Prosím zadejte cenu kurzu!'),
    discount: czkAmount('Prosím zadejte slevu!').default(asHalere(0)),
    discountReason: optionalText(1000, PAYMENT_MESSAGES.discountReason),
  })
  .refine((v) => v.discount <= v.price, { error: PAYMENT_MESSAGES.discountOverPrice, path: ['discount'] });
export type StudentPriceInput = z.input<typeof studentPriceInput>;

/** The school's price of an extra (kondiční jízda, opravná zkouška …) per unit; a null price removes it. */
export const priceExtraInput = z.object({
  item: z.enum(PRICE_EXTRAS, { error: PAYMENT_MESSAGES.item }),
  price: czkAmount().nullable(),
});
export type PriceExtraInput = z.input<typeof priceExtraInput>;

export const CHARGE_QUANTITY_MAX = 1000;

/** An extra charged to a student (tab 4 Platba, 'Další položky'): quantity × unit price (koruny in, haléře out). */
export const addChargeInput = z.object({
  studentId: uuidInput,
  item: z.enum(PRICE_EXTRAS, { error: PAYMENT_MESSAGES.item }),
  label: requiredText(PAYMENT_MESSAGES.label, 200, PAYMENT_MESSAGES.labelMax),
  quantity: z
    .number({ error: PAYMENT_MESSAGES.quantity })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= CHARGE_QUANTITY_MAX, PAYMENT_MESSAGES.quantityRange)
    .default(1),
  unitPrice: czkAmount(PAYMENT_MESSAGES.unitPrice),
  /** The day charged; the school's today when left out. */
  chargedOn: dateInput(PAYMENT_MESSAGES.chargedOn)
    .nullish()
    .transform((v) => v ?? null),
  note: optionalText(1000, PAYMENT_MESSAGES.note),
});
export type AddChargeInput = z.input<typeof addChargeInput>;

export const removeChargeInput = z.object({ id: uuidInput, studentId: uuidInput });

/** The school's students who owe (Platby → Nedoplatky): a name / registration number search and a least amount owed. */
export const owingStudentsInput = z.object({
  fullText: text().trim().max(200).optional(),
  /** Koruny; only students owing at least this much. */
  minDue: czkAmount().nullish(),
  sort: z.enum(['due', 'since']).default('due'),
});
export type OwingStudentsInput = z.input<typeof owingStudentsInput>;
