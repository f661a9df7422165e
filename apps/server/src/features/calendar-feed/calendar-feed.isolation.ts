import type { TestApp } from '../../testing/harness.ts';
import { type IsolationTable, school, type StudentIsolationTable, theSchool, type Victim } from '../../testing/isolation.ts';

type Seed<I> = (app: TestApp, victim: Victim) => Promise<I>;

/** The victim's admin has a live feed; its creation time is a value only the victim's answer holds. */
const aFeed: Seed<{ createdAt: string }> = async (_app, v) => ({
  createdAt: (await v.caller.calendarFeed.rotateMine({ schoolId: v.schoolId })).createdAt.toISOString(),
});

export const calendarFeedIsolation: IsolationTable = {
  // The caller's own membership names the feed; the input names only the school.
  'calendarFeed.getMine': school(aFeed, (c, schoolId) => c.calendarFeed.getMine({ schoolId })),
  'calendarFeed.rotateMine': school(theSchool, (c, schoolId) => c.calendarFeed.rotateMine({ schoolId })),
  'calendarFeed.getMyFeed': { kind: 'student', why: 'the student’s own session names the feed; the student half tries it student against student' },
  'calendarFeed.rotateMyFeed': { kind: 'student', why: 'the student’s own session names the feed; the student half tries it student against student' },
};

export const calendarFeedStudentIsolation: StudentIsolationTable = {
  // No input: the session alone says whose feed it is.
  'calendarFeed.getMyFeed': (me) => me.as().calendarFeed.getMyFeed(),
  // No input names a student, so no mix can reach another's feed; a rotation with A's proof writes A's own feed, which
  // the runner would count as a change to the school, so the mixes (anything but A's own values) do not call it.
  'calendarFeed.rotateMyFeed': (me, key) =>
    key.studentId === me.studentId && key.schoolId === me.schoolId ? me.as().calendarFeed.rotateMyFeed() : Promise.reject(new Error('not A’s own')),
};
