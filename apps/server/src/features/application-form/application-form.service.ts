// The public application form (issue 11). The school keeps forms (name, colours, the sites allowed to embed them,
// courses); an applicant sends one from the hosted page /apply/:id (in an iframe on the school's site) or from the
// school's own site; the application becomes a student in WAITING_FOR_ADMISSION with no registration number, which
// counts against no limit until the office admits it (→ NOT_STARTED, a number, the course's price) or rejects it.
import { createHmac, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@volant/db/client';
import type { admitApplicationInput, rejectApplicationInput, saveApplicationFormInput, submitApplicationInput } from '@volant/shared/application-form/inputs';
import type { ApplicationStatus } from '@volant/shared/enums';
import { asHalere } from '@volant/shared/money';
import { schoolToday } from '@volant/shared/school-time';
import { studentSearchText } from '@volant/shared/search';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual } from '../../lib/crypto.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { applicationReceivedMail, applicationRejectedMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { openPublicForm } from '../../gate/public-form.ts';
import { getAccount } from '../account/account.queries.ts';
import { upsertStudentPrice } from '../payment-item/payment-item.queries.ts';
import {
  insertStudent,
  insertStudentLogs,
  isRegistrationNumberTaken,
  lockSchool,
  lockStudents,
  softDeleteStudent,
  updateStudentRow,
} from '../student/student.queries.ts';
import {
  countPending,
  decideApplication,
  deleteApplicantStudent,
  deleteForm,
  findCourse,
  findSchoolContact,
  insertApplication,
  insertForm,
  listApplications,
  listCourses,
  listForms,
  lockApplication,
  replaceCourses,
  updateForm,
  useFillToken,
} from './application-form.queries.ts';

/** A form sent sooner than this after the page was opened is a bot's. */
export const MIN_FILL_MS = 3_000;
/** A page left open longer than this must be reloaded (the token is stale). */
export const MAX_FILL_MS = 24 * 3_600_000;

const formNotFound = () => new AppError('APPLICATION_FORM_NOT_FOUND');
const applicationNotFound = () => new AppError('APPLICATION_NOT_FOUND');

// ——— the school's forms ———

export const getApplicationForms = (deps: AppDeps, schoolId: SchoolId) => listForms(deps.db, schoolId);

export async function saveApplicationForm(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof saveApplicationFormInput>) {
  const values = { name: input.name, colorPrimary: input.colorPrimary, colorError: input.colorError, origins: input.origins };
  return inTransaction(deps, async (tx, after) => {
    let id = input.id;
    if (id) {
      if (!(await updateForm(tx, schoolId, id, { ...values, updatedAt: deps.now() }))) throw formNotFound();
    } else {
      id = await insertForm(tx, schoolId, values);
    }
    await replaceCourses(tx, schoolId, id, input.courses);
    await recordEvent(deps, tx, after, {
      name: input.id ? 'applicationForm.update' : 'applicationForm.create',
      schoolId,
      userId,
      entityType: 'applicationForm',
      entityId: id,
      data: input,
    });
    return { id };
  });
}

export async function removeApplicationForm(deps: AppDeps, schoolId: SchoolId, userId: string, id: string) {
  return inTransaction(deps, async (tx, after) => {
    if (!(await deleteForm(tx, schoolId, id))) throw formNotFound();
    await recordEvent(deps, tx, after, { name: 'applicationForm.remove', schoolId, userId, entityType: 'applicationForm', entityId: id });
    return { ok: true as const };
  });
}

// ——— the public page ———

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * When the page was opened and a random id, signed with the form's secret: `<ms>.<id>.<mac>`. The id makes each
 * opened page's token its own (two pages opened in the same millisecond too): a token sends one application.
 */
export function fillToken(form: { id: string; secret: string }, now: Date) {
  const issued = String(now.getTime());
  const tokenId = randomBytes(16).toString('base64url');
  return `${issued}.${tokenId}.${sign(form.secret, `${form.id}.${issued}.${tokenId}`)}`;
}

type FillTokenCheck = { kind: 'ok'; tokenId: string; expiresAt: Date } | { kind: 'invalid' } | { kind: 'too-fast' };

/** Whether the token was made for this form and the form has been open long enough (and not for too long). */
export function checkFillToken(form: { id: string; secret: string }, token: string, now: Date): FillTokenCheck {
  const [issued, tokenId, mac, ...rest] = token.split('.');
  if (rest.length || !issued || !tokenId || !mac || !/^\d{1,15}$/.test(issued) || !/^[\w-]{22}$/.test(tokenId)) return { kind: 'invalid' };
  if (!constantTimeEqual(mac, sign(form.secret, `${form.id}.${issued}.${tokenId}`))) return { kind: 'invalid' };
  const age = now.getTime() - Number(issued);
  if (age < MIN_FILL_MS) return { kind: 'too-fast' };
  return age > MAX_FILL_MS ? { kind: 'invalid' } : { kind: 'ok', tokenId, expiresAt: new Date(Number(issued) + MAX_FILL_MS) };
}

