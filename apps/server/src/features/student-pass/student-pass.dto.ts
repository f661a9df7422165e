// What leaves the server of a pass: the school and the student as the pass prints them, the student's signature and
// the rides with their signature pictures. No internal notes, no car, no tachometer, no codes.
import type { PassRideRow, PassViewRow } from './student-pass.queries.ts';

const join = (parts: (string | null | undefined)[], sep = ' ') => parts.filter((p) => p?.trim()).join(sep);

function address(street: string | null, streetCode: string | null, city: string | null, postCode: string | null) {
  return join([join([street, streetCode]), join([postCode, city])], ', ') || null;
}

export function toPassRide(row: PassRideRow) {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    startTime: row.startTime,
    endTime: row.endTime,
    length: row.length,
    teacher: row.teacherLastName ? join([row.teacherDegree, row.teacherFirstName, row.teacherLastName]) : null,
    /** The student's signature of the ride (SVG text of the safe subset), or null. */
    signature: row.signature,
  };
}
export type PassRideDto = ReturnType<typeof toPassRide>;

/** The pass. A missing school field is null here; the page shows the spec's placeholder for it. */
export function toPassView(view: PassViewRow, rides: PassRideRow[]) {
  return {
    schoolId: view.schoolId,
    studentId: view.studentId,
    school: {
      name: view.schoolName || null,
      number: view.schoolNumber || null,
      address: address(view.schoolStreet, view.schoolStreetCode, view.schoolCity, view.schoolPostCode),
      operator: view.operatorName
        ? {
            name: view.operatorName,
            companyNumber: view.operatorCompanyNumber,
            address: address(view.operatorStreet, view.operatorStreetCode, view.operatorCity, view.operatorPostCode),
          }
        : null,
    },
    student: {
      firstName: view.firstName,
      lastName: view.lastName,
      degree: view.degree,
      registrationNumber: view.registrationNumber,
      groups: view.groups,
      currentGroups: view.currentGroups,
    },
    signature: view.signature && view.signedAt ? { svg: view.signature, signedAt: view.signedAt } : null,
    rides: rides.map(toPassRide),
  };
}
export type StudentPassDto = ReturnType<typeof toPassView>;
