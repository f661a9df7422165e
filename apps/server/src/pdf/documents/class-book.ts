// 3. Třídní kniha (REPORT_CLASS_BOOK, decree §10): one per course — the header (school, kind and scope of teaching,
// start date), the students (name and title, registration number, groups held, interpreter where one is used) and
// each teaching hour with its topic, teacher and attendance.
//
// There is no course entity: the course is the students on the same hlášenka as the subject student (they started
// together), or the student alone when on none. An hour is the course's lessons with the same day, section, lesson
// number, teacher and topic; a student without that lesson on that day is listed as absent from it.
import type { DbOrTx } from '@volant/db/client';
import { TEACHING_SECTIONS, type TeachingSection, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS } from '@volant/shared/enums';
import { formatDate, groupsText } from '@volant/shared/format';
import {
  addressLine,
  type ClassBookHourVm,
  type ClassBookStudentVm,
  type ClassBookVm,
  documentSubtitle,
  documentTitle,
  SECTION_NAMES,
  SECTION_SHORT,
  surnameFirst,
} from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import type { Content } from 'pdfmake/interfaces.js';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, orDash, page, schoolFields, signatureLines, table } from '../layout.ts';
import { countPlannedLessons, findLatestReportOf, listCourseStudents, listTaughtLessons } from './class-book.queries.ts';
import { getStudentVm, loadSchoolVm, toStudentVm } from './school-and-student.queries.ts';

