// The database itself refuses what tenancy and the shared enumerations forbid, whatever a future statement forgets:
// a tag link cannot join two schools, and an enum column holds only the values of packages/shared/src/enums.ts.
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestStudent } from './features/student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from './testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

/** The SQLSTATE and constraint of a refused statement, or 'accepted'. */
async function outcome(statement: SQL) {
  return app.handle.db.execute(statement).then(
    () => 'accepted',
    (err: unknown) => {
      for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
        if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return `${e.code} ${e.constraint}`;
      }
      throw err;
    },
  );
}

async function schoolWithTagAndStudent() {
  const s = await setupSchool(app);
  const { id: tagId } = await s.caller.tag.createTag({ schoolId: s.schoolId, name: 'VIP', color: '#aa0000' });
  const studentId = await createTestStudent(s.caller, s.schoolId);
  return { schoolId: s.schoolId, tagId, studentId };
}

const link = (schoolId: string, tagId: string, entityId: string) =>
  sql`insert into tag_links (school_id, tag_id, entity_type, entity_id) values (${schoolId}, ${tagId}, 'STUDENT', ${entityId})`;

describe('database constraints', () => {
  it('refuses a tag link to another school’s student, and accepts one within the school', async () => {
    const a = await schoolWithTagAndStudent();
    const b = await schoolWithTagAndStudent();
    expect(await outcome(link(a.schoolId, a.tagId, b.studentId))).toBe('23503 tag_links_student_fk');
    expect(await outcome(link(b.schoolId, a.tagId, b.studentId))).toBe('23503 tag_links_school_id_tag_id_tags_school_id_id_fk');
    expect(await outcome(link(a.schoolId, a.tagId, a.studentId))).toBe('accepted');
  });

  it('refuses enum values outside the shared lists', async () => {
    const { schoolId, tagId, studentId } = await schoolWithTagAndStudent();
    await app.handle.db.execute(link(schoolId, tagId, studentId));
    expect(await outcome(sql`update students set state = 'HACKED' where id = ${studentId}`)).toBe('23514 students_state_check');
    expect(await outcome(sql`update students set training_kind = 'basic' where id = ${studentId}`)).toBe('23514 students_training_kind_check');
    expect(await outcome(sql`update students set groups = array['B', 'Z']::text[] where id = ${studentId}`)).toBe('23514 students_groups_check');
    expect(await outcome(sql`update student_logs set previous_state = 'NOPE' where student_id = ${studentId}`)).toBe('23514 student_logs_previous_state_check');
    expect(await outcome(sql`update schools set tier = 'GOLD' where id = ${schoolId}`)).toBe('23514 schools_tier_check');
    expect(await outcome(sql`update school_members set role = 'OWNER' where school_id = ${schoolId}`)).toBe('23514 school_members_role_check');
    expect(await outcome(sql`update tag_links set entity_type = 'LESSON' where school_id = ${schoolId}`)).toBe('23514 tag_links_entity_type_check');
    expect(await outcome(sql`update students set state = 'DONE', groups = array['BpE']::text[] where id = ${studentId}`)).toBe('accepted');
  });
});
