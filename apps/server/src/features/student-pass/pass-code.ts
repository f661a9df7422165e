// The pass codes: drawn from the operating system's cryptographic source and compared in constant time.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { normalizePassCode, PASS_CODE_ALPHABET, PASS_CODE_LENGTH } from '@volant/shared/student-pass/code';

/** A new student's or school's pass code: 8 symbols of the unambiguous alphabet, each uniform (randomInt rejects bias). */
export function newPassCode(): string {
  let code = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[randomInt(PASS_CODE_ALPHABET.length)];
  return code;
}

/** A code stored for nobody: an unknown pass is compared against it, so both paths take the same time. */
const NOBODY = 'NOBODY00';

/**
 * Whether the code given opens the pass whose code is `stored` (undefined: no such pass, always false), without
 * case, spaces or dashes. Constant time in the stored code: equal-length buffers through crypto.timingSafeEqual; a
 * given code of another length is padded or cut to the stored length first, so its length shows in no timing.
 */
export function passCodeMatches(given: string, stored: string | undefined): boolean {
  const expected = Buffer.from(normalizePassCode(stored ?? NOBODY));
  const raw = Buffer.from(normalizePassCode(given));
  const candidate = Buffer.alloc(expected.length);
  raw.copy(candidate, 0, 0, expected.length);
  const same = timingSafeEqual(candidate, expected);
  return same && raw.length === expected.length && stored !== undefined;
}

/**
 * The address whose wrong codes are counted together: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64 network (one household or host usually holds a whole /64, so counting single IPv6 addresses
 * would let one client rotate through 2^64 of them).
 */
export function attemptAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
