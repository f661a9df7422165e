// Print links: the rows behind them, and the session each was made in.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { sessions, printTokens } = schema;

export async function insertPrintToken(
  db: DbOrTx,
  values: { tokenHash: string; sessionId: string; schoolId: SchoolId; kind: string; entityId: string | null; params: unknown; expiresAt: Date },
  now: Date,
) {
  // The session's links that ran out go first: a session keeps only its live ones.
  await db.delete(printTokens).where(and(eq(printTokens.sessionId, values.sessionId), lte(printTokens.expiresAt, now)));
  await db.insert(printTokens).values(values);
}

/**
 * The live link with this token hash, made in a live session (not revoked, not expired), with the session's user:
 * what the link names and who asked for it, or undefined.
 */
export async function findLivePrintToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      schoolId: printTokens.schoolId,
      kind: printTokens.kind,
      entityId: printTokens.entityId,
      params: printTokens.params,
      userId: sessions.userId,
    })
    .from(printTokens)
    .innerJoin(sessions, eq(sessions.id, printTokens.sessionId))
    .where(and(eq(printTokens.tokenHash, tokenHash), gt(printTokens.expiresAt, now), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}