const sectionOrder = (s: TeachingSection) => TEACHING_SECTIONS.indexOf(s);

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ClassBookVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const school = await loadSchoolVm(db, schoolId);
  const report = await findLatestReportOf(db, schoolId, student.id);
  const rows = await listCourseStudents(db, schoolId, report ? { reportId: report.id } : { studentId: student.id });
  const lessons = rows.length
    ? await listTaughtLessons(
        db,
        schoolId,
        rows.map((r) => r.id),
      )
    : [];
  const planned = await countPlannedLessons(db, schoolId, student.id);

  const attended = new Map<string, Partial<Record<TeachingSection, number>>>();
  const hours = new Map<string, ClassBookHourVm & { presentIds: Set<string> }>();
  for (const l of lessons) {
    if (!l.date) continue;
    const a = attended.get(l.studentId) ?? {};
    a[l.type] = (a[l.type] ?? 0) + 1;
    attended.set(l.studentId, a);
    const key = [l.date, l.type, l.position, l.teacherId ?? '', l.topic ?? ''].join('\u0001');
    let hour = hours.get(key);
    if (!hour) {
      hour = { date: l.date, section: l.type, topic: l.topic, teacher: l.teacher ?? '', present: [], absent: [], presentIds: new Set() };
      hours.set(key, hour);
    }
    hour.presentIds.add(l.studentId);
  }
  const ordered = [...hours.values()]
    .map(({ presentIds, ...h }) => ({
      ...h,
      present: rows.filter((r) => presentIds.has(r.id)).map((r) => r.registrationNumber),
      absent: rows.filter((r) => !presentIds.has(r.id)).map((r) => r.registrationNumber),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || sectionOrder(a.section) - sectionOrder(b.section));

  const students: ClassBookStudentVm[] = rows.map((r) => ({
    ...toStudentVm(r),
    interpreter:
      r.interpreterFirstName && r.interpreterLastName
        ? {
            name: surnameFirst({ firstName: r.interpreterFirstName, lastName: r.interpreterLastName, degree: r.interpreterDegree }),
            birthDate: r.interpreterBirthDate ?? '',
            address: addressLine({
              street: r.interpreterStreet,
              streetCode: r.interpreterStreetCode,
              city: r.interpreterCity,
              postCode: r.interpreterPostCode,
            }),
          }
        : null,
    attended: attended.get(r.id) ?? {},
  }));
  return {
    kind: 'REPORT_CLASS_BOOK',
    generatedOn: schoolToday(now),
    school,
    course: {
      reportDate: report?.date ?? null,
      startDate: report?.date ?? student.startedOn,
      trainingKind: student.trainingKind,
      trainingType: student.trainingType,
      groups: student.groups,
      scope: TEACHING_SECTIONS.map((section) => ({ section, lessons: planned.find((p) => p.type === section)?.n ?? 0 })).filter((s) => s.lessons > 0),
    },
    students,
    hours: ordered,
  };
}

const total = (a: Partial<Record<TeachingSection, number>>) => Object.values(a).reduce((s, n) => s + (n ?? 0), 0);

function render(vm: ClassBookVm): ReturnType<typeof page> {
  const c = vm.course;
  const planned = c.scope.reduce((s, x) => s + x.lessons, 0);
  const interpreted = vm.students.filter((s) => s.interpreter);
  const content: Content[] = [
    fieldGrid(
      [
        ...schoolFields(vm.school),
        { label: 'Druh výuky a výcviku', value: `${TRAINING_KIND_LABELS[c.trainingKind]} · ${TRAINING_TYPE_LABELS[c.trainingType]}` },
        { label: 'Skupina řidičského oprávnění', value: groupsText(c.groups) },
        { label: 'Zahájení výuky', value: formatDate(c.startDate) },
        {
          label: 'Rozsah výuky (vyučovacích hodin po 45 minutách)',
          value: c.scope.length ? `${c.scope.map((s) => `${SECTION_SHORT[s.section]} ${s.lessons}`).join(', ')} · celkem ${planned}` : null,
          span: 2,
        },
        { label: 'Počet žadatelů v kurzu', value: String(vm.students.length) },
      ],
      3,
    ),
    { text: 'Žadatelé', style: 'h2' },
    table(
      [
        { header: 'Č.', width: 18, align: 'right' },
        { header: 'Ev. č.', width: 90 },
        { header: 'Příjmení a jméno, titul', width: '*' },
        { header: 'Datum narození', width: 60 },
        { header: 'Držené skupiny', width: 60 },
        { header: 'Žádá o skupinu', width: 60 },
        ...c.scope.map((s) => ({ header: SECTION_SHORT[s.section], width: 30, align: 'right' as const })),
        { header: 'Celkem', width: 40, align: 'right' },
        { header: 'Tlumočník', width: 110 },
      ],
      vm.students.map((s, i) => [
        String(i + 1),
        s.registrationNumber,
        { text: surnameFirst(s), bold: true },
        formatDate(s.birthDate),
        orDash(groupsText(s.currentGroups)),
        groupsText(s.groups),
        ...c.scope.map((x) => `${s.attended[x.section] ?? 0}/${x.lessons}`),
        `${total(s.attended)}/${planned}`,
        s.interpreter?.name ?? '–',
      ]),
      { condensed: true },
    ),
  ];
  if (interpreted.length) {
    content.push(
      { text: 'Tlumočníci', style: 'h2' },
      table(
        [
          { header: 'Tlumočník (příjmení a jméno, titul)', width: '*' },
          { header: 'Datum narození', width: 70 },
          { header: 'Adresa', width: '*' },
          { header: 'Pro žadatele (ev. č.)', width: 160 },
        ],
        [...new Map(interpreted.map((s) => [`${s.interpreter?.name}|${s.interpreter?.birthDate}`, s.interpreter])).values()].map((it) => [
          { text: it?.name ?? '', bold: true },
          formatDate(it?.birthDate),
          it?.address ?? '',
          interpreted
            .filter((s) => s.interpreter?.name === it?.name && s.interpreter?.birthDate === it?.birthDate)
            .map((s) => s.registrationNumber)
            .join(', '),
        ]),
      ),
    );
  }
  content.push(
    { text: 'Průběh výuky', style: 'h2', pageBreak: vm.students.length > 12 ? 'before' : undefined },
    vm.hours.length === 0
      ? { text: 'Zatím nebyla zapsána žádná vyučovací hodina.', style: 'small' }
      : table(
          [
            { header: 'Č.', width: 18, align: 'right' },
            { header: 'Datum', width: 52 },
            { header: 'Předmět', width: 130 },
            { header: 'Téma', width: '*' },
            { header: 'Učitel', width: 100 },
            { header: 'Přítomno', width: 42, align: 'center' },
            { header: 'Nepřítomni (ev. č.)', width: 140 },
            { header: 'Podpis učitele', width: 60 },
          ],
          vm.hours.map((h, i) => [
            String(i + 1),
            formatDate(h.date),
            `${SECTION_SHORT[h.section]} – ${SECTION_NAMES[h.section]}`,
            h.topic ?? '',
            orDash(h.teacher),
            `${h.present.length}/${h.present.length + h.absent.length}`,
            h.absent.length ? h.absent.join(', ') : '–',
            '',
          ]),
          { condensed: true },
        ),
    signatureLines(['Razítko autoškoly a podpis provozovatele'], { place: vm.school.city, date: vm.generatedOn }),
  );
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    school: vm.school,
    generatedOn: vm.generatedOn,
    orientation: 'landscape',
    content,
  });
}

export const classBookDocument: PdfDocument<ClassBookVm> = { kind: 'REPORT_CLASS_BOOK', load, render };
