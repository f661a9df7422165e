// CHECK constraints built from the shared enumerations (packages/shared/src/enums.ts), so a value list is typed once
// and the database refuses what the application would never write.
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check } from 'drizzle-orm/pg-core';

/** The values as SQL string literals (they are constants of the code, never user input). */
function literals(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
}

/** The column holds one of the values (or null, where the column allows it). */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${literals(values)})`);
}

/** Every element of the text[] column is one of the values. */
export function eachOneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} <@ array[${literals(values)}]::text[]`);
}
