// Rides beyond the course (issue 21 §2): what a student's course includes is the driving of their lesson plan (the
// law's minimum for their groups, with the school's raises: 'Osnova'), in 45-minute units. Each completed ride past
// that is charged as the price list's 'Kondiční jízda (45 min)' — in WHOLE units of the minutes beyond the plan,
// rounded down, so a charge never claims more driving than the records show (3 × 60 min past a 28-hour plan is
// 180 min = 4 units, not 3 rides). Pure rules; the server applies them in the ride write's transaction
// (features/instalment/auto-charges.ts).

/** Minutes in one unit of driving (the law's lesson hour). */
export const RIDE_UNIT_MINUTES = 45;

/** Whole units driven beyond what the course includes. */
export const extraUnits = (completedMinutes: number, includedMinutes: number) =>
  Math.floor(Math.max(0, completedMinutes - includedMinutes) / RIDE_UNIT_MINUTES);

/**
 * The units a ride adds when it joins the student's other completed rides: the extra units with it minus those
 * without it. Summed over any order of registration, the charges equal `extraUnits` of the total.
 */
export const rideExtraUnits = (othersMinutes: number, rideMinutes: number, includedMinutes: number) =>
  extraUnits(othersMinutes + rideMinutes, includedMinutes) - extraUnits(othersMinutes, includedMinutes);

export interface ChargedRide {
  id: string;
  quantity: number;
}

export interface ChargeTrim {
  /** Charges to remove whole. */
  remove: string[];
  /** A charge to keep with fewer units. */
  reduce: ChargedRide | null;
}

/**
 * When rides are un-registered (deleted, cancelled, shortened, moved to another student), the automatic charges may
 * exceed the units now driven beyond the plan: take the surplus off the newest charges first (`charges` newest
 * first). Never adds: a charge the office waived (removed by hand) is not brought back.
 */
export function trimExtraRideCharges(charges: readonly ChargedRide[], allowedUnits: number): ChargeTrim {
  let surplus = charges.reduce((sum, c) => sum + c.quantity, 0) - Math.max(0, allowedUnits);
  const remove: string[] = [];
  let reduce: ChargedRide | null = null;
  for (const c of charges) {
    if (surplus <= 0) break;
    if (c.quantity <= surplus) {
      remove.push(c.id);
      surplus -= c.quantity;
    } else {
      reduce = { id: c.id, quantity: c.quantity - surplus };
      surplus = 0;
    }
  }
  return { remove, reduce };
}