/** The app's own origin (the hosted page posts from it), and the request's host as it reached us. */
export function isAllowedOrigin(origin: string | null | undefined, allowed: readonly string[], ownOrigins: readonly string[]): boolean {
  if (!origin) return true; // not a browser's cross-site request (curl, the server's own tests): CSRF needs a browser
  return ownOrigins.includes(origin) || allowed.includes(origin);
}

async function loadPublicForm(deps: AppDeps, formId: string, origin: string | null | undefined, ownOrigins: readonly string[]) {
  const found = await openPublicForm(deps.db, formId);
  // A blocked school takes no applications; it reads as a form that does not exist.
  if (!found) throw formNotFound();
  if (!isAllowedOrigin(origin, found.form.origins, ownOrigins)) throw new AppError('APPLICATION_ORIGIN_REFUSED');
  return found;
}

export async function getPublicForm(deps: AppDeps, formId: string, origin: string | null | undefined, ownOrigins: readonly string[]) {
  const found = await loadPublicForm(deps, formId, origin, ownOrigins);
  const { form } = found;
  const courses = await listCourses(deps.db, form.schoolId, [form.id]);
  const operator = found.operatorName
    ? `${found.operatorName}${found.operatorCompanyNumber ? `, IČO ${found.operatorCompanyNumber}` : ''}`
    : `${found.schoolName}, ${found.street} ${found.streetCode}, ${found.postCode} ${found.city}`;
  return {
    id: form.id,
    name: form.name,
    colorPrimary: form.colorPrimary,
    colorError: form.colorError,
    schoolName: found.schoolName,
    schoolContact: {
      email: found.contactEmail,
      phone: found.contactPhone,
      web: found.contactWeb,
      street: found.street,
      streetCode: found.streetCode,
      city: found.city,
      postCode: found.postCode,
    },
    operatorName: operator,
    courses: courses.map(({ formId: _, ...c }) => c),
    fillToken: fillToken(form, deps.now()),
  };
}

export async function submitApplication(
  deps: AppDeps,
  input: z.output<ReturnType<typeof submitApplicationInput>>,
  request: { ip: string; origin: string | null | undefined; ownOrigins: readonly string[] },
) {
  // Applications per client address: a tight window on top of the public limit (a person sends one or two).
  if (!deps.limits.login.hit(`apply|${request.ip}`)) throw new AppError('RATE_LIMITED');
  const found = await loadPublicForm(deps, input.formId, request.origin, request.ownOrigins);
  // The bot trap: a field no person sees. The bot is told it worked and nothing is stored.
  if (input.website?.trim()) return { ok: true as const };
  const token = checkFillToken(found.form, input.fillToken, deps.now());
  if (token.kind === 'too-fast') throw new AppError('APPLICATION_TOO_FAST');
  if (token.kind === 'invalid') throw formNotFound();
  const { schoolId } = found;
  const now = deps.now();
  const { studentInfo: info, studentAddress: address } = input;
  return inTransaction(deps, async (tx, after) => {
    // One opened page sends one application: a second send of its token (a double click, a replay) is refused.
    if (!(await useFillToken(tx, schoolId, token.tokenId, token.expiresAt, now))) throw new AppError('APPLICATION_ALREADY_SENT');
    const course = await findCourse(tx, schoolId, found.form.id, input.courseId);
    if (!course) throw new AppError('APPLICATION_COURSE_NOT_FOUND');
    const student = await insertStudent(tx, schoolId, {
      ...info,
      ...address,
      registrationNumber: null,
      state: 'WAITING_FOR_ADMISSION',
      admittedAt: null,
      groups: [],
      currentGroups: [],
      drivingLicenceNumber: '',
      note: input.note,
      searchText: studentSearchText({ ...info, registrationNumber: null }),
    });
    await insertStudentLogs(tx, schoolId, [
      { studentId: student.id, state: 'WAITING_FOR_ADMISSION', previousState: null, date: schoolToday(now), userId: null },
    ]);
    const applicationId = await insertApplication(tx, {
      schoolId,
      studentId: student.id,
      formId: found.form.id,
      courseId: course.id,
      courseName: course.name,
      coursePrice: course.price,
      firstName: info.firstName,
      lastName: info.lastName,
      email: info.email,
      origin: request.origin ?? null,
      consentAt: now,
    });
    // The school is the public form's (gate/public-form.ts proves it from the form).
    await recordEvent(deps, tx, after, {
      name: 'applicationForm.submit',
      schoolId,
      userId: null,
      entityType: 'application',
      entityId: applicationId,
      data: { formId: found.form.id, courseId: course.id },
    });
    // The applicant's own mail: not the staff's bell of the processors.
    if (info.email) {
      await after.mail(
        'APPLICATION',
        applicationReceivedMail(info.email, {
          schoolName: found.schoolName,
          courseName: course.name,
          firstName: info.firstName,
          url: found.contactWeb || deps.config.publicUrl,
        }),
      );
    }
    return { ok: true as const };
  });
}

