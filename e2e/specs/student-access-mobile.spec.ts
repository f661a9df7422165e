// 'Můj výcvik' (issue 19 §1) on a phone (375 px): a student the office invited signs in by the e-mailed link — in a
// browser that also holds a staff session, which must not send /zak anywhere — and sees the place with its bottom
// tabs, without sideways scrolling; 'Odhlásit se' ends the session and the staff session stays.
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { PORTAL, signInStudent, studentWithEmail } from '../support/student-portal.ts';
import { freshSchool } from '../support/students.ts';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a student signs in on a phone beside a staff session, sees the place, and logs out', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const school = await freshSchool(api);
  const student = await studentWithEmail(api, school);
  const page = await openApp(school.token, '/zak');
  await expect(page.getByRole('heading', { name: 'Můj výcvik' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await signInStudent(page, { email: student.email });
  await expect(page.getByRole('banner')).toContainText(`${student.firstName} ${student.lastName}`);
  const tabs = page.getByRole('navigation', { name: 'Můj výcvik' });
  await expect(tabs.getByRole('link', { name: 'Přehled' })).toBeVisible();
  // The tabs are a bar at the bottom of the screen.
  const bar = await tabs.boundingBox();
  expect(bar && bar.y + bar.height).toBeGreaterThan(760);
  await expect(page.getByRole('main')).toContainText(student.registrationNumber);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/work/shots/access/zak-overview-375.png' });

  await page.getByRole('button', { name: PORTAL.logout }).click();
  await expect(page.getByRole('button', { name: PORTAL.send })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('volant.studentToken'))).toBeNull();
  await page.screenshot({ path: '/work/shots/access/zak-sign-in-375.png' });
  // The staff session is untouched.
  expect(await page.evaluate(() => localStorage.getItem('volant.token'))).toBe(school.token);
});
