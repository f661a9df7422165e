// A print route on a phone (375 px): the A4 sheet keeps its width (a printed form is not reflowed) and scrolls inside
// its frame, while the toolbar with 'Tisknout' stays on screen; the page itself does not scroll sideways.
import { expectNoSidewaysScroll, student } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshSchool } from '../support/students.ts';

test('a print link on a phone: the form in its frame, Tisknout visible, no sideways scroll of the page', async ({ api, browser }) => {
  test.setTimeout(90_000);
  const school = await freshSchool(api);
  const s = await student(api, school);
  const { reportId } = await api.mutation<{ reportId: string }>(
    'student.setDateOfInProgress',
    { schoolId: school.schoolId, studentsIds: [s.id], date: '2026-03-16' },
    school.token,
  );
  const { path } = await api.mutation<{ path: string }>(
    'print.createPrintToken',
    { schoolId: school.schoolId, kind: 'REPORT', entityId: reportId },
    school.token,
  );
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Seznam žadatelů zařazených do výuky a výcviku' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Tisknout' })).toBeInViewport();
    await expect(page.locator('article.print-doc')).toContainText(s.lastName);
    await expectNoSidewaysScroll(page);
  } finally {
    await context.close();
  }
});
