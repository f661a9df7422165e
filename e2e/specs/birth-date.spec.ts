// A birth date after tomorrow on a laptop (issue 7 §7, met at 1440 × 900): the journeys are in support/birth-date.ts.
import { test } from '../support/fixtures.ts';
import { birthDateJourneys } from '../support/birth-date.ts';

test.use({ viewport: { width: 1440, height: 900 } });

birthDateJourneys((name) => ({ path: `/tmp/birth-date-desktop-${name}.png` }));
