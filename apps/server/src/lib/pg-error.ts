// PostgreSQL error codes reach us wrapped (Drizzle's DrizzleQueryError keeps the driver error as `cause`);
// node-postgres and PGlite both carry the SQLSTATE in `code` and the constraint name in `constraint`.

interface PgErrorFields {
  code?: string;
  constraint?: string;
}

function pgFields(err: unknown): PgErrorFields | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgErrorFields).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgErrorFields;
  }
  return undefined;
}

/** A unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const f = pgFields(err);
  return f?.code === '23505' && (!constraint || f.constraint === constraint);
}

/** A foreign-key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgFields(err)?.code === '23503';
}
