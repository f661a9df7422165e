// Group theory (issue 20 §3): 'Kurzy', 'Učebny', 'Hodina výuky' and 'Docházka'. One schema per input, shared by the
// forms of the Kurzy page and the course procedures (the school rung adds schoolId).
import { z } from 'zod';
import { TEACHING_SECTIONS } from '../enums.ts';
import { correctionReasonInput } from '../record-chain/inputs.ts';
import { boundedText, dateInput, optionalText, uuidInput } from '../validation.ts';

export const COURSE_MESSAGES = {
  capacity: 'Kapacita musí být celé číslo od 1 do 500.',
  startTime: 'Zadejte čas začátku (HH:MM).',
  units: 'Délka je 1 až 8 vyučovacích hodin (45 min).',
  repeatUntil: 'Konec opakování nesmí být před datem první hodiny.',
  repeatTooFar: 'Opakovat lze nejvýše 52 týdnů.',
  students: 'Vyberte nejvýše 100 žáků.',
  section: 'Vyberte oddíl výuky.',
  teacher: 'Vyberte učitele.',
} as const;

/** The most weekly occurrences one 'Opakovat každý týden do …' creates (a year). */
export const MAX_WEEKLY_OCCURRENCES = 52;
export const MAX_LESSON_UNITS = 8;

export const classroomInput = z.object({
  name: boundedText('název', 1, 100, 'Prosím zadejte název učebny!'),
  capacity: z.number({ error: COURSE_MESSAGES.capacity }).int(COURSE_MESSAGES.capacity).min(1, COURSE_MESSAGES.capacity).max(500, COURSE_MESSAGES.capacity),
});
export const createClassroomInput = classroomInput;
export const updateClassroomInput = classroomInput.extend({ classroomId: uuidInput });

export const courseInput = z.object({
  name: boundedText('název', 1, 100, 'Prosím zadejte název kurzu!'),
  startDate: dateInput('Prosím zadejte datum zahájení!'),
});
export const createCourseInput = courseInput;
export const updateCourseInput = courseInput.extend({ courseId: uuidInput });
export const courseIdInput = z.object({ courseId: uuidInput });
export const courseStudentsInput = z.object({
  courseId: uuidInput,
  studentIds: z.array(uuidInput).min(1, 'Vyberte žáky.').max(100, COURSE_MESSAGES.students),
});
export const courseStudentInput = z.object({ courseId: uuidInput, studentId: uuidInput });

const startTime = z.string({ error: COURSE_MESSAGES.startTime }).regex(/^([01]?\d|2[0-3]):[0-5]\d$/, COURSE_MESSAGES.startTime);

/** What a group lesson is: its day, start, length, teacher, section, topic, room and extra students. */
export const groupLessonInput = z.object({
  date: dateInput('Prosím zadejte datum!'),
  startTime,
  units: z.number({ error: COURSE_MESSAGES.units }).int(COURSE_MESSAGES.units).min(1, COURSE_MESSAGES.units).max(MAX_LESSON_UNITS, COURSE_MESSAGES.units),
  teacherId: uuidInput,
  type: z.enum(TEACHING_SECTIONS, { error: COURSE_MESSAGES.section }),
  topic: optionalText(500, 'Téma může mít nejvýše 500 znaků'),
  classroomId: uuidInput.nullish().transform((v) => v ?? null),
  extraStudentIds: z.array(uuidInput).max(100, COURSE_MESSAGES.students).default([]),
});

/** 'Přidat hodinu': one lesson, or with 'Opakovat každý týden do …' one on the same weekday each week up to that day. */
export const createGroupLessonsInput = groupLessonInput
  .extend({
    courseId: uuidInput,
    repeatUntil: dateInput('Prosím zadejte datum!')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.repeatUntil === null || v.repeatUntil >= v.date, { message: COURSE_MESSAGES.repeatUntil, path: ['repeatUntil'] });
export type CreateGroupLessonsInput = z.input<typeof createGroupLessonsInput>;

/**
 * Moving or changing one lesson. 'Důvod opravy' (issue 22 §1): required by the server when the lesson has attendance
 * and its date, teacher or topic changes the attended hours.
 */
export const updateGroupLessonInput = groupLessonInput.extend({ lessonId: uuidInput, correctionReason: correctionReasonInput });
export const groupLessonIdInput = z.object({ lessonId: uuidInput });

/** 'Docházka': per student present (true), absent (false) or not marked (null, which removes the attendance). */
export const markAttendanceInput = z.object({
  lessonId: uuidInput,
  marks: z
    .array(z.object({ studentId: uuidInput, present: z.boolean().nullable() }))
    .min(1, 'Nebyly provedeny žádné změny!')
    .max(200),
  /** 'Důvod opravy' (issue 22 §1): required by the server when a student marked present is unmarked or absent. */
  correctionReason: correctionReasonInput,
});
export type MarkAttendanceInput = z.input<typeof markAttendanceInput>;
