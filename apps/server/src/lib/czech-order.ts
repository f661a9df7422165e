// The SQL twin of @volant/shared/czech-order: an ORDER BY key that sorts names in Czech alphabetical order on PGlite
// and PostgreSQL alike, whatever collations the engine has. It is computed per row, not indexed: fine for lists of
// one school (hundreds of names); a large list sorted by name would want an expression index.
import { CZECH_KEY_CH_CODE, CZECH_KEY_LOWER, CZECH_KEY_PRIMARY_FROM, CZECH_KEY_PRIMARY_TO, CZECH_KEY_UPPER } from '@volant/shared/czech-order';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A constant of our own tables as a SQL literal (inline, so the statement text stays the same for every call). */
const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);

/** The Czech sort key of a text column; NULL stays NULL (last in ascending order, as before). */
export function czechSortKey(column: SQLWrapper): SQL {
  const lower = sql`translate(${column}, ${literal(CZECH_KEY_UPPER)}, ${literal(CZECH_KEY_LOWER)})`;
  const primary = sql`translate(replace(${lower}, 'ch', ${literal(CZECH_KEY_CH_CODE)}), ${literal(CZECH_KEY_PRIMARY_FROM)}, ${literal(CZECH_KEY_PRIMARY_TO)})`;
  return sql`((${primary} || chr(1) || ${lower} || chr(1) || ${column}) collate "C")`;
}
