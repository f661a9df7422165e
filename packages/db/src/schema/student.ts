import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LICENCE_GROUPS, STUDENT_STATES, TAG_ENTITY_TYPES, TRAINING_KINDS, TRAINING_TYPES } from '@volant/shared/enums';
import { eachOneOf, oneOf } from './checks.ts';
import { interpreters, schools, tags } from './school.ts';

const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const students = pgTable(
  'students',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    registrationNumber: text().notNull(),
    state: text({ enum: STUDENT_STATES }).notNull().default('NOT_STARTED'),
    dateOfInProgress: date({ mode: 'string' }),
    dateOfFinished: date({ mode: 'string' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    degree: text(),
    birthDate: date({ mode: 'string' }).notNull(),
    birthPlace: text().notNull(),
    citizenship: text().notNull(),
    docId: text().notNull(),
    phone: text(),
    email: text(),
    street: text().notNull(),
    streetCode: text().notNull(),
    city: text().notNull(),
    postCode: text().notNull(),
    groups: text().array().notNull().default(sql`'{}'::text[]`),
    currentGroups: text().array().notNull().default(sql`'{}'::text[]`),
    trainingKind: text({ enum: TRAINING_KINDS }).notNull().default('BASIC'),
    trainingType: text({ enum: TRAINING_TYPES }).notNull().default('COURSE'),
    drivingLicenceNumber: text().notNull(),
    note: text(),
    interpreterId: uuid(),
    secretCode: text().notNull().default(sql`substr(md5(random()::text), 1, 8)`),
    /** Lower-cased, diacritics removed: "first last registrationNumber". Kept by the service on every write. */
    searchText: text().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Removal keeps the row for the legal records; removed students are invisible to the app. */
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('students_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('students_school_registration_key').on(t.schoolId, t.registrationNumber).where(sql`${t.removedAt} is null`),
    index('students_school_created_idx').on(t.schoolId, t.createdAt.desc()),
    index('students_search_idx').using('gin', t.schoolId, sql`${t.searchText} gin_trgm_ops`),
    foreignKey({ columns: [t.schoolId, t.interpreterId], foreignColumns: [interpreters.schoolId, interpreters.id] }),
    oneOf('students_state_check', t.state, STUDENT_STATES),
    oneOf('students_training_kind_check', t.trainingKind, TRAINING_KINDS),
    oneOf('students_training_type_check', t.trainingType, TRAINING_TYPES),
    eachOneOf('students_groups_check', t.groups, LICENCE_GROUPS),
    eachOneOf('students_current_groups_check', t.currentGroups, LICENCE_GROUPS),
  ],
);

export const studentLogs = pgTable(
  'student_logs',
  {
    id: id(),
    schoolId: uuid().notNull(),
    studentId: uuid().notNull(),
    state: text({ enum: STUDENT_STATES }).notNull(),
    previousState: text({ enum: STUDENT_STATES }),
    date: date({ mode: 'string' }).notNull(),
    userId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_logs_student_idx').on(t.schoolId, t.studentId, t.createdAt),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('student_logs_state_check', t.state, STUDENT_STATES),
    oneOf('student_logs_previous_state_check', t.previousState, STUDENT_STATES),
  ],
);

/** Recent searches per user and school (the header search's history). */
export const userSearches = pgTable(
  'user_searches',
  {
    schoolId: uuid().notNull(),
    userId: uuid().notNull(),
    studentId: uuid().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.studentId] }),
    index('user_searches_recent_idx').on(t.schoolId, t.userId, t.searchedAt.desc()),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/** Hlášenka: the students whose training starts on `date`, sent to the municipal office. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reports_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('reports_open_date_key').on(t.schoolId, t.date).where(sql`${t.sentAt} is null`),
    index('reports_school_date_idx').on(t.schoolId, t.date.desc()),
  ],
);

export const reportStudents = pgTable(
  'report_students',
  {
    schoolId: uuid().notNull(),
    reportId: uuid().notNull(),
    studentId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.studentId] }),
    index('report_students_student_idx').on(t.schoolId, t.studentId),
    foreignKey({ columns: [t.schoolId, t.reportId], foreignColumns: [reports.schoolId, reports.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.studentId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
  ],
);

/**
 * A tag of the school on an entity of the same school. Both ends are composite foreign keys with the school, so a
 * link to another school's tag or student cannot exist. Students are only soft-deleted by the app (their links stay,
 * as their logs do); the links go with the student when the row itself is deleted (the school's removal). A second
 * entity type will need its own column and foreign key.
 */
export const tagLinks = pgTable(
  'tag_links',
  {
    schoolId: uuid().notNull(),
    tagId: uuid().notNull(),
    entityType: text({ enum: TAG_ENTITY_TYPES }).notNull(),
    entityId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tag_links_key').on(t.schoolId, t.entityId, t.tagId),
    index('tag_links_tag_idx').on(t.schoolId, t.tagId),
    foreignKey({ columns: [t.schoolId, t.tagId], foreignColumns: [tags.schoolId, tags.id] }).onDelete('cascade'),
    foreignKey({ name: 'tag_links_student_fk', columns: [t.schoolId, t.entityId], foreignColumns: [students.schoolId, students.id] }).onDelete('cascade'),
    oneOf('tag_links_entity_type_check', t.entityType, TAG_ENTITY_TYPES),
  ],
);
