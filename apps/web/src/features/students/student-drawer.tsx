// Placeholder until the students feature lands (issue 3).
export function StudentDrawer() {
  return null;
}
