import type { TestApp } from '../../testing/harness.ts';
import { type IsolationTable, operator, school, theSchool, type Victim } from '../../testing/isolation.ts';

/** An open request of the victim's school (setupSchool makes PREMIUM schools) for ENTERPRISE, with a note. */
async function aRequest(_app: TestApp, v: Victim) {
  const { id } = await v.caller.account.requestTierUpgrade({ schoolId: v.schoolId, tier: 'ENTERPRISE', note: `Pobočky ${v.schoolId.slice(0, 8)}` });
  return { requestId: id };
}

export const tierUpgradeIsolation: IsolationTable = {
  'account.getTierUpgradeRequest': school(aRequest, (c, schoolId) => c.account.getTierUpgradeRequest({ schoolId })),
  'account.requestTierUpgrade': school(theSchool, (c, schoolId) => c.account.requestTierUpgrade({ schoolId, tier: 'ENTERPRISE' })),
  'account.cancelTierUpgradeRequest': school(aRequest, (c, schoolId) => c.account.cancelTierUpgradeRequest({ schoolId })),
  'operator.getTierUpgradeRequests': operator(aRequest, (c) => c.operator.getTierUpgradeRequests()),
  'operator.resolveTierUpgradeRequest': operator(aRequest, (c, { requestId }) => c.operator.resolveTierUpgradeRequest({ requestId, approve: false })),
};
