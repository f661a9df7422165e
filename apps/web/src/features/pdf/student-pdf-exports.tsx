// The Evidence tab's PDF exports (issue 10, helper H5 builds it).
export function StudentPdfExports(_props: { studentId: string }) {
  return null;
}
