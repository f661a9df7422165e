// Whether text is legible: an element is clipped when an ancestor that hides overflow (not a scroller, whose content
// is reached by scrolling) cuts its box.
import type { Page } from '@playwright/test';

export interface LegibleReport {
  texts: string[];
  clipped: string[];
}

/** The texts of `selector` (within the element matching `within`, optionally only those whose centre is in its x range). */
export function legibility(page: Page, selector: string, o: { xRangeOf?: string } = {}): Promise<LegibleReport> {
  return page.evaluate(
    ({ selector, xRangeOf }) => {
      const range = xRangeOf ? Array.from(document.querySelectorAll(xRangeOf)).at(-1)?.getBoundingClientRect() : undefined;
      const texts: string[] = [];
      const clipped: string[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const r = el.getBoundingClientRect();
        if ((range && (r.left + r.right) / 2 < range.left) || (range && (r.left + r.right) / 2 > range.right)) continue;
        const text = (el.textContent ?? '').trim();
        texts.push(text);
        if (r.width === 0 || r.height === 0) {
          clipped.push(`${text} (empty box)`);
          continue;
        }
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const cs = getComputedStyle(a);
          if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
          const scroller = a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1;
          if (scroller && (cs.overflowX === 'auto' || cs.overflowX === 'scroll' || cs.overflowY === 'auto' || cs.overflowY === 'scroll')) break;
          const b = a.getBoundingClientRect();
          if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
            clipped.push(`${text} (cut by ${a.className})`);
            break;
          }
        }
      }
      return { texts, clipped };
    },
    { selector, xRangeOf: o.xRangeOf },
  );
}

/** The sum of the '+n' links (FullCalendar's 'more' links, rendered by us with data-testid=more-link) in an x range. */
export function moreCount(page: Page, xRangeOf: string): Promise<number> {
  return page.evaluate((xRangeOf) => {
    const range = Array.from(document.querySelectorAll(xRangeOf)).at(-1)?.getBoundingClientRect();
    let n = 0;
    for (const el of Array.from(document.querySelectorAll('[data-testid="more-link"]'))) {
      const r = el.getBoundingClientRect();
      const x = (r.left + r.right) / 2;
      if (range && (x < range.left || x > range.right)) continue;
      n += Number((el.textContent ?? '').replace('+', '')) || 0;
    }
    return n;
  }, xRangeOf);
}
