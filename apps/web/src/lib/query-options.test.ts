// A rule for every query of the web app: keeping the previous answer while the next one loads is done with TanStack's
// own `keepPreviousData`, never an inline `(prev) => prev`. A new function on each render makes the observer compute
// a new placeholder (and run `select` on it) on each render; with a `select` that builds new objects (the calendar's
// items) every commit then changed the result again, until React gave up with error #185 while a filtered week loaded.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('queries keep the previous answer with a stable placeholder', () => {
  it('no placeholderData is a function written inline', () => {
    const inline = sources(src).filter((file) => /placeholderData:\s*(\(|function|async)/.test(readFileSync(file, 'utf8')));
    expect(inline.map((file) => file.slice(src.length))).toEqual([]);
  });

  it('the calendar, which selects its items, keeps them with keepPreviousData', () => {
    const calendar = readFileSync(join(src, 'features/driving-lessons-record/calendar/use-calendar-data.ts'), 'utf8');
    expect(calendar).toMatch(/placeholderData: keepPreviousData/);
  });
});