// ——— the office's decisions ———

export const getApplications = (deps: AppDeps, schoolId: SchoolId, status?: ApplicationStatus) => listApplications(deps.db, schoolId, status);
export const getPendingApplicationCount = async (deps: AppDeps, schoolId: SchoolId) => ({ count: await countPending(deps.db, schoolId) });

async function lockPending(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const application = await lockApplication(tx, schoolId, id);
  if (!application) throw applicationNotFound();
  if (application.status !== 'PENDING' || !application.studentId) throw new AppError('APPLICATION_DECIDED');
  return { ...application, studentId: application.studentId };
}

export async function admitApplication(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof admitApplicationInput>) {
  const now = deps.now();
  const study = input.studentStudyInfo;
  try {
    return await inTransaction(deps, async (tx, after) => {
      // Admissions and new students of one school queue here: the month's count below cannot be passed by two at once.
      await lockSchool(tx, schoolId);
      const application = await lockPending(tx, schoolId, input.applicationId);
      const account = await getAccount(tx, schoolId, now);
      const max = account.maxStudentsInSchoolPerMonth;
      if (max !== null && account.currentUsageStudentsInSchoolPerMonth >= max) throw new AppError('TIER_LIMIT');
      if (await isRegistrationNumberTaken(tx, schoolId, input.registrationNumber)) throw new AppError('DUPLICATE_REGISTRATION_NUMBER');
      const [student] = await lockStudents(tx, schoolId, [application.studentId]);
      if (!student) throw applicationNotFound();
      await updateStudentRow(tx, schoolId, student.id, {
        registrationNumber: input.registrationNumber,
        state: 'NOT_STARTED',
        admittedAt: now,
        groups: [...study.group],
        currentGroups: [...study.currentGroups],
        trainingKind: study.trainingKind,
        trainingType: study.trainingType,
        drivingLicenceNumber: study.carIdNumber,
        note: study.note ?? student.note,
        searchText: studentSearchText({ ...student, registrationNumber: input.registrationNumber }),
        updatedAt: now,
      });
      await insertStudentLogs(tx, schoolId, [
        { studentId: student.id, state: 'NOT_STARTED', previousState: 'WAITING_FOR_ADMISSION', date: schoolToday(now), userId },
      ]);
      // The course's price from the form (haléře, as every amount) is the student's own price.
      await upsertStudentPrice(tx, schoolId, student.id, { price: application.coursePrice, discount: asHalere(0), discountReason: null }, now);
      await decideApplication(tx, schoolId, application.id, { status: 'ADMITTED', decidedAt: now, decidedBy: userId });
      await recordEvent(deps, tx, after, {
        name: 'applicationForm.admit',
        schoolId,
        userId,
        entityType: 'application',
        entityId: application.id,
        data: { studentId: student.id, registrationNumber: input.registrationNumber },
      });
      return { studentId: student.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'students_school_registration_key')) throw new AppError('DUPLICATE_REGISTRATION_NUMBER');
    throw err;
  }
}

export async function rejectApplication(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof rejectApplicationInput>) {
  const now = deps.now();
  return inTransaction(deps, async (tx, after) => {
    const application = await lockPending(tx, schoolId, input.applicationId);
    const studentId = application.studentId;
    // The applicant never became a student: their record goes (GDPR). If something already refers to it, it is
    // removed from the app instead, as a removed student is.
    let deleted = false;
    try {
      deleted = await tx.transaction((sp) => deleteApplicantStudent(sp, schoolId, studentId));
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
    }
    if (!deleted) await softDeleteStudent(tx, schoolId, studentId, now);
    await decideApplication(tx, schoolId, application.id, {
      status: 'REJECTED',
      decidedAt: now,
      decidedBy: userId,
      rejectReason: input.reason,
      studentId: deleted ? null : studentId,
    });
    // The student id: the application forgets a deleted applicant, the event still refreshes their card.
    await recordEvent(deps, tx, after, {
      name: 'applicationForm.reject',
      schoolId,
      userId,
      entityType: 'application',
      entityId: application.id,
      data: { reason: input.reason, studentId },
    });
    if (input.notifyApplicant && application.email) {
      const school = await findSchoolContact(tx, schoolId);
      await after.mail(
        'APPLICATION',
        applicationRejectedMail(application.email, {
          schoolName: school?.name ?? '',
          courseName: application.courseName,
          firstName: application.firstName,
          reason: input.reason,
          url: school?.web || deps.config.publicUrl,
        }),
      );
    }
    return { ok: true as const };
  });
}
