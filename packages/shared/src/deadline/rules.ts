// The deadlines the nightly sweep watches (issue 22 §3, legal-cz §5.1, §5.2, §7.2, §7.4; docs/decisions/0029) as pure
// date arithmetic on calendar dates in the school's zone (school-time.ts): a date has no hour, so a change of clocks
// cannot move a deadline by a day. Each rule answers the LAST day the deadline is still met.
import { addMonths, applicationDeadline, daysBetween, examDeadline } from '../exam/rules.ts';
import { formatDate, pluralCs } from '../format.ts';
import { isMedicalCertificateTooOld } from '../student/medical.ts';
import { addDays, type CalendarDate } from '../school-time.ts';

export const DEADLINE_KINDS = ['EXAM_APPLICATION', 'EXAM_WINDOW', 'TRAINING_18_MONTHS', 'MEDICAL_CERTIFICATE'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** The school's lead times when it set none: two weeks ahead, then three days ahead. */
export const DEFAULT_DEADLINE_LEAD_DAYS: readonly number[] = [14, 3];
export const DEADLINE_LEAD_DAYS_MAX = 90;
export const DEADLINE_LEADS_MAX = 3;

/** legal-cz §5.1: training may last at most 18 months from its start to its end (a warning, not a block). */
export const TRAINING_MAX_MONTHS = 18;
/** legal-cz §5.2: the medical certificate may be at most 3 months old on the day the application is filed. */
export const MEDICAL_CERTIFICATE_MONTHS = 3;

export const DEADLINE_TITLES: Record<DeadlineKind, string> = {
  EXAM_APPLICATION: 'Lhůta pro podání přihlášky ke zkoušce',
  EXAM_WINDOW: 'Lhůta 12 měsíců od první zkoušky',
  TRAINING_18_MONTHS: 'Výcvik trvá téměř 18 měsíců',
  MEDICAL_CERTIFICATE: 'Lékařský posudek k obnovení',
};

/** legal-cz §7.2: the exam application is filed no later than 15 days after training ends (the 15th day is the last). */
export function examApplicationLastDay(endOfTraining: CalendarDate): CalendarDate {
  return applicationDeadline(endOfTraining, endOfTraining).deadline;
}

/** legal-cz §7.4: all parts passed within 12 months of the first exam (the card's own rule, exam/rules.ts). */
export function examWindowLastDay(firstExamDate: CalendarDate): CalendarDate {
  return (examDeadline(firstExamDate, firstExamDate) as { deadline: CalendarDate }).deadline;
}

/**
 * legal-cz §5.1: from the start of training to its end at most 18 months. A period in months ends on the day with the
 * start's number (civil code §605; 31 Aug → 28/29 Feb), so the last day is the same date 18 months on.
 */
export function trainingLastDay(startOfTraining: CalendarDate): CalendarDate {
  return addMonths(startOfTraining, TRAINING_MAX_MONTHS);
}

/**
 * legal-cz §5.2: the last day on which the certificate is still at most 3 months old (the card's and the admission's
 * own check, student/medical.ts): admission after it needs a new certificate.
 */
export function medicalCertificateLastDay(certificateDate: CalendarDate): CalendarDate {
  let day = addMonths(certificateDate, MEDICAL_CERTIFICATE_MONTHS);
  // The shared check clamps the other way round (31 May − 3 months = 28 Feb): walk to its very last valid day.
  while (!isMedicalCertificateTooOld(certificateDate, addDays(day, 1))) day = addDays(day, 1);
  while (isMedicalCertificateTooOld(certificateDate, day)) day = addDays(day, -1);
  return day;
}

/**
 * Which of the school's lead times is due today for a deadline whose last day is `lastDay`: the smallest lead L with
 * daysLeft ≤ L, so a deadline first seen late (training ended 5 days before the application deadline) is notified at
 * once under the lead it falls in, and each lead at most once (the sweep's mark). Null when none is due or the
 * deadline has lapsed (a lapsed deadline is not announced as coming).
 */
export function dueLead(lastDay: CalendarDate, today: CalendarDate, leadDays: readonly number[]): number | null {
  const daysLeft = daysBetween(today, lastDay);
  if (daysLeft < 0) return null;
  const leads = [...leadDays].sort((a, b) => a - b).filter((l) => daysLeft <= l);
  return leads[0] ?? null;
}

/** The exactly-once key of one notification: the student, the kind, the deadline's last day and the lead time. */
export const deadlineMarkKey = (studentId: string, kind: DeadlineKind, lastDay: CalendarDate, lead: number) =>
  `deadline:${studentId}:${kind}:${lastDay}:${lead}`;

const daysText = (n: number) => (n === 0 ? 'dnes' : `za ${n} ${pluralCs(n, ['den', 'dny', 'dní'])}`);

/** The notification's text: whose deadline, which, its last day and how far it is. */
export function deadlineMessage(kind: DeadlineKind, studentName: string, lastDay: CalendarDate, today: CalendarDate): string {
  const left = daysBetween(today, lastDay);
  const when = `${formatDate(lastDay)} (${daysText(left)})`;
  switch (kind) {
    case 'EXAM_APPLICATION':
      return `${studentName}: přihlášku ke zkoušce je nutné podat nejpozději ${when}.`;
    case 'EXAM_WINDOW':
      return `${studentName}: všechny části zkoušky musí složit nejpozději ${when}, jinak musí absolvovat nový výcvik.`;
    case 'TRAINING_18_MONTHS':
      return `${studentName}: od zahájení výcviku uplyne 18 měsíců ${when}.`;
    case 'MEDICAL_CERTIFICATE':
      return `${studentName}: lékařský posudek stačí k přijetí jen do ${when}, potom bude nutný nový.`;
  }
}
