// 'Odkaz pro kalendář' (issue 19 §4): each student and each staff member has at most one live secret subscription URL,
// `<PUBLIC_URL>/ics/<token>.ics`. Only the token's hash is stored, so the URL is answered once, by the call that makes
// it ('Vygenerovat nový odkaz'); that call revokes the previous URL in the same transaction.
import { addDays, schoolToday } from '@volant/shared/school-time';
import { recordEvent } from '../../events/record.ts';
import type { FeedOwner, OpenFeed } from '../../gate/calendar-feed.queries.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { buildFeed } from './calendar-feed.ics.ts';
import { type FeedOwnerKey, findLiveFeed, findOwnerName, insertFeed, listRides, listTheory, revokeLiveFeed, studentOwner } from './calendar-feed.queries.ts';

/** How far back a feed reaches; everything ahead is in it. */
export const FEED_DAYS_BACK = 60;

export const feedPath = (token: string) => `/ics/${token}.ics`;
export const feedUrl = (deps: Pick<AppDeps, 'config'>, token: string) => `${deps.config.publicUrl}${feedPath(token)}`;

/** Whose feed, whether it has a live URL, and since when (the URL itself was shown when it was made). */
async function getFeed(deps: AppDeps, owner: FeedOwnerKey) {
  const [live, ownerName] = await Promise.all([findLiveFeed(deps.db, owner), findOwnerName(deps.db, owner)]);
  return { ownerName, active: live !== undefined, createdAt: live?.createdAt ?? null };
}

/** A new URL for the owner; the old one answers 404 from the commit on. */
async function rotateFeed(deps: AppDeps, owner: FeedOwnerKey, userId: string | null) {
  const token = newToken();
  const created = await inTransaction(deps, async (tx, after) => {
    const now = deps.now();
    const revoked = await revokeLiveFeed(tx, owner, now);
    const row = await insertFeed(tx, owner, hashToken(token), now);
    await recordEvent(deps, tx, after, {
      name: 'calendarFeed.rotate',
      schoolId: owner.schoolId,
      userId,
      entityType: owner.studentId !== undefined ? 'student' : 'member',
      entityId: owner.studentId ?? owner.memberId,
      // Never the token: the audit log is read by the office.
      data: { feedId: row.id, revoked: revoked.length },
    });
    return row;
  });
  return { url: feedUrl(deps, token), createdAt: created.createdAt };
}

export const getMemberFeed = (deps: AppDeps, schoolId: SchoolId, memberId: string) => getFeed(deps, { schoolId, memberId });
export const rotateMemberFeed = (deps: AppDeps, schoolId: SchoolId, memberId: string, userId: string) => rotateFeed(deps, { schoolId, memberId }, userId);
export const getStudentFeed = (deps: AppDeps, student: ProvenStudent) => getFeed(deps, studentOwner(student));
export const rotateStudentFeed = (deps: AppDeps, student: ProvenStudent) => rotateFeed(deps, studentOwner(student), null);

const ownerKey = (owner: FeedOwner): FeedOwnerKey =>
  owner.kind === 'student' ? studentOwner(owner.student) : { schoolId: owner.schoolId, memberId: owner.memberId };

/** The iCalendar text of an open feed: the owner's rides and theory lessons from FEED_DAYS_BACK days ago on. */
export async function renderFeed(deps: Pick<AppDeps, 'db' | 'now'>, feed: OpenFeed) {
  const now = deps.now();
  const owner = ownerKey(feed.owner);
  const [rides, lessons] = await Promise.all([
    listRides(deps.db, owner, new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000)),
    listTheory(deps.db, owner, addDays(schoolToday(now), -FEED_DAYS_BACK)),
  ]);
  return buildFeed({
    kind: feed.owner.kind,
    ownerId: owner.studentId ?? owner.memberId ?? '',
    ownerName: feed.ownerName,
    school: feed.school,
    rides,
    lessons,
    now,
  });
}
