// The Evidence tab's applicant pass: open it in a drawer, share it (issue 10, helper H7 builds it).
export function StudentPassActions(_props: { studentId: string }) {
  return null;
}
