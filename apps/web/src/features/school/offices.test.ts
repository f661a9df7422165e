import { describe, expect, it } from 'vitest';
import { filterOffices, isPragueOffice, OFFICES } from './offices.ts';

describe('offices', () => {
  it('includes Prague and the regional cities', () => {
    expect(OFFICES).toContain('Magistrát hlavního města Prahy');
    expect(OFFICES).toContain('Magistrát města Brna');
    expect(OFFICES.length).toBeGreaterThan(60);
    expect(new Set(OFFICES).size).toBe(OFFICES.length);
  });

  it('recognises Prague offices only', () => {
    expect(isPragueOffice('Magistrát hlavního města Prahy')).toBe(true);
    expect(isPragueOffice('Úřad městské části Praha 4')).toBe(true);
    expect(isPragueOffice('magistrat hl. m. prahy')).toBe(true);
    expect(isPragueOffice('Magistrát města Brna')).toBe(false);
    expect(isPragueOffice('Městský úřad Brandýs nad Labem-Stará Boleslav')).toBe(false);
    expect(isPragueOffice('')).toBe(false);
    expect(isPragueOffice(null)).toBe(false);
  });

  it('filters without diacritics', () => {
    expect(filterOffices('zdar')).toEqual(['Městský úřad Žďár nad Sázavou']);
    expect(filterOffices('BRNA')).toEqual(['Magistrát města Brna']);
    expect(filterOffices('  ').length).toBe(OFFICES.length);
  });
});
