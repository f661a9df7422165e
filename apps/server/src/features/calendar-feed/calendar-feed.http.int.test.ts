// Calendar feeds end to end over HTTP (issue 19 §4): the URL a procedure makes answers RFC 5545 text that a real parser
// (ical.js) reads, with Europe/Prague's VTIMEZONE, stable UIDs, cancelled rides as STATUS:CANCELLED and the school's
// address; 'Vygenerovat nový odkaz' kills the old URL; a student's feed holds only their own day; a feed stops with its
// owner's access; per-address rate limit; the token never reaches the request log; a clock moved forward.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import * as crypto from '../../lib/crypto.ts';
import { buildServer } from '../../server.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aStudentActor } from '../student-portal/student-portal.testing.ts';

// The gate compares the stored hash with the presented one by this function (constant time); spied on, unchanged.
vi.mock('../../lib/crypto.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/crypto.ts')>();
  return { ...actual, constantTimeEqual: vi.fn(actual.constantTimeEqual) };
});

const RATE = 20;
const lines: string[] = [];
let app: TestApp;
let server: Awaited<ReturnType<typeof buildServer>>;
/** The server's clock (ctx.now / deps.now): tests move it. */
let clock = new Date('2026-06-15T08:00:00Z');
let addressSeq = 0;
const nextAddress = () => `10.77.${Math.floor(addressSeq / 200)}.${1 + (addressSeq++ % 200)}`;

beforeAll(async () => {
  app = await getTestApp();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'volant-ics-')),
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://volant.test',
    RATE_LIMIT_PUBLIC_PER_MIN: String(RATE),
  } as NodeJS.ProcessEnv);
  server = await buildServer(config, app.handle, { now: () => clock, logStream: { write: (line) => void lines.push(line) } });
  // The procedures run on the same clock as the route.
  app.deps.now = () => clock;
});

afterAll(async () => {
  await server?.app.close();
});

const pathOf = (url: string) => new URL(url).pathname;
const get = (url: string, remoteAddress = nextAddress()) => server.app.inject({ method: 'GET', url: pathOf(url), remoteAddress });

function parse(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  const events = cal.getAllSubcomponents('vevent').map((e) => ({
    uid: String(e.getFirstPropertyValue('uid')),
    summary: String(e.getFirstPropertyValue('summary')),
    description: String(e.getFirstPropertyValue('description') ?? ''),
    location: String(e.getFirstPropertyValue('location') ?? ''),
    status: String(e.getFirstPropertyValue('status') ?? ''),
    sequence: Number(e.getFirstPropertyValue('sequence')),
    tzid: e.getFirstProperty('dtstart')?.getParameter('tzid') ?? null,
    start: new ICAL.Event(e).startDate.toString(),
    startInstant: new ICAL.Event(e).startDate.toJSDate().toISOString(),
  }));
  return { cal, events, name: String(cal.getFirstPropertyValue('x-wr-calname')) };
}

const DAY = 86_400_000;
async function aRide(schoolId: string, studentId: string, start: Date, o: { teacherId?: string; state?: 'SCHEDULED' | 'CANCELLED_BY_TEACHER' } = {}) {
  const [row] = await app.handle.db
    .insert(schema.drivingLessonRecords)
    .values({
      schoolId,
      studentId,
      teacherId: o.teacherId,
      type: 'DRIVING',
      state: o.state ?? 'SCHEDULED',
      startTime: start,
      endTime: new Date(start.getTime() + 90 * 60_000),
      length: 90,
    })
    .returning({ id: schema.drivingLessonRecords.id });
  return row.id;
}

