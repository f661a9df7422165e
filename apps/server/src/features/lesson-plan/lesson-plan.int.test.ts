import { schema } from '@volant/db/schema';
import { LAW_PLAN_VERSIONS, studentPlan } from '@volant/shared/lesson-plan/law';
import { schoolToday } from '@volant/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSchoolId } from '../../testing/tenant.ts';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { findSchoolRaises } from './lesson-plan.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const bCourse = { group: 'B', kind: 'BASIC', variant: 'COURSE' } as const;

describe('lesson plan', () => {
  it('shows the law’s plan in force today with the verified marks and no raises', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const plan = await caller.lessonPlan.getLessonPlan({ schoolId });
    expect(plan.validFrom).toBe('2021-07-01');
    expect(plan.rows).toHaveLength(LAW_PLAN_VERSIONS[0].rows.length);
    const b = plan.rows.find((r) => r.group === 'B' && r.kind === 'BASIC');
    expect(b?.course.DRIVING).toEqual({ lawHours: 28, verified: true, raise: null, hours: 28 });
    expect(b?.isp?.PPV).toEqual({ lawHours: 5, verified: true, raise: null, hours: 5 });
    const a = plan.rows.find((r) => r.group === 'A' && r.kind === 'BASIC');
    expect(a?.course.PPV).toEqual({ lawHours: null, verified: false, raise: null, hours: null });
    expect(plan.rows.find((r) => r.group === 'D')?.isp).toBeNull();
  });

  it('raises a cell, refuses one below the law with its number, and removes a raise with null', async () => {
    const { caller, schoolId, user } = await setupSchool(app);
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 32 });
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 30 });
    // An unknown figure of the law may be set to anything, which marks the school's own.
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, group: 'A', kind: 'BASIC', variant: 'COURSE', item: 'PPV', hours: 12 });
    let plan = await caller.lessonPlan.getLessonPlan({ schoolId });
    const row = (group: string) => plan.rows.find((r) => r.group === group && r.kind === 'BASIC');
    expect(row('B')?.course.DRIVING).toEqual({ lawHours: 28, verified: true, raise: 30, hours: 30 });
    expect(row('A')?.course.PPV).toEqual({ lawHours: null, verified: false, raise: 12, hours: 12 });

    await expect(caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 27 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Počet hodin nesmí být nižší, než stanoví zákon (28)',
    });
    await expect(
      caller.lessonPlan.setLessonPlanRaise({ schoolId, group: 'D', kind: 'EXPANDING', variant: 'ISP', item: 'PPV', hours: 5 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // The law's own figure is accepted (the school confirms it).
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'PV_UV', hours: 2 });

    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: null });
    plan = await caller.lessonPlan.getLessonPlan({ schoolId });
    expect(row('B')?.course.DRIVING).toEqual({ lawHours: 28, verified: true, raise: null, hours: 28 });

    const audits = await app.handle.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, schoolId), eq(schema.auditLog.action, 'lessonPlan.setRaise')));
    expect(audits).toHaveLength(5);
    expect(audits.every((a) => a.userId === user.id)).toBe(true);
    expect(audits.map((a) => (a.data as { hours: number | null }).hours).sort()).toEqual([12, 2, 30, 32, null]);
  });

  it('gives the planner the school’s raises, which studentPlan counts', async () => {
    const { caller, schoolId } = await setupSchool(app);
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 34 });
    const other = await setupSchool(app);
    await other.caller.lessonPlan.setLessonPlanRaise({ schoolId: other.schoolId, ...bCourse, item: 'DRIVING', hours: 40 });
    const raises = await findSchoolRaises(app.handle.db, testSchoolId(schoolId));
    expect(raises).toEqual([{ ...bCourse, item: 'DRIVING', hours: 34 }]);
    const plan = studentPlan({ groups: ['B'], kind: 'BASIC', type: 'COURSE' }, raises, schoolToday(new Date()));
    expect(plan.items.DRIVING).toEqual({ hours: 34, verified: true, raised: true });
  });

  it('refuses invalid figures', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await inputIssues(caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 1001 }))).toEqual([
      'hours: Počet hodin může být nejvýše 1000',
    ]);
    expect(await inputIssues(caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'DRIVING', hours: 30.5 }))).toEqual([
      'hours: Počet hodin musí být celé číslo',
    ]);
    expect(await inputIssues(caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'X' as 'PPV', hours: 3 }))).toEqual([
      'item: Neznámá položka osnovy',
    ]);
  });

  it('tells the school about a change, lets members read and only admins change the plan', async () => {
    const { caller, schoolId } = await setupSchool(app);
    const sent = app.deps.live.sent.length;
    await caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'OP', hours: 5 });
    await expect(caller.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'OP', hours: 1 })).rejects.toBeTruthy();
    expect(app.deps.live.sent.slice(sent)).toEqual([{ room: `school:${schoolId}`, message: { LessonPlanMessage: { schoolId } } }]);
    const user = await createUser(app);
    await addMember(app, schoolId, user.id, 'TEACHER');
    const teacher = await app.callerFor(user.id);
    expect((await teacher.lessonPlan.getLessonPlan({ schoolId })).rows.find((r) => r.group === 'B')?.course.OP.raise).toBe(5);
    await expect(teacher.lessonPlan.setLessonPlanRaise({ schoolId, ...bCourse, item: 'OP', hours: 6 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
