// The week view on a busy day (issue 20 §4): FullCalendar stacks at most `maxStackFor(...)` concurrent items side by
// side in a day column and counts the rest in a '+n' link (Czech hint), so no item becomes a sliver. How many fit
// follows the column's width: an item needs ~ITEM_MIN_PX for the surname and the time on two lines, and the '+n' link
// takes a narrow lane of its own.
export const ITEM_MIN_PX = 96;
export const MORE_LINK_PX = 30;
/** The time axis of the time grid. */
export const AXIS_PX = 64;
export const MAX_STACK = 6;

/** How many concurrent items stand side by side in a day column of a board `boardWidth` px wide showing `days` days. */
export function maxStackFor(boardWidth: number, days: number): number {
  const column = (boardWidth - AXIS_PX) / Math.max(1, days);
  return Math.max(1, Math.min(MAX_STACK, Math.floor((column - MORE_LINK_PX) / ITEM_MIN_PX)));
}

/** The '+n' of the items that did not fit. */
export function moreLinkText(hidden: number): string {
  return `+${hidden}`;
}

/** The link's hint for screen readers: 'Další výcviky: 3'. */
export function moreLinkHint(hidden: number): string {
  return `Další výcviky: ${hidden}`;
}