describe('GET /ics/<token>.ics', () => {
  it('answers a teacher’s own rides and lessons as RFC 5545 in Europe/Prague, stable across fetches; a new link kills the old', async () => {
    const school = await setupSchool(app);
    const student = await aStudentActor(app, school);
    const teacherId = school.member.id;
    // 1 July 08:00 UTC is 10:00 in Prague (summer time).
    const planned = await aRide(school.schoolId, student.studentId, new Date('2026-07-01T08:00:00Z'), { teacherId });
    const cancelled = await aRide(school.schoolId, student.studentId, new Date('2026-07-02T08:00:00Z'), { teacherId, state: 'CANCELLED_BY_TEACHER' });
    const [lesson] = await app.handle.db
      .insert(schema.teachingLessonRecords)
      .values({ schoolId: school.schoolId, studentId: student.studentId, type: 'PPV', position: 1, teacherId, date: '2026-06-20', topic: 'Přednost v jízdě' })
      .returning();
    // Another teacher's ride is not in this teacher's feed.
    await aRide(school.schoolId, student.studentId, new Date('2026-07-03T08:00:00Z'));

    expect(await school.caller.calendarFeed.getMine({ schoolId: school.schoolId })).toMatchObject({ active: false, createdAt: null });
    const { url } = await school.caller.calendarFeed.rotateMine({ schoolId: school.schoolId });
    expect(url).toMatch(/^http:\/\/volant\.test\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await school.caller.calendarFeed.getMine({ schoolId: school.schoolId })).toMatchObject({ active: true, createdAt: clock });

    lines.length = 0;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const feed = parse(res.body);
    expect(feed.name).toBe(`${school.school.name} – ${school.member.firstName} ${school.member.lastName}`);
    const zones = feed.cal.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Prague']);
    expect(feed.events.map((e) => e.uid)).toEqual([`ride-${planned}@volant`, `ride-${cancelled}@volant`, `theory-${teacherId}-2026-06-20-PPV-1@volant`]);
    const [ride, gone, theory] = feed.events;
    expect(ride).toMatchObject({ tzid: 'Europe/Prague', start: '2026-07-01T10:00:00', startInstant: '2026-07-01T08:00:00.000Z', status: 'CONFIRMED' });
    expect(ride.summary).toBe(`Jízda – Jan ${student.lastName} (B)`);
    expect(ride.location).toBe('Kounicova 1, 60200 Brno');
    expect(gone.status).toBe('CANCELLED');
    expect(theory).toMatchObject({ start: '2026-06-20', summary: 'Teorie – Přednost v jízdě', description: `Žák: Jan ${student.lastName}` });
    expect(res.body).not.toMatch(/Absolvov/);

    // Stable: the same UIDs and SEQUENCEs on the next fetch; an edit raises the SEQUENCE, not the UID.
    const again = parse((await get(url)).body);
    expect(again.events.map((e) => [e.uid, e.sequence])).toEqual(feed.events.map((e) => [e.uid, e.sequence]));
    await app.handle.db
      .update(schema.teachingLessonRecords)
      .set({ topic: 'Křižovatky', updatedAt: new Date(lesson.updatedAt.getTime() + 5000) })
      .where(eq(schema.teachingLessonRecords.id, lesson.id));
    const edited = parse((await get(url)).body).events[2];
    expect(edited.uid).toBe(theory.uid);
    expect(edited.sequence).toBeGreaterThan(theory.sequence);

    // The token is a secret: the log has the route, not the token.
    const token = pathOf(url).slice('/ics/'.length, -'.ics'.length);
    const log = lines.join('');
    expect(log).toContain('"url":"/ics/…"');
    expect(log).not.toContain(token);

    // 'Vygenerovat nový odkaz': the old URL is gone (a bare 404), the new one works.
    const { url: next } = await school.caller.calendarFeed.rotateMine({ schoolId: school.schoolId });
    const old = await get(url);
    expect({ status: old.statusCode, body: old.body }).toEqual({ status: 404, body: 'Not found' });
    expect((await get(next)).statusCode).toBe(200);
    // An unknown token and a malformed name answer the same.
    expect((await get(`http://x/ics/${crypto.newToken()}.ics`)).body).toBe('Not found');
    expect((await get('http://x/ics/short.ics')).statusCode).toBe(404);
  });

  it('shows a student their own rides and lessons only, and stops when the student is STORNO or removed', async () => {
    const school = await setupSchool(app);
    const [a, b] = [await aStudentActor(app, school), await aStudentActor(app, school)];
    const mine = await aRide(school.schoolId, a.studentId, new Date('2026-06-20T07:00:00Z'), { teacherId: school.member.id });
    const theirs = await aRide(school.schoolId, b.studentId, new Date('2026-06-20T09:00:00Z'), { teacherId: school.member.id });
    const { url } = await a.as().calendarFeed.rotateMyFeed();
    const { url: bUrl } = await b.as().calendarFeed.rotateMyFeed();
    expect(await a.as().calendarFeed.getMyFeed()).toMatchObject({ active: true, ownerName: `Jan ${a.lastName}` });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const feed = parse(res.body);
    expect(feed.name).toBe(`Můj výcvik – ${school.school.name}`);
    expect(feed.events.map((e) => e.uid)).toEqual([`ride-${mine}@volant`]);
    expect(feed.events[0]).toMatchObject({ summary: 'Jízda – B', start: '2026-06-20T09:00:00' });
    expect(feed.events[0].description).toContain(`Učitel: ${school.member.firstName} ${school.member.lastName}`);
    for (const value of [theirs, b.studentId, b.lastName, b.registrationNumber]) expect(res.body).not.toContain(value);

    await app.handle.db.update(schema.students).set({ state: 'STORNO' }).where(eq(schema.students.id, a.studentId));
    expect((await get(url)).statusCode).toBe(404);
    await app.handle.db.update(schema.students).set({ removedAt: clock }).where(eq(schema.students.id, b.studentId));
    expect((await get(bUrl)).statusCode).toBe(404);
  });

  it('stops a teacher’s feed when they leave the school', async () => {
    const school = await setupSchool(app);
    const { url } = await school.caller.calendarFeed.rotateMine({ schoolId: school.schoolId });
    expect((await get(url)).statusCode).toBe(200);
    await app.handle.db.update(schema.schoolMembers).set({ isActive: false }).where(eq(schema.schoolMembers.id, school.member.id));
    expect((await get(url)).statusCode).toBe(404);
  });

  it('keeps a window of 60 days back as the clock moves on, and everything ahead', async () => {
    const school = await setupSchool(app);
    const s = await aStudentActor(app, school);
    const ride = await aRide(school.schoolId, s.studentId, new Date(clock.getTime() + 10 * DAY));
    const far = await aRide(school.schoolId, s.studentId, new Date(clock.getTime() + 400 * DAY));
    const { url } = await s.as().calendarFeed.rotateMyFeed();
    const uids = async () => parse((await get(url)).body).events.map((e) => e.uid);
    expect(await uids()).toEqual([`ride-${ride}@volant`, `ride-${far}@volant`]);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 69 * DAY);
      expect(await uids()).toEqual([`ride-${ride}@volant`, `ride-${far}@volant`]);
      clock = new Date(start.getTime() + 71 * DAY);
      expect(await uids()).toEqual([`ride-${far}@volant`]);
    } finally {
      clock = start;
    }
  });

  it('compares the token in constant time and limits each client address', async () => {
    const school = await setupSchool(app);
    const { url } = await school.caller.calendarFeed.rotateMine({ schoolId: school.schoolId });
    const compare = vi.mocked(crypto.constantTimeEqual);
    compare.mockClear();
    expect((await get(url)).statusCode).toBe(200);
    const token = pathOf(url).slice('/ics/'.length, -'.ics'.length);
    expect(compare).toHaveBeenCalledWith(crypto.hashToken(token), crypto.hashToken(token));

    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i++) statuses.push((await get(url, address)).statusCode);
    expect(statuses.slice(0, RATE).every((s) => s === 200)).toBe(true);
    const refused = await get(url, address);
    expect({ last: statuses[RATE], again: refused.statusCode, retry: refused.headers['retry-after'] }).toEqual({ last: 429, again: 429, retry: '60' });
    // Another address is not affected.
    expect((await get(url)).statusCode).toBe(200);
  });
});
