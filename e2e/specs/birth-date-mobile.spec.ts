// A birth date after tomorrow on a phone (issue 7 §7, met at 375 × 812): the journeys are in support/birth-date.ts.
import { test } from '../support/fixtures.ts';
import { birthDateJourneys } from '../support/birth-date.ts';

test.use({ viewport: { width: 375, height: 812 } });

birthDateJourneys((name) => ({ path: `/tmp/birth-date-mobile-${name}.png` }));
