// The school's students who owe (issue 9 'Balance and overdue'): built by the money work; the Platby page shows it.
export function OwingList() {
  return null;
}
