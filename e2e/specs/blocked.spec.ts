// A school blocked by the operator: its member's open app moves to the group-blocked page live.
import { OPERATOR, expect, expectShell, test } from '../support/fixtures.ts';

test("(h) the operator blocks a school and the member's open app goes to the group-blocked page", async ({ api, openApp }) => {
  const member = await api.userWithSchool();
  const page = await openApp(member.token);
  await expectShell(page, member.email);

  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  await api.mutation('operator.setSchoolBlocked', { targetSchoolId: member.schoolId, isBlocked: true }, operator);

  await expect(page).toHaveURL(/\/app\/group-blocked/, { timeout: 15_000 });
  // Only the group-blocked and more pages are open to a blocked school.
  await page.goto('/app/calendar');
  await expect(page).toHaveURL(/\/app\/group-blocked/);
});
