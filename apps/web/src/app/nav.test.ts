import { describe, expect, it } from 'vitest';
import { bottomNavItems, isSettingsPath, navKeyOf, SETTINGS_ITEMS, sidebarItems } from './nav.ts';

describe('sidebar', () => {
  it('lists exactly the items of spec §2 without flags', () => {
    expect(sidebarItems({ isDebugAllowed: false, hasVersion21: false }).map((i) => i.label)).toEqual([
      'Můj den',
      'Výcviky',
      'Kalendář',
      'Hlášenky',
      'Kurzy',
      'Zkoušky',
      'Platby',
      'Podpora',
    ]);
  });

  it('adds Debug with the debug flag and the 2.1 items with VERSION_2_1', () => {
    expect(sidebarItems({ isDebugAllowed: true, hasVersion21: true }).map((i) => i.label)).toEqual([
      'Můj den',
      'Výcviky',
      'Kalendář',
      'Hlášenky',
      'Kurzy',
      'Zkoušky',
      'Platby',
      'Debug',
      'Uživatelské Nastavení',
      'Přihláškový formulář',
      'Podpora',
    ]);
  });

  it("adds 'Přehled školy' after Platby for the school's admin only (issue 21 §4)", () => {
    const labels = (isAdmin: boolean) => sidebarItems({ isDebugAllowed: false, hasVersion21: false, isAdmin }).map((i) => i.label);
    expect(labels(true).slice(6, 8)).toEqual(['Platby', 'Přehled školy']);
    expect(labels(false)).not.toContain('Přehled školy');
    expect(navKeyOf('/app/prehled-skoly')).toBe('prehled-skoly');
  });

  it('has the settings group of spec §2', () => {
    expect(SETTINGS_ITEMS.map((i) => i.label)).toEqual([
      'Informace',
      'Provozovatel',
      'Adresa učebny',
      'Vozidla',
      'Učitelé',
      'Osnova výuky',
      'Ceník',
      'Rezervace jízd',
      'Tlumočníci',
      'Štítky',
      'Kontakt',
      'Účet',
      'Tarif',
      'Historie PDF',
      'Průkazky',
    ]);
    expect(SETTINGS_ITEMS[0].path).toBe('/app/settings/info');
    expect(SETTINGS_ITEMS.find((i) => i.label === 'Historie PDF')?.path).toBe('/app/settings/pdf-history');
  });
});

describe('bottom navigation', () => {
  it('has Přehled, Kalendář, Vyhledat, Zkoušky, Více and Debug only with the flag', () => {
    expect(bottomNavItems({ isDebugAllowed: false }).map((i) => i.label)).toEqual(['Přehled', 'Kalendář', 'Vyhledat', 'Zkoušky', 'Více']);
    expect(bottomNavItems({ isDebugAllowed: true }).map((i) => i.label)).toContain('Debug');
    expect(bottomNavItems({ isDebugAllowed: false })[0].path).toBe('/app');
  });
});

describe('navKeyOf', () => {
  it('maps paths to nav keys', () => {
    expect(navKeyOf('/app')).toBe('home');
    expect(navKeyOf('/app/home')).toBe('home');
    expect(navKeyOf('/app/exams/detail/1')).toBe('exams');
    expect(navKeyOf('/app/exams/readiness')).toBe('exams');
    expect(navKeyOf('/app/payments/invoice/1')).toBe('payments');
    expect(navKeyOf('/app/settings/tags')).toBe('settings/tags');
    expect(navKeyOf('/app/tier')).toBe('settings/tier');
    expect(navKeyOf('/app/teachers')).toBe('settings/teachers');
    expect(isSettingsPath('/app/settings/info')).toBe(true);
    expect(isSettingsPath('/app/calendar')).toBe(false);
  });
});
