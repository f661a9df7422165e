import { type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** The victim's own lead times (77, 41 and 29 days: no default holds them). */
async function aLeadSetting(_app: unknown, v: Victim) {
  await v.caller.deadline.setSettings({ schoolId: v.schoolId, leadDays: [77, 41, 29] });
  return { leadDays: '77,41,29' };
}

const showsLeads = (result: unknown, ids: { leadDays: string }) => ((result as { leadDays?: number[] } | null)?.leadDays ?? []).join(',') === ids.leadDays;

export const deadlineIsolation: IsolationTable = {
  'deadline.getSettings': school(aLeadSetting, (c, schoolId) => c.deadline.getSettings({ schoolId }), showsLeads),
  'deadline.setSettings': school(theSchool, (c, schoolId) => c.deadline.setSettings({ schoolId, leadDays: [9] })),
};
