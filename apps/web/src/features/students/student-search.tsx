// Placeholder until the students feature lands (issue 3).
export function StudentSearch(_props: { mobile?: boolean }) {
  return null;
}
