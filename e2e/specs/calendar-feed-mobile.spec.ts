// 'Odkaz pro kalendář' on a phone (375 px): the link, 'Kopírovat' and the hint fit without sideways scrolling.
import { expectNoSidewaysScroll } from '../support/calendar.ts';
import { expect, expectLive, test } from '../support/fixtures.ts';

test('on a phone: the calendar link card fits the screen', async ({ api, openApp, request }) => {
  const user = await api.userWithSchool();
  const page = await openApp(user.token, '/app/user-settings');
  await expectLive(page);
  const card = page.locator('.ant-card').filter({ hasText: 'Odkaz pro kalendář' });
  await card.getByRole('button', { name: 'Vygenerovat nový odkaz' }).click();
  const link = card.getByLabel('Odkaz pro kalendář');
  await expect(link).toHaveValue(/\/ics\/.+\.ics$/);
  await expect(card.getByRole('button', { name: 'Kopírovat' })).toBeInViewport();
  await expect(card.getByText('Google Kalendář')).toBeVisible();
  expect((await request.get(new URL(await link.inputValue()).pathname)).status()).toBe(200);
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
});
