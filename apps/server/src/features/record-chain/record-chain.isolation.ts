import { school, type IsolationTable, type StudentIsolationTable } from '../../testing/isolation.ts';
import type { TestApp } from '../../testing/harness.ts';
import type { Victim } from '../../testing/isolation.ts';
import { aCorrectedRide } from './record-chain.testing.ts';

/** The victim school's signed ride corrected with a reason: its correction is on the victim's list only. */
async function aCorrection(app: TestApp, v: Victim) {
  const r = await aCorrectedRide(app, v);
  return { rideId: r.rideId, studentId: r.studentId };
}

export const recordChainIsolation: IsolationTable = {
  'recordChain.getCorrections': school(aCorrection, (c, schoolId) => c.recordChain.getCorrections({ schoolId, from: '2000-01-01', to: '2100-01-01' })),
  'studentRecordChain.getMyRecordChain': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
};

/** No input: whatever the mix, A's session answers A's own records only (record-chain.int.test.ts shows B's are not there). */
export const recordChainStudentIsolation: StudentIsolationTable = {
  'studentRecordChain.getMyRecordChain': (me) => me.as().studentRecordChain.getMyRecordChain(),
};
