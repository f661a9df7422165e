// 'Lékařský posudek' (issue 19 §3, legal-cz §5.2): the application must come with a medical certificate not older
// than 3 months on the day it is filed. The product stores the certificate's date and warns (never refuses) when it is
// older than that at admission.
import type { CalendarDate } from '../school-time.ts';

export const MEDICAL_CERTIFICATE_TOO_OLD = 'Lékařský posudek je starší než 3 měsíce';

/** The day `months` calendar months before a date; a missing day clamps to the month's last (31 May − 3 → 28 Feb). */
export function monthsBefore(day: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whether a certificate of `certificateDate` is older than 3 months on `onDate` (the day of admission). */
export function isMedicalCertificateTooOld(certificateDate: CalendarDate | null | undefined, onDate: CalendarDate): boolean {
  return !!certificateDate && certificateDate < monthsBefore(onDate, 3);
}

/** The warning to show beside the date, or null. */
export function medicalCertificateWarning(certificateDate: CalendarDate | null | undefined, onDate: CalendarDate): string | null {
  return isMedicalCertificateTooOld(certificateDate, onDate) ? MEDICAL_CERTIFICATE_TOO_OLD : null;
}
