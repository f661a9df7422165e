import { describe, expect, it } from 'vitest';
import { odometerText, signaturesText } from './trainings-text.ts';

describe('odometerText', () => {
  it('names a gap and an overlap in kilometres, and nothing when the ride follows on', () => {
    expect(odometerText(12)).toBe('Mezera 12 km');
    expect(odometerText(-5)).toBe('Překryv 5 km');
    expect(odometerText(0)).toBeNull();
    expect(odometerText(null)).toBeNull();
  });
});

describe('signaturesText', () => {
  it('says which signature is missing', () => {
    expect(signaturesText({ type: 'DRIVING', signed: true, teacherSigned: true })).toBe('Podepsáno');
    expect(signaturesText({ type: 'DRIVING', signed: false, teacherSigned: false })).toBe('Nepodepsáno');
    expect(signaturesText({ type: 'PV_UV', signed: true, teacherSigned: false })).toBe('Chybí podpis učitele');
    expect(signaturesText({ type: 'DRIVING', signed: false, teacherSigned: true })).toBe('Chybí podpis žáka');
    expect(signaturesText({ type: 'CAR_RESERVATION', signed: false, teacherSigned: false })).toBe('—');
  });
});
