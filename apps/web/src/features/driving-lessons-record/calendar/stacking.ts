// The week view on a busy day (issue 20 §4): FullCalendar stacks at most WEEK_MAX_STACK concurrent items side by side
// in a day column and counts the rest in a '+n' link (Czech hint), so no item becomes a sliver. At 1440 px a week's
// day column is ~150 px: two items of ~72 px each still show the surname and the time.
export const WEEK_MAX_STACK = 2;

/** The '+n' of the items that did not fit. */
export function moreLinkText(hidden: number): string {
  return `+${hidden}`;
}

/** The link's hint for screen readers: 'Další výcviky: 3'. */
export function moreLinkHint(hidden: number): string {
  return `Další výcviky: ${hidden}`;
}
