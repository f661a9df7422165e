// The higher domains' part in student writes runs in every process that runs the write, not only in one that loaded
// the routers: this file calls the student service directly and never imports the app router (nor the test harness,
// which does), as the operator CLI or a worker-only instance would.
import { readFileSync } from 'node:fs';
import { openDb } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { createStudentInput } from '@volant/shared/student/inputs';
import { and, eq } from 'drizzle-orm';
import { inject, it, expect } from 'vitest';
import { loadConfig } from '../../config.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { createRecordingLive } from '../../live/live.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { createStudent, setDateOfInProgress } from './student.service.ts';
import { studentInput } from './student.testing.ts';
import { workerDatabaseUrl } from '../../testing/database.ts';

it('puts a started student on the day’s hlášenka and plans the Výuka without the routers loaded', async () => {
  const url = await workerDatabaseUrl();
  const handle = url
    ? await openDb({ databaseUrl: url, poolSize: 2 })
    : await openDb({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot') as string)]) });
  try {
    const db = handle.db;
    const quiet = { warn() {}, error() {} };
    const deps = {
      db,
      config: loadConfig({ DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://volant.test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
      live: createRecordingLive(),
      outbox: { wake() {} } as unknown as MailOutbox,
      now: () => new Date(),
      log: quiet,
    } as unknown as AppDeps;
    const [user] = await db
      .insert(schema.users)
      .values({ email: `hooks.${Date.now()}@example.cz`, firstName: 'A', lastName: 'B', passwordHash: 'x', isActivated: true })
      .returning();
    const [school] = await db
      .insert(schema.schools)
      .values({
        name: 'Autoškola bez routerů',
        number: 'AS-1',
        office: 'Brno',
        street: 'Kounicova',
        streetCode: '1',
        city: 'Brno',
        postCode: '60200',
        tier: 'PREMIUM',
      })
      .returning();
    const schoolId = testSchoolId(school.id);
    const { id: studentId } = await createStudent(deps, schoolId, user.id, createStudentInput(deps.now()).parse(studentInput()));

    const { reportId } = await setDateOfInProgress(deps, schoolId, user.id, { studentsIds: [studentId] });

    expect(reportId).toEqual(expect.any(String));
    const onReport = await db
      .select()
      .from(schema.reportStudents)
      .where(and(eq(schema.reportStudents.reportId, reportId as string), eq(schema.reportStudents.studentId, studentId)));
    expect(onReport).toHaveLength(1);
    const lessons = await db.select().from(schema.teachingLessonRecords).where(eq(schema.teachingLessonRecords.studentId, studentId));
    expect(lessons.length).toBeGreaterThan(0);
  } finally {
    await handle.close();
  }
});
