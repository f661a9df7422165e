// Texts of the trainings list: who has signed, and whether a car's tachometer follows on from its previous ride.

/** 'Podepsáno', or what is missing; a reservation has nothing to sign. */
export function signaturesText(r: { type: string; signed: boolean; teacherSigned: boolean }): string {
  if (r.type === 'CAR_RESERVATION') return '—';
  if (r.signed && r.teacherSigned) return 'Podepsáno';
  if (!r.signed && !r.teacherSigned) return 'Nepodepsáno';
  return r.signed ? 'Chybí podpis učitele' : 'Chybí podpis žáka';
}

/**
 * The ride's tachometer before minus the car's previous ride's tachometer after: kilometres nobody recorded ('Mezera')
 * or counted twice ('Překryv'); nothing when it follows on or cannot be told.
 */
export function odometerText(gap: number | null | undefined): string | null {
  if (gap === null || gap === undefined || gap === 0) return null;
  return gap > 0 ? `Mezera ${gap} km` : `Překryv ${-gap} km`;
}
