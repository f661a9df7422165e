// The nightly deadline sweep (issue 22 §3, docs/decisions/0029): a cron job of the runner at 01:00 Prague notifies the
// office (admins and assistants: the staff bell and, for who chose it, the e-mail of notification/notify.ts) N days
// before a student's deadline lapses, for each lead time N of the school (default 14 and 3):
// - the exam application within 15 days of the end of training (legal-cz §7.2; the exams page's own list);
// - the 12-month window from the first exam (legal-cz §7.4; the card's own rule);
// - the 18 months from the start of training (legal-cz §5.1; a warning);
// - the medical certificate of an applicant not admitted yet, at most 3 months old at admission (legal-cz §5.2).
// Only students the rule concerns today are read (state, dates present): a cause gone meanwhile (training ended, an
// exam signed up for, every part passed, the certificate renewed, the applicant admitted) sends nothing. Exactly
// once: each notification is marked in reminder_sends under (student, kind, last day, lead) in the transaction that
// writes it, after the deadline is read again under the student's lock, so two instances or a re-run notify once.
import type { deadlineSettingsInput } from '@volant/shared/deadline/inputs';
import {
  DEADLINE_TITLES,
  type DeadlineKind,
  DEFAULT_DEADLINE_LEAD_DAYS,
  deadlineMarkKey,
  deadlineMessage,
  dueLead,
  examApplicationLastDay,
  examWindowLastDay,
  medicalCertificateLastDay,
  trainingLastDay,
} from '@volant/shared/deadline/rules';
import { fullName } from '@volant/shared/format';
import { type CalendarDate, schoolToday } from '@volant/shared/school-time';
import type { DbOrTx } from '@volant/db/client';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { schoolOfOwnWork } from '../../gate/job-tenant.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { listApplicationDeadlineRows } from '../exam/exam.queries.ts';
import { examWindowStanding } from '../exam/exam.service.ts';
import { notifySchoolStaff } from '../notification/notify.ts';
import { lockReminder, markSent } from '../reminders/reminders.queries.ts';
import {
  findDeadlineSettings,
  listExaminedStudents,
  listMedicalStudents,
  listSweepSchools,
  listTrainingStudents,
  upsertDeadlineSettings,
} from './deadline.queries.ts';

export const DEADLINE_SWEEP_JOB = 'deadlines.sweep';

export async function getDeadlineSettings(deps: AppDeps, schoolId: SchoolId) {
  const row = await findDeadlineSettings(deps.db, schoolId);
  return { leadDays: row?.leadDays ?? [...DEFAULT_DEADLINE_LEAD_DAYS], isDefault: !row };
}

export async function setDeadlineSettings(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof deadlineSettingsInput>) {
  await inTransaction(deps, async (tx, after) => {
    await upsertDeadlineSettings(tx, schoolId, input.leadDays, deps.now());
    await recordEvent(deps, tx, after, { name: 'deadline.setSettings', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
  });
  return getDeadlineSettings(deps, schoolId);
}

export interface StudentDeadline {
  studentId: string;
  name: string;
  kind: DeadlineKind;
  lastDay: CalendarDate;
}

const nameOf = (s: { firstName: string; lastName: string; registrationNumber: string | null }) =>
  `${fullName(s)}${s.registrationNumber ? ` (${s.registrationNumber})` : ''}`;

/** The school's running deadlines today (of one student, when given): only what the data shows concerns them. */
export async function studentDeadlines(db: DbOrTx, schoolId: SchoolId, today: CalendarDate, studentId?: string): Promise<StudentDeadline[]> {
  const out: StudentDeadline[] = [];
  for (const r of await listApplicationDeadlineRows(db, schoolId, studentId)) {
    out.push({ studentId: r.id, name: nameOf(r), kind: 'EXAM_APPLICATION', lastDay: examApplicationLastDay(r.endDate) });
  }
  for (const r of await listExaminedStudents(db, schoolId, studentId)) {
    const standing = await examWindowStanding(db, schoolId, r.id, today);
    if (!standing?.window || standing.allPassed) continue;
    out.push({ studentId: r.id, name: nameOf(r), kind: 'EXAM_WINDOW', lastDay: examWindowLastDay(standing.window.firstExamDate) });
  }
  for (const r of await listTrainingStudents(db, schoolId, studentId)) {
    if (r.startedOn) out.push({ studentId: r.id, name: nameOf(r), kind: 'TRAINING_18_MONTHS', lastDay: trainingLastDay(r.startedOn) });
  }
  for (const r of await listMedicalStudents(db, schoolId, studentId)) {
    if (r.certificateDate) out.push({ studentId: r.id, name: nameOf(r), kind: 'MEDICAL_CERTIFICATE', lastDay: medicalCertificateLastDay(r.certificateDate) });
  }
  return out;
}

const LINKS: Record<DeadlineKind, (studentId: string) => string> = {
  EXAM_APPLICATION: () => '/app/exams',
  EXAM_WINDOW: (id) => `/app/student/${id}`,
  TRAINING_18_MONTHS: (id) => `/app/student/${id}`,
  MEDICAL_CERTIFICATE: (id) => `/app/student/${id}`,
};

/** The nightly job: each school's deadlines due today under one of its lead times, each notified once. */
export async function sweepDeadlines(deps: AppDeps) {
  const now = deps.now();
  const today = schoolToday(now);
  for (const id of await listSweepSchools(deps.db)) {
    const schoolId = schoolOfOwnWork(id);
    const { leadDays } = await getDeadlineSettings(deps, schoolId);
    for (const d of await studentDeadlines(deps.db, schoolId, today)) {
      const lead = dueLead(d.lastDay, today, leadDays);
      if (lead === null) continue;
      await inTransaction(deps, async (tx, after) => {
        await lockReminder(tx, `deadline:${d.studentId}`);
        // Read again under the student's lock: a cause gone since the school's list was read sends nothing.
        const still = (await studentDeadlines(tx, schoolId, today, d.studentId)).some((x) => x.kind === d.kind && x.lastDay === d.lastDay);
        if (!still) return;
        if (!(await markSent(tx, deadlineMarkKey(d.studentId, d.kind, d.lastDay, lead), now))) return;
        await notifySchoolStaff(deps, tx, after, {
          schoolId,
          event: 'DEADLINE',
          title: DEADLINE_TITLES[d.kind],
          message: deadlineMessage(d.kind, d.name, d.lastDay, today),
          link: LINKS[d.kind](d.studentId),
          staffRoles: ['ADMIN', 'ASSISTANT'],
        });
      });
    }
  }
}
