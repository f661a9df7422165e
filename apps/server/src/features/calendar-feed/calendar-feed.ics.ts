// A feed's iCalendar text (RFC 5545), built with ical-generator: times in Europe/Prague with the zone's VTIMEZONE
// (timezones-ical-library), each ride or lesson one VEVENT with a UID from its record's id (stable across fetches and
// edits), SEQUENCE and LAST-MODIFIED from the record's last change, a cancelled ride STATUS:CANCELLED, the school's
// address as LOCATION. Theory lessons have a day and no time: all-day events. A feed says what is planned; it does not
// claim that anything took place.
import { TZDate } from '@date-fns/tz';
import { CALENDAR_EVENT_TYPE_LABELS, TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { SCHOOL_TIME_ZONE } from '@volant/shared/school-time';
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { FeedLesson, FeedRide } from './calendar-feed.queries.ts';

/** SEQUENCE counts seconds of the record's last change since this instant: it grows with every edit, and fits in 32 bits. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000));

/** Calendar apps refresh a subscription about this often (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

export interface FeedSchool {
  name: string;
  street: string;
  streetCode: string;
  city: string;
  postCode: string;
}

export interface FeedContent {
  kind: 'student' | 'member';
  /** The owner's id in the school: part of the teacher's grouped lessons' UIDs. */
  ownerId: string;
  ownerName: string;
  school: FeedSchool;
  rides: FeedRide[];
  lessons: FeedLesson[];
  /** DTSTAMP of every event: when the feed was answered (the server's clock). */
  now: Date;
}

export const schoolAddress = (s: FeedSchool) => `${s.street} ${s.streetCode}, ${s.postCode} ${s.city}`;

const CANCELLED = new Set(['CANCELLED_BY_STUDENT', 'CANCELLED_BY_TEACHER']);
const zoned = (instant: Date) => new TZDate(instant.getTime(), SCHOOL_TIME_ZONE);
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const groupsOf = (r: FeedRide) => (r.studentGroups.length ? r.studentGroups : r.studentAllGroups).join(', ');

function rideText(r: FeedRide, kind: FeedContent['kind']) {
  const label = CALENDAR_EVENT_TYPE_LABELS[r.type];
  const groups = groupsOf(r);
  const student = fullName(r.studentFirstName, r.studentLastName);
  const summary = kind === 'student' ? (groups ? `${label} – ${groups}` : label) : groups ? `${label} – ${student} (${groups})` : `${label} – ${student}`;
  const lines = [
    CANCELLED.has(r.state) ? 'Zrušeno.' : null,
    kind === 'member' ? `Žák: ${student}` : null,
    kind === 'student' && r.teacherLastName ? `Učitel: ${fullName(r.teacherFirstName, r.teacherLastName)}` : null,
    r.carRegNumber ? `Vozidlo: ${r.carType} (${r.carRegNumber})` : null,
    `Délka: ${r.length} min`,
  ];
  return { summary, description: lines.filter(Boolean).join('\n') };
}

const lessonTitle = (l: FeedLesson) => `Teorie – ${l.topic?.trim() || `${TEACHING_SECTION_LABELS[l.type]}, ${l.position}. hodina`}`;

/** A teacher's lessons of one day, section and hour taught to several students: one event naming them all. */
function groupTeacherLessons(lessons: FeedLesson[]) {
  const groups = new Map<string, FeedLesson[]>();
  for (const l of lessons) {
    const key = `${l.date}|${l.type}|${l.position}`;
    const list = groups.get(key);
    if (list) list.push(l);
    else groups.set(key, [l]);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, list }));
}

export function calendarName(content: Pick<FeedContent, 'kind' | 'ownerName' | 'school'>) {
  return content.kind === 'student' ? `Můj výcvik – ${content.school.name}` : `${content.school.name} – ${content.ownerName}`;
}

export function buildFeed(content: FeedContent): string {
  const location = schoolAddress(content.school);
  const calendar = ical({
    name: calendarName(content),
    prodId: { company: 'Volant', product: 'Volant', language: 'CS' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    // The zone's VTIMEZONE once; each timed event names it (DTSTART;TZID=Europe/Prague), with zoned dates, so the
    // wall-clock time is Prague's whatever the server's own zone.
    timezone: { name: null, generator: (tz) => (tzlib_get_ical_block(tz) as string[])[0] },
  });
  for (const r of content.rides) {
    const { summary, description } = rideText(r, content.kind);
    calendar.createEvent({
      id: `ride-${r.id}@volant`,
      start: zoned(r.startTime),
      end: zoned(r.endTime),
      timezone: SCHOOL_TIME_ZONE,
      stamp: content.now,
      created: r.createdAt,
      lastModified: r.updatedAt,
      sequence: sequenceOf(r.updatedAt),
      summary,
      description,
      location,
      status: CANCELLED.has(r.state) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      transparency: CANCELLED.has(r.state) ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  if (content.kind === 'student') {
    for (const l of content.lessons) {
      calendar.createEvent({
        id: `theory-${l.id}@volant`,
        start: l.date as string,
        allDay: true,
        stamp: content.now,
        created: l.createdAt,
        lastModified: l.updatedAt,
        sequence: sequenceOf(l.updatedAt),
        summary: lessonTitle(l),
        description: l.teacherLastName ? `Učitel: ${fullName(l.teacherFirstName, l.teacherLastName)}` : undefined,
        location,
        status: ICalEventStatus.CONFIRMED,
        transparency: ICalEventTransparency.TRANSPARENT,
      });
    }
  } else {
    for (const { key, list } of groupTeacherLessons(content.lessons)) {
      const [first] = list;
      const updatedAt = new Date(Math.max(...list.map((l) => l.updatedAt.getTime())));
      const names = list.map((l) => fullName(l.studentFirstName, l.studentLastName)).join(', ');
      calendar.createEvent({
        id: `theory-${content.ownerId}-${key.replaceAll('|', '-')}@volant`,
        start: first.date as string,
        allDay: true,
        stamp: content.now,
        lastModified: updatedAt,
        sequence: sequenceOf(updatedAt),
        summary: lessonTitle(first),
        description: `${list.length === 1 ? 'Žák' : 'Žáci'}: ${names}`,
        location,
        status: ICalEventStatus.CONFIRMED,
        transparency: ICalEventTransparency.TRANSPARENT,
      });
    }
  }
  return calendar.toString();
}
