// Search text without diacritics and case: 'Novák' and 'novak' meet. Used by the server on every student write
// and on every query, so both sides are normalised the same way.
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function studentSearchText(s: { firstName: string; lastName: string; registrationNumber: string | null }): string {
  return normalizeSearch(`${s.firstName} ${s.lastName} ${s.registrationNumber ?? ''}`.trim());
}
