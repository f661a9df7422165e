import { lessonHours } from '@volant/shared/lesson-plan/law';
import type { FullRecordRow, LightRecordRow } from './driving-lessons-record.queries.ts';

/** The record as every screen gets it (common brief of issue 8): the teacher is `userId`/`user` (a member); the listed
 * record with the signature pictures themselves. */
export function toRecord(row: FullRecordRow) {
  const { signature, teacherSignature, ...rest } = row;
  return { ...toListedRecord({ ...rest, signed: signature !== null, teacherSigned: teacherSignature !== null }), signature, teacherSignature };
}
export type DrivingLessonsRecordDto = ReturnType<typeof toRecord>;

/** A record in lists (a student's Výcvik tab, calendar, trainings page): whether it is signed instead of the pictures. */
export function toListedRecord(row: LightRecordRow) {
  // One object per row, its fields written out (these lists are the hot reads); toRecord adds the pictures to it.
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    studentId: row.studentId,
    student: row.student ?? null,
    startTime: row.startTime,
    endTime: row.endTime,
    length: row.length,
    userId: row.userId,
    user: row.user ?? null,
    schoolCarId: row.schoolCarId,
    schoolCar: row.schoolCar ?? null,
    tachometerBefore: row.tachometerBefore,
    tachometerAfter: row.tachometerAfter,
    signed: row.signed,
    teacherSigned: row.teacherSigned,
    allDay: row.allDay,
    note: row.note,
    lessonHours: lessonHours(row.length),
    createdAt: row.createdAt,
    /** When the student booked it themselves ('Rezervoval žák'), or null (the office planned it). */
    bookedByStudentAt: row.bookedByStudentAt ?? null,
  };
}
export type ListedRecordDto = ReturnType<typeof toListedRecord>;
