import { describe, expect, it } from 'vitest';
import { isMedicalCertificateTooOld, medicalCertificateWarning, monthsBefore } from './medical.ts';

describe('Lékařský posudek', () => {
  it('counts calendar months back, clamping to the month’s end', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-02-15', 3)).toBe('2025-11-15');
  });

  it('warns only when older than 3 months at admission', () => {
    expect(isMedicalCertificateTooOld('2026-02-15', '2026-05-15')).toBe(false);
    expect(isMedicalCertificateTooOld('2026-02-14', '2026-05-15')).toBe(true);
    expect(isMedicalCertificateTooOld(null, '2026-05-15')).toBe(false);
    expect(medicalCertificateWarning('2025-01-01', '2026-05-15')).toBe('Lékařský posudek je starší než 3 měsíce');
  });
});
