import { isPassCodeShape, normalizePassCode, PASS_CODE_ALPHABET, PASS_CODE_LENGTH, passCodeOfHash, studentPassPath } from '@volant/shared/student-pass/code';
import { describe, expect, it } from 'vitest';
import { newPassCode, passCodeMatches } from './pass-code.ts';

describe('newPassCode', () => {
  it('is 8 symbols of the unambiguous alphabet, without 0, O, 1, I or L', () => {
    for (let i = 0; i < 2_000; i++) {
      const code = newPassCode();
      expect(code).toHaveLength(PASS_CODE_LENGTH);
      for (const c of code) expect(PASS_CODE_ALPHABET).toContain(c);
      expect(code).not.toMatch(/[01OIL]/);
      expect(isPassCodeShape(code)).toBe(true);
    }
  });

  it('uses every symbol about equally and rarely repeats a code', () => {
    const counts = new Map<string, number>();
    const codes = new Set<string>();
    const n = 4_000;
    for (let i = 0; i < n; i++) {
      const code = newPassCode();
      codes.add(code);
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(codes.size).toBe(n);
    expect(counts.size).toBe(PASS_CODE_ALPHABET.length);
    const expected = (n * PASS_CODE_LENGTH) / PASS_CODE_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.2);
  });
});

describe('passCodeMatches', () => {
  it('opens with the stored code, whatever its case, spaces or dashes', () => {
    expect(passCodeMatches('ABCD2345', 'ABCD2345')).toBe(true);
    expect(passCodeMatches(' abcd-2345 ', 'ABCD2345')).toBe(true);
    // Codes the database made before (hex) compare without case too.
    expect(passCodeMatches('3F9A0C1B', '3f9a0c1b')).toBe(true);
  });

  it('refuses another code, a prefix, a longer code and any code for an unknown pass', () => {
    expect(passCodeMatches('ABCD2346', 'ABCD2345')).toBe(false);
    expect(passCodeMatches('ABCD234', 'ABCD2345')).toBe(false);
    expect(passCodeMatches('ABCD23455', 'ABCD2345')).toBe(false);
    expect(passCodeMatches('', 'ABCD2345')).toBe(false);
    expect(passCodeMatches('NOBODY00', undefined)).toBe(false);
    expect(passCodeMatches('ABCD2345', undefined)).toBe(false);
  });

  it('accepts codes of any length without throwing (timingSafeEqual needs equal lengths)', () => {
    expect(() => passCodeMatches('x'.repeat(64), 'ABCD2345')).not.toThrow();
    expect(() => passCodeMatches('ž', 'ABCD2345')).not.toThrow();
  });
});

describe('the pass link', () => {
  it('puts the school code and the registration number in the path, escaped, and the student code only in the fragment', () => {
    expect(studentPassPath('K7M2P9QX', '12/2026')).toBe('/student/K7M2P9QX/12%2F2026');
    expect(passCodeOfHash('#kod=ABCD2345')).toBe('ABCD2345');
    expect(passCodeOfHash('')).toBeNull();
    expect(passCodeOfHash('#kod=')).toBeNull();
    expect(normalizePassCode('ab cd-23')).toBe('ABCD23');
  });
});
