import { entity, type IsolationTable, type StudentIsolationTable, type StudentValues, type Victim } from '../../testing/isolation.ts';
import type { TestApp } from '../../testing/harness.ts';
import { aStudentActor, type StudentActor } from '../student-portal/student-portal.testing.ts';

/** A student of the victim school who disputed their past ride (open). */
async function aDispute(app: TestApp, v: Victim) {
  const me = await aStudentActor(app, v);
  const { id } = await me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: me.rideId, reason: 'Jízda trvala jen 60 minut.' });
  return { studentId: me.studentId, disputeId: id };
}

export const recordDisputeIsolation: IsolationTable = {
  'recordDispute.getStudentDisputes': entity(aDispute, (c, schoolId, { studentId }) => c.recordDispute.getStudentDisputes({ schoolId, studentId })),
  'recordDispute.resolveDispute': entity(aDispute, (c, schoolId, { disputeId }) =>
    c.recordDispute.resolveDispute({ schoolId, disputeId, note: 'Jízda se prodlouží o 30 minut.' }),
  ),
  'studentDispute.disputeRecord': { kind: 'student', why: 'the student’s own session; the student half tries it student against student' },
  'studentDispute.getMyDisputes': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
};

/**
 * The procedures take a record id, never a student or school id. Two of the runner's mixes name A's own ride under B's
 * id or under another school: for these procedures that is A's own call, which the runner may not see write, so the
 * row reads A's list instead. Every other mix names B's or the other school's ride with A's session.
 */
const ownRideUnderOtherIds = (me: StudentActor, key: StudentValues) =>
  key.rideId === me.rideId && (key.studentId !== me.studentId || key.schoolId !== me.schoolId);

export const recordDisputeStudentIsolation: StudentIsolationTable = {
  // A's session naming B's ride (or another school's student's): refused, nothing written.
  'studentDispute.disputeRecord': (me, key) =>
    ownRideUnderOtherIds(me, key)
      ? me.as().studentDispute.getMyDisputes()
      : me.as().studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: key.rideId, reason: 'Nesouhlasím.' }),
  // The list after the same attempt: A's own list only (A's own call shows A's disputed ride).
  'studentDispute.getMyDisputes': async (me, key) => {
    if (!ownRideUnderOtherIds(me, key))
      await me
        .as()
        .studentDispute.disputeRecord({ recordKind: 'RIDE', recordId: key.rideId, reason: 'Nesouhlasím.' })
        .catch(() => undefined);
    return me.as().studentDispute.getMyDisputes();
  },
};
