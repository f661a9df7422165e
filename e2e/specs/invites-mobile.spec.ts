// The invite list of 'Učitelé a tým' on a phone (375 × 812): every invite readable, its actions reachable.
import { expect, test } from '../support/fixtures.ts';

test('a pending invite on a phone shows its expiry and a reachable "Poslat znovu"', async ({ api, openApp }) => {
  const user = await api.userWithSchool();
  const email = `pozvany.ucitel.${Date.now().toString(36)}@autoskola-priklad.cz`;
  await api.mutation('school.inviteMember', { schoolId: user.schoolId, email, role: 'TEACHER' }, user.token);

  const page = await openApp(user.token, '/app/teachers');
  const invites = page.locator('.ant-card').filter({ hasText: 'Čekající pozvánky' });
  await expect(invites.getByText(email)).toBeVisible();
  await expect(invites.getByText(/platí do \d{1,2}\.\d{1,2}\.\d{4}/)).toBeVisible();

  const resend = invites.getByRole('button', { name: 'Poslat znovu' });
  await resend.scrollIntoViewIfNeeded();
  const box = await resend.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  // Nothing is pushed past the screen's edge.
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);

  await resend.click();
  await expect(page.getByText(`Pozvánka byla znovu odeslána na ${email}`)).toBeVisible();
});
