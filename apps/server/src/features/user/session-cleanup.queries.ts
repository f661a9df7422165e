// The nightly clean-up's statements: rows that no check reads any more once their time is over.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { PASS_FORGET_MINUTES } from '@volant/shared/student-pass/code';
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';

const { sessions, emailTokens, printTokens, applicationFillTokens, studentPassAddressAttempts, studentPassAttempts } = schema;

/** A revoked session is kept this long (a request that started before the logout still finds why it ended). */
const REVOKED_KEPT_MS = 24 * 3_600_000;

export interface CleanedUp {
  sessions: number;
  emailTokens: number;
  printTokens: number;
  applicationFillTokens: number;
  passAddressAttempts: number;
  passAttempts: number;
}

const count = (rows: unknown[]) => rows.length;

/**
 * Deletes expired sessions (their print tokens go with them) and revoked ones after a day, expired e-mail, print and
 * application-form tokens, and the student pass's failure counts once they are forgotten (a quiet hour) and no
 * block is running. Returns how many rows of each went.
 */
export async function deleteExpiredRows(tx: DbOrTx, now: Date): Promise<CleanedUp> {
  const forgetBefore = new Date(now.getTime() - PASS_FORGET_MINUTES * 60_000);
  const revokedBefore = new Date(now.getTime() - REVOKED_KEPT_MS);
  return {
    printTokens: count(await tx.delete(printTokens).where(lt(printTokens.expiresAt, now)).returning({ id: printTokens.id })),
    sessions: count(
      await tx
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, revokedBefore))))
        .returning({ id: sessions.id }),
    ),
    emailTokens: count(await tx.delete(emailTokens).where(lt(emailTokens.expiresAt, now)).returning({ id: emailTokens.id })),
    applicationFillTokens: count(
      await tx.delete(applicationFillTokens).where(lt(applicationFillTokens.expiresAt, now)).returning({ id: applicationFillTokens.tokenId }),
    ),
    passAddressAttempts: count(
      await tx
        .delete(studentPassAddressAttempts)
        .where(
          and(
            or(isNull(studentPassAddressAttempts.lastFailedAt), lt(studentPassAddressAttempts.lastFailedAt, forgetBefore)),
            or(isNull(studentPassAddressAttempts.blockedUntil), lt(studentPassAddressAttempts.blockedUntil, now)),
          ),
        )
        .returning({ address: studentPassAddressAttempts.address }),
    ),
    passAttempts: count(
      await tx.delete(studentPassAttempts).where(lt(studentPassAttempts.lastFailedAt, forgetBefore)).returning({ id: studentPassAttempts.studentId }),
    ),
  };
}
