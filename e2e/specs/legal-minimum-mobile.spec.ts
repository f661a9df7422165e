// Issue 17 at 375 px: the 'Ukončit výcvik' dialog with the missing list and the early-end choice fits the phone.
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { expect, test } from '../support/fixtures.ts';
import { startedStudent } from '../support/teaching.ts';

test('the “Ukončit výcvik” dialog lists what is missing and offers the early end, within 375 px', async ({ api, openApp }) => {
  test.setTimeout(120_000);
  const { school, studentId } = await startedStudent(api);
  const page = await openApp(school.token, `/app/student/${studentId}`);
  await page.getByRole('button', { name: 'Ukončit výcvik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ukončit výcvik' });
  await expect(dialog.getByRole('list', { name: 'Co chybí' })).toContainText('Jízdy: chybí 28 z 28 hodin', { timeout: 45_000 });
  const early = dialog.getByRole('button', { name: 'Ukončit předčasně' });
  await early.scrollIntoViewIfNeeded();
  for (const target of [early, dialog.getByRole('radio', { name: 'Přestup do jiné autoškoly' }), dialog.getByRole('list', { name: 'Co chybí' })]) {
    const box = await target.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/legal-minimum-dialog-375.png' });
  await early.click();
  await expect(page.getByText('předčasně (Přestup do jiné autoškoly)')).toBeVisible({ timeout: 30_000 });
});
