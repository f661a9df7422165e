// The two columns most tables open with, typed once.
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A uuid primary key the database fills in. */
export const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
/** When the row was written. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
