// The student's fingerprints and corrections (issue 22 §1) on a 375 px phone: the fingerprint and the history of
// corrections of a corrected ride fit the screen without sideways scrolling.
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll, registerRide } from '../support/calendar.ts';
import { openStudentTab } from '../support/student-place.ts';
import { signInStudent } from '../support/student-portal.ts';
import { createStudentViaApi, freshSchool, uniqueSuffix } from '../support/students.ts';

test('the student reads a corrected ride’s fingerprint and history on the phone', async ({ api, page }) => {
  test.setTimeout(150_000);
  const school = await freshSchool(api);
  const email = `zak.${uniqueSuffix(8)}@example.cz`;
  const studentId = await createStudentViaApi(api, school, {
    firstName: 'Petr',
    lastName: `Otiskový${uniqueSuffix(4)}`,
    registrationNumber: `RO-${uniqueSuffix(6)}`,
  });
  const student = await api.query<{ studentInfo: Record<string, unknown> }>('student.student', { schoolId: school.schoolId, id: studentId }, school.token);
  await api.mutation('student.updateStudent', { schoolId: school.schoolId, studentId, studentInfo: { ...student.studentInfo, email } }, school.token);
  await api.mutation('studentAccess.invite', { schoolId: school.schoolId, studentId }, school.token);
  const start = new Date(Date.now() - 2 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const rideId = await registerRide(api, school, { studentId, start, length: 45, tachometer: [2000, 2031] });
  // The office corrects it after signing, with the reason (the call the edit form makes).
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><path d="M 10 10 L 50 50" stroke="black" fill="none"/></svg>';
  const res = await fetch(`${api.baseURL}/api/trpc/drivingLessonsRecord.updatePlanDrivingLessonsRecordV2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${school.token}` },
    body: JSON.stringify({
      json: {
        schoolId: school.schoolId,
        id: rideId,
        type: 'DRIVING',
        state: 'COMPLETED',
        studentId,
        userId: null,
        schoolCarId: null,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 45 * 60_000).toISOString(),
        length: 45,
        tachometerBefore: 2000,
        tachometerAfter: 2035,
        signature: svg,
        teacherSignature: svg,
        correctionReason: 'Opraven stav tachometru podle knihy jízd vozidla.',
      },
      meta: { values: { startTime: ['Date'], endTime: ['Date'] } },
    }),
  });
  expect(res.status).toBe(200);

  await signInStudent(page, { email });
  await openStudentTab(page, 'Jízdy');
  const chain = page.locator('.student-place__chain').first();
  await expect(chain.locator('code')).toHaveText(/^[0-9a-f]{12}$/);
  await expect(chain.getByRole('region', { name: 'Historie oprav' })).toContainText('Tachometr po: 2031 km → 2035 km');
  await chain.scrollIntoViewIfNeeded();
  const box = await chain.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/work/shots/record-chain/student-rides-375.png', fullPage: true });
});
