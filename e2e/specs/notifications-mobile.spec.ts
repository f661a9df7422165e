// The bell on a phone (375 × 812): a bottom sheet with the notifications, no sideways scroll.
import { expect, expectLive, test } from '../support/fixtures.ts';

test('the bell opens a bottom sheet with the notifications on a phone', async ({ api, openApp }) => {
  const admin = await api.userWithSchool();
  const page = await openApp(admin.token);
  await expectLive(page);
  const user = await api.confirmedUser('ucitel');
  await api.mutation('school.inviteMember', { schoolId: admin.schoolId, email: user.email, role: 'TEACHER' }, admin.token);
  const [invite] = await api.query<{ id: string }[]>('schoolInvite.getUnusedInvites', undefined, user.token);
  await api.mutation('schoolInvite.applyInviteInAccount', { id: invite.id }, user.token);
  const bell = page.getByRole('button', { name: /^Oznámení/ });
  await expect(bell).toHaveAttribute('aria-label', 'Oznámení (1 nepřečtených)', { timeout: 15_000 });
  await bell.click();
  const sheet = page.locator('.ant-drawer-bottom').getByRole('dialog');
  await expect(sheet.getByRole('listitem', { name: 'Přijatá pozvánka' })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box && box.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
  await sheet.getByRole('button', { name: 'Označit vše jako přečtené' }).click();
  await expect(bell).toHaveAttribute('aria-label', 'Oznámení', { timeout: 10_000 });
});
