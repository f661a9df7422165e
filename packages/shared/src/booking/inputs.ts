// The student's booking inputs (issue 19 §3): one schema per call, shared by the 'Rezervace' tab and the procedures.
// No student or school id: the student's own session says whose booking it is.
import { z } from 'zod';
import { uuidInput } from '../validation.ts';

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Neplatné datum')
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v) && v >= '2000-01-01' && v <= '2100-12-31';
  }, 'Neplatné datum');

export const freeSlotsInput = z.object({ date: calendarDate });

export const bookRideInput = z.object({
  teacherId: uuidInput,
  start: z
    .date({ error: 'Prosím vyberte termín!' })
    .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, 'Neplatné datum'),
  length: z.number({ error: 'Neplatná délka jízdy' }).int('Neplatná délka jízdy').min(1, 'Neplatná délka jízdy').max(1440, 'Neplatná délka jízdy'),
});

export const rideIdInput = z.object({ rideId: uuidInput });

export const cancelRideInput = z.object({
  rideId: uuidInput,
  /** The student confirmed the late-cancel charge the terms named. */
  acceptLateCharge: z.boolean().optional(),
});

/** 'Čekací listina': the day (the school's date) the student wants to hear about when a slot frees up. */
export const waitlistDayInput = z.object({ date: calendarDate });
