// The student hears by e-mail when the office moves or cancels a ride the student booked themselves (issue 19 §3):
// called from the staff's ride update and delete, inside their transaction; the outbox sends after commit.
import type { DbOrTx } from '@volant/db/client';
import { timeRangeText } from '@volant/shared/driving-lessons-record/rules';
import { isCancelled, type LessonState } from '@volant/shared/enums';
import type { SchoolId } from '../../lib/tenant.ts';
import type { After } from '../../lib/unit-of-work.ts';
import { studentRideChangedMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findStudentMailee } from './booking.queries.ts';

interface RideBefore {
  type: string;
  state: string | null;
  studentId: string | null;
  startTime: Date;
  endTime: Date;
  bookedByStudentAt: Date | null;
}

/**
 * `next` is the ride after the office's change, or null when the office deleted it. Only a student-booked ride that
 * was still ahead and planned: moved (new start or end, still planned) or cancelled (a cancelled state, or deleted).
 */
export async function tellStudentOfStaffChange(
  deps: AppDeps,
  tx: DbOrTx,
  after: After,
  schoolId: SchoolId,
  before: RideBefore,
  next: { state?: string | null; studentId?: string | null; startTime: Date; endTime: Date } | null,
) {
  if (!before.bookedByStudentAt || before.type !== 'DRIVING' || before.state !== 'SCHEDULED' || !before.studentId) return;
  if (before.startTime.getTime() <= deps.now().getTime()) return;
  const cancelled = next === null || isCancelled(next.state as LessonState) || next.studentId !== before.studentId;
  const moved = !cancelled && next !== null && (next.startTime.getTime() !== before.startTime.getTime() || next.endTime.getTime() !== before.endTime.getTime());
  if (!cancelled && !moved) return;
  const mailee = await findStudentMailee(tx, schoolId, before.studentId);
  if (!mailee?.email) return;
  await after.mail(
    'NOTIFICATION',
    studentRideChangedMail(mailee.email, {
      schoolName: mailee.schoolName,
      firstName: mailee.firstName,
      was: timeRangeText(before.startTime, before.endTime),
      now: moved && next ? timeRangeText(next.startTime, next.endTime) : null,
      url: `${deps.config.publicUrl}/zak`,
    }),
  );
}
