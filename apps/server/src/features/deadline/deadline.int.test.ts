// 'Upozornění na lhůty' (issue 22 §3): the school's lead times — 14 and 3 days until set, then sorted without repeats;
// out-of-range values refused with the Czech messages.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('deadline settings', () => {
  it('defaults to 14 and 3, stores sorted lead times without repeats, refuses out-of-range ones', async () => {
    const { caller, schoolId } = await setupSchool(app);
    expect(await caller.deadline.getSettings({ schoolId })).toEqual({ leadDays: [14, 3], isDefault: true });
    expect(await caller.deadline.setSettings({ schoolId, leadDays: [3, 30, 3] })).toEqual({ leadDays: [30, 3], isDefault: false });
    expect(await inputIssues(caller.deadline.setSettings({ schoolId, leadDays: [0] }))).toEqual(['leadDays.0: Počet dní musí být celé číslo 1 až 90']);
    expect(await inputIssues(caller.deadline.setSettings({ schoolId, leadDays: [] }))).toEqual(['leadDays: Zadejte 1 až 3 počty dní']);
    expect(await inputIssues(caller.deadline.setSettings({ schoolId, leadDays: [1, 2, 3, 4] }))).toEqual(['leadDays: Zadejte 1 až 3 počty dní']);
    expect((await caller.deadline.getSettings({ schoolId })).leadDays).toEqual([30, 3]);
  });
});
