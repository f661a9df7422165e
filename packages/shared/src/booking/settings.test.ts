import { describe, expect, it } from 'vitest';
import { BOOKING_DEFAULTS, bookingSettingsInput } from './settings.ts';

describe('booking settings input', () => {
  it('takes the defaults as they are', () => {
    expect(bookingSettingsInput.parse(BOOKING_DEFAULTS)).toEqual(BOOKING_DEFAULTS);
  });

  it('sorts and dedupes the ride lengths, allows no reminder', () => {
    expect(bookingSettingsInput.parse({ ...BOOKING_DEFAULTS, rideLengths: [90, 45, 90], reminderHours: null })).toMatchObject({
      rideLengths: [45, 90],
      reminderHours: null,
    });
  });

  it('refuses out-of-bounds values in Czech', () => {
    const msg = (v: object) => {
      const r = bookingSettingsInput.safeParse({ ...BOOKING_DEFAULTS, ...v });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(msg({ horizonDays: 0 })).toBe('Počet dní dopředu musí být celé číslo od 1 do 365.');
    expect(msg({ maxFutureRides: 2.5 })).toBe('Počet naplánovaných jízd musí být celé číslo od 1 do 50.');
    expect(msg({ rideLengths: [] })).toBe('Vyberte alespoň jednu délku jízdy.');
    expect(msg({ rideLengths: [50] })).not.toBeNull();
    expect(msg({ teacherChoice: 'X' })).toBe('Prosím vyberte, s kým si žák může jízdu rezervovat.');
  });
});
