// Student reads and row writes. The proven school id comes first and goes inside every statement.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { StudentState } from '@volant/shared/enums';
import type { studentsListInput } from '@volant/shared/student/inputs';
import { and, arrayOverlaps, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { czechSortKey } from '../../lib/czech-order.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { StudentLogDto, TagDto } from './student.dto.ts';
import { containsPattern, searchWords } from './student.rules.ts';

const { students, studentLogs, tagLinks, interpreters, schools, studentBalances } = schema;

export type StudentRow = typeof students.$inferSelect;
export type StudentInsert = Omit<typeof students.$inferInsert, 'schoolId' | 'id'>;

/** Students of the school that are not removed. */
const visible = (schoolId: SchoolId) => and(eq(students.schoolId, schoolId), isNull(students.removedAt));

/** The columns of a student in lists (the students table, the header search and its history). */
export const listItemColumns = {
  id: students.id,
  registrationNumber: students.registrationNumber,
  state: students.state,
  firstName: students.firstName,
  lastName: students.lastName,
  degree: students.degree,
  groups: students.groups,
  dateOfInProgress: students.dateOfInProgress,
  createdAt: students.createdAt,
};
type ListItemRow = Pick<StudentRow, keyof typeof listItemColumns>;
export type StudentListItem = ListItemRow & { tags: TagDto[] };

function orderOf(field: z.output<typeof studentsListInput>['sortField'], direction: 'asc' | 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  switch (field) {
    case 'lastName':
      return [dir(czechSortKey(students.lastName)), dir(czechSortKey(students.firstName)), dir(students.id)];
    case 'registrationNumber':
      return [dir(students.registrationNumber), dir(students.id)];
    case 'dateOfInProgress':
      return [sql`${students.dateOfInProgress} ${sql.raw(direction)} nulls last`, dir(students.id)];
    default:
      return [dir(students.createdAt), dir(students.id)];
  }
}

/**
 * A student's tags as a JSON array ordered by name: a correlated subquery, so a page of students and their tags
 * come in one statement.
 */
export function tagsJson(schoolId: SchoolId, studentId: SQL) {
  // Raw SQL with aliases: Drizzle leaves column names unqualified in single-table selects, which a correlated
  // subquery cannot tell apart.
  return sql<TagDto[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name), '[]'::json)
    from tag_links tl inner join tags t on t.school_id = tl.school_id and t.id = tl.tag_id
    where tl.school_id = ${schoolId} and tl.entity_type = 'STUDENT' and tl.entity_id = ${studentId})`;
}

type ListInput = z.output<typeof studentsListInput>;

/** Searches with up to this many words, and no state, group or tag filter, run as prepared statements. */
const PREPARED_WORDS = 3;

/**
 * The statement of one page of students: the school, the words' patterns, the page size and offset are placeholders
 * (schoolId, word0…, limit, offset), so one prepared statement serves every request of the same shape.
 */
function pageQuery(
  db: DbOrTx,
  schoolId: SchoolId | SQL.Aliased | ReturnType<typeof sql.placeholder>,
  where: SQL | undefined,
  input: ListInput,
  paging: { limit: unknown; offset: unknown },
) {
  const order = orderOf(input.sortField, input.sortDirection);
  const page = db
    .select({
      ...listItemColumns,
      total: sql<number>`(count(*) over ())::int`.as('total'),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
    })
    .from(students)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit as number)
    .offset(paging.offset as number)
    .as('page');
  return db
    .select({
      id: page.id,
      registrationNumber: page.registrationNumber,
      state: page.state,
      firstName: page.firstName,
      lastName: page.lastName,
      degree: page.degree,
      groups: page.groups,
      dateOfInProgress: page.dateOfInProgress,
      createdAt: page.createdAt,
      total: page.total,
      tags: tagsJson(schoolId as SchoolId, sql`"page"."id"`),
    })
    .from(page)
    .orderBy(page.position);
}

/** The prepared page statements of the common shapes: no filter but the search words, per order and word count. */
const preparedPages = new Map<string, (db: DbOrTx) => ReturnType<ReturnType<typeof pageQuery>['prepare']>>();
function preparedPage(input: ListInput, words: number) {
  const name = `students_page_${input.sortField}_${input.sortDirection}_${words}`;
  let prepared = preparedPages.get(name);
  if (!prepared) {
    prepared = preparedPerDb((db: DbOrTx) => {
      const school = sql.placeholder('schoolId');
      const filters = [and(eq(students.schoolId, school), isNull(students.removedAt), isNotNull(students.registrationNumber))];
      for (let i = 0; i < words; i++) filters.push(ilike(students.searchText, sql.placeholder(`word${i}`) as unknown as string));
      return pageQuery(db, school, and(...filters), input, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare(name);
    });
    preparedPages.set(name, prepared);
  }
  return prepared;
}

/**
 * One page of students with their tags and the total, in one statement (each round trip to the database costs
 * more than the work here); a second only when the page is past the end.
 */
export async function listStudents(db: DbOrTx, schoolId: SchoolId, input: ListInput) {
  const filters: (SQL | undefined)[] = [visible(schoolId)];
  if (input.states?.length) filters.push(inArray(students.state, input.states));
  // An applicant of the public form (no registration number until admitted) is in the applications list, not in
  // Přehled; the lists show them only when asked for the waiting state.
  if (!input.states?.includes('WAITING_FOR_ADMISSION')) filters.push(isNotNull(students.registrationNumber));
  if (input.groups?.length) filters.push(arrayOverlaps(students.groups, input.groups));
  if (input.tagIds?.length) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(tagLinks)
          .where(
            and(eq(tagLinks.schoolId, schoolId), eq(tagLinks.entityType, 'STUDENT'), eq(tagLinks.entityId, students.id), inArray(tagLinks.tagId, input.tagIds)),
          ),
      ),
    );
  }
  // 'Nedoplatek': the balances view by table name (student does not import payments); the school's id pushes into it.
  if (input.owing) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(studentBalances)
          .where(and(eq(studentBalances.schoolId, schoolId), eq(studentBalances.studentId, students.id), sql`${studentBalances.due} > 0`)),
      ),
    );
  }
  // Every word must appear in the normalised "first last registration" text; the trigram index serves ILIKE.
  const words = searchWords(input.fullText);
  for (const word of words) filters.push(ilike(students.searchText, containsPattern(word)));
  const where = and(...filters);
  const paging = { limit: input.pageSize, offset: (input.currentPage - 1) * input.pageSize };

  const plain = !input.states?.length && !input.groups?.length && !input.tagIds?.length && !input.owing && words.length <= PREPARED_WORDS;
  const rows = plain
    ? await preparedPage(
        input,
        words.length,
      )(db).execute({
        schoolId,
        ...paging,
        ...Object.fromEntries(words.map((w, i) => [`word${i}`, containsPattern(w)])),
      })
    : await pageQuery(db, schoolId, where, input, paging);
  const total = rows.length > 0 ? rows[0].total : (await db.select({ total: count() }).from(students).where(where))[0].total;
  return { items: rows.map(({ total: _total, ...item }): StudentListItem => item), total };
}

const studentCard = preparedPerDb((db: DbOrTx) => {
  const schoolId = sql.placeholder('schoolId');
  return db
    .select({
      student: students,
      interpreter: { id: interpreters.id, firstName: interpreters.firstName, lastName: interpreters.lastName, degree: interpreters.degree },
      logs: sql<(Omit<StudentLogDto, 'createdAt'> & { createdAt: string })[]>`(select coalesce(json_agg(json_build_object(
          'id', l.id, 'state', l.state, 'previousState', l.previous_state, 'date', l.date,
          'userName', nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'createdAt', l.created_at
        ) order by l.created_at, l.id), '[]'::json)
        from student_logs l left join users u on u.id = l.user_id
        where l.school_id = ${schoolId} and l.student_id = "students"."id")`,
    })
    .from(students)
    .leftJoin(interpreters, and(eq(interpreters.schoolId, students.schoolId), eq(interpreters.id, students.interpreterId)))
    .where(and(eq(students.schoolId, schoolId), isNull(students.removedAt), eq(students.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('student_card');
});

/** The student with the interpreter's name and the state log, or undefined when missing, removed or another school's. */
export async function findStudent(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await studentCard(db).execute({ schoolId, id });
  if (!row) return undefined;
  const logs: StudentLogDto[] = row.logs.map((l) => ({ ...l, createdAt: new Date(l.createdAt) }));
  return { ...row, logs };
}

export async function findHeaderInfo(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      phone: students.phone,
      email: students.email,
      state: students.state,
      groups: students.groups,
      registrationNumber: students.registrationNumber,
    })
    .from(students)
    .where(and(visible(schoolId), eq(students.id, id)))
    .limit(1);
  return row;
}

export async function findTrainingDates(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ dateOfInProgress: students.dateOfInProgress, dateOfFinished: students.dateOfFinished })
    .from(students)
    .where(and(visible(schoolId), eq(students.id, id)))
    .limit(1);
  return row;
}

/** Whether a visible student of the school exists (for child rows that have no foreign key to it). */
export async function studentExists(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(visible(schoolId), eq(students.id, id)))
    .limit(1);
  return !!row;
}

/** Locks the students (state changes of one student serialise), visible ones of this school only. */
export function lockStudents(tx: DbOrTx, schoolId: SchoolId, ids: string[]) {
  return tx
    .select()
    .from(students)
    .where(and(visible(schoolId), inArray(students.id, ids)))
    .orderBy(asc(students.id))
    .for('update');
}

/** Serialises student creation per school, so the monthly count and the insert cannot race past the tier limit. */
export async function lockSchool(tx: DbOrTx, schoolId: SchoolId) {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

export async function isRegistrationNumberTaken(db: DbOrTx, schoolId: SchoolId, registrationNumber: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(visible(schoolId), eq(students.registrationNumber, registrationNumber)))
    .limit(1);
  return !!row;
}

/** Every registration number the school has used, removed students included, newest first. */
export async function listRegistrationNumbers(db: DbOrTx, schoolId: SchoolId) {
  const rows = await db
    .select({ registrationNumber: students.registrationNumber })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), isNotNull(students.registrationNumber)))
    .orderBy(desc(students.createdAt), desc(students.id));
  return rows.flatMap((r) => (r.registrationNumber === null ? [] : [r.registrationNumber]));
}

export async function insertStudent(tx: DbOrTx, schoolId: SchoolId, values: StudentInsert) {
  const [row] = await tx
    .insert(students)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function updateStudentRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: Partial<StudentInsert>) {
  const [row] = await tx
    .update(students)
    .set(values)
    .where(and(visible(schoolId), eq(students.id, id)))
    .returning();
  return row;
}

export async function updateStudentRows(tx: DbOrTx, schoolId: SchoolId, ids: string[], values: Partial<StudentInsert>) {
  await tx
    .update(students)
    .set(values)
    .where(and(visible(schoolId), inArray(students.id, ids)));
}

export async function softDeleteStudent(tx: DbOrTx, schoolId: SchoolId, id: string, at: Date) {
  const [row] = await tx
    .update(students)
    .set({ removedAt: at, updatedAt: at })
    .where(and(visible(schoolId), eq(students.id, id)))
    .returning();
  return row;
}

export interface StudentLogInsert {
  studentId: string;
  state: StudentState;
  previousState: StudentState | null;
  date: string;
  userId: string | null;
}

export async function insertStudentLogs(tx: DbOrTx, schoolId: SchoolId, logs: StudentLogInsert[]) {
  if (logs.length === 0) return;
  await tx.insert(studentLogs).values(logs.map((l) => ({ ...l, schoolId })));
}

/** Changes a log's date; the log must belong to a visible student of the school. */
export async function updateStudentLogDate(tx: DbOrTx, schoolId: SchoolId, studentId: string, id: string, date: string) {
  const [row] = await tx
    .update(studentLogs)
    .set({ date })
    .where(
      and(
        eq(studentLogs.schoolId, schoolId),
        eq(studentLogs.studentId, studentId),
        eq(studentLogs.id, id),
        exists(
          tx
            .select({ one: sql`1` })
            .from(students)
            .where(and(visible(schoolId), eq(students.id, studentId))),
        ),
      ),
    )
    .returning({ id: studentLogs.id, state: studentLogs.state, date: studentLogs.date });
  return row;
}

/** The newest log of a state for a student, to keep the student's training dates in step with it. */
export async function findLatestLogOfState(db: DbOrTx, schoolId: SchoolId, studentId: string, state: StudentState) {
  const [row] = await db
    .select({ id: studentLogs.id })
    .from(studentLogs)
    .where(and(eq(studentLogs.schoolId, schoolId), eq(studentLogs.studentId, studentId), eq(studentLogs.state, state)))
    .orderBy(desc(studentLogs.createdAt), desc(studentLogs.id))
    .limit(1);
  return row;
}
