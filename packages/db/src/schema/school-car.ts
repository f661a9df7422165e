import { sql } from 'drizzle-orm';
import { date, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LICENCE_GROUPS } from '@volant/shared/enums';
import { eachOneOf } from './checks.ts';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

/** A training vehicle (spec §3 school car). A car with rides is retired, never deleted (the ride record names it). */
export const schoolCars = pgTable(
  'school_cars',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    carType: text().notNull(),
    /** Upper-cased, at most 8 characters (spec §5). */
    regNumber: text().notNull(),
    targetGroup: text().array().notNull().default(sql`'{}'::text[]`),
    /** Technical inspection (STK) valid until (legal-cz §8.1). */
    stkValidUntil: date({ mode: 'string' }),
    createdAt: createdAt(),
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('school_cars_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('school_cars_school_reg_number_key').on(t.schoolId, t.regNumber).where(sql`${t.retiredAt} is null`),
    eachOneOf('school_cars_target_group_check', t.targetGroup, LICENCE_GROUPS),
  ],
);
