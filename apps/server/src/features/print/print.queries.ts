// The session a print token was made in: alive (not revoked, not expired), with its token's hash (the token's key).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';

const { sessions } = schema;

export async function findLiveSession(db: DbOrTx, sessionId: string, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}
